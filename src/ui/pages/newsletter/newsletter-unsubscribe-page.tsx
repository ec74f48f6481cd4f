/** The page a newsletter's 'Unsubscribe' link opens (ADR 139): its button unsubscribes (mail programs POST directly). */
import { useParams } from 'wouter';
import { unsubscribe } from '../../calls';
import { SubscriptionAction } from './subscription-action';

export default function NewsletterUnsubscribePage() {
  const { token = '' } = useParams<{ token: string }>();
  return (
    <SubscriptionAction title="Unsubscribe from the newsletter" lead="Press the button and no more newsletters will be sent to you."
      button="Unsubscribe" busyLabel="Unsubscribing..." call={unsubscribe} token={token}
      failed="Could not unsubscribe you. Please try again." />
  );
}
