/** The newsletter's words (issue 36 item 4), shared by the server's answers and the pages that show them. */
export const NEWSLETTER_TEXT = {
  /** The same answer for a new, pending, confirmed or unsubscribed address: nobody learns who subscribed. */
  subscribed: 'Thank you! Check your inbox: follow the link in our email to confirm your subscription.',
  confirmed: 'Your subscription is confirmed. The next newsletter will come to your inbox.',
  unsubscribed: 'You are unsubscribed. No more newsletters will be sent to you.',
  badLink: 'This link is not valid any more. You can subscribe again with the newsletter box at the foot of any page.',
  testSent: 'A test was sent to your email address.',
  notDraft: 'This issue has been sent and can no longer be changed.',
  noSubscribers: 'There are no confirmed subscribers to send to yet.',
} as const;

/** How many subscribers one job of a send mails before the next job takes over. */
export const NEWSLETTER_BATCH_SIZE = 100;

/** The page address of a sent issue: its subject as words, then the day it was sent, so two issues never clash. */
export function issueSlug(subject: string, sentAt: Date): string {
  const words = subject.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return `${words || 'newsletter'}-${sentAt.toISOString().slice(0, 10)}`;
}

/** How far a send has come, as a whole percentage (100 when there was nobody to send to). */
export function sendProgress(delivered: number, recipients: number): number {
  return recipients <= 0 ? 100 : Math.min(100, Math.floor((delivered / recipients) * 100));
}
