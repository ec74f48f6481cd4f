/** How to reach the team, from the server's settings (issue 41 item 12); null until the answer is here. */
import type { SiteContact } from '../../domain/site';
import { siteContact } from '../calls';
import { useQuery } from './use-query';

export function useSiteContact(): SiteContact | null {
  const answer = useQuery(siteContact);
  return answer.status === 'success' ? answer.data.contact : null;
}
