/** The page the confirmation mail links to (double opt-in, ADR 139): its button confirms the subscription. */
import { useParams } from 'wouter';
import { confirmSubscription } from '../../calls';
import { SubscriptionAction } from './subscription-action';

export default function NewsletterConfirmPage() {
  const { token = '' } = useParams<{ token: string }>();
  return (
    <SubscriptionAction title="Confirm your subscription" lead="Press the button to start receiving the SustainLearn newsletter, once a month."
      button="Confirm my subscription" busyLabel="Confirming..." call={confirmSubscription} token={token}
      failed="Could not confirm your subscription. Please try again." />
  );
}
