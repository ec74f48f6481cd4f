/** Saving the newsletter's subscribers as CSV (admin only; the server logs each export), the way account exports are saved. */
import { lazyCalls } from './lazy-calls';
import type { ApiClient, FileSaver } from './ports';

const newsletterCalls = lazyCalls(() => import('../contract/newsletter'));

export async function saveSubscribersCsv(api: ApiClient, files: FileSaver, now: number): Promise<void> {
  const bytes = await newsletterCalls((calls) => api.call(calls.exportSubscribers));
  files.save(bytes, `newsletter-subscribers-${new Date(now).toISOString().slice(0, 10)}.csv`, 'text/csv');
}
