/** Giving back a workshop place from 'My learning' (the workshop's own page uses the workshop machine). */
import { lazyCalls } from './lazy-calls';
import type { ApiClient } from './ports';

/** The workshop calls load with the first cancellation, not with the page that offers it. */
const workshopCalls = lazyCalls(() => import('../contract/workshops'));

export async function cancelWorkshopPlace(api: ApiClient, id: string): Promise<string> {
  const answer = await workshopCalls((calls) => api.call(calls.cancelWorkshopRegistration, { params: { id } }));
  return answer.message;
}
