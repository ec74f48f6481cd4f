/**
 * How to reach the team, from the server's settings (issue 41 item 12). Asked once, at the top of the app: the footer
 * and the pages that name the address read it from here. (Each page-data answer serves one view; a page hydrated after
 * the footer would otherwise find it spent and draw other words than the server did.) Null until the answer is here.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { SiteContact } from '../../domain/site';
import { siteContact } from '../calls';
import { useQuery } from './use-query';

const SiteContactContext = createContext<SiteContact | null>(null);

export function SiteContactProvider({ children }: { children: ReactNode }) {
  const answer = useQuery(siteContact);
  return <SiteContactContext.Provider value={answer.status === 'success' ? answer.data.contact : null}>{children}</SiteContactContext.Provider>;
}

export function useSiteContact(): SiteContact | null {
  return useContext(SiteContactContext);
}
