/** How the console names an issue's status. */
import type { NewsletterIssue } from '../../../contract/newsletter';

export const STATUS_LABELS: Record<NewsletterIssue['status'], string> = { draft: 'Draft', sending: 'Sending', sent: 'Sent', failed: 'Failed' };
