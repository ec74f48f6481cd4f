/** Giving back a workshop place from 'My learning' (the workshop's own page uses the workshop machine). */
import { cancelWorkshopRegistration } from '../contract/workshops';
import type { ApiClient } from './ports';

export async function cancelWorkshopPlace(api: ApiClient, id: string): Promise<string> {
  const answer = await api.call(cancelWorkshopRegistration, { params: { id } });
  return answer.message;
}
