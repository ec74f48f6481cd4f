/**
 * The renderer port (ADR 100): what the server asks of the page bundle that rspack builds from src/ui/server-entry.tsx,
 * and what it gets back. The server loads the built bundle through this port and never imports src/ui.
 */
import type { ScreenGuess } from '../domain/screen';
import type { ThemeChoice } from '../domain/theme';

/** The server's own in-process fetch: `/api/...` answered by the same routes, with no network hop. */
export type RenderFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The query parameters a screen reads (search's `q` and `type`, the topic's `category` and `subcategory`, sign-in's
 * `from`; in the staff console: member search's and the inbox's `page`, workshops' `when`, analytics' `days`, the
 * inbox's `status`, the audit log's `actor` and `action`, the moderation queue's `show`). The server keeps pages for visitors by these alone
 * (ADR 125): a screen that reads a new one names it here.
 */
export const PAGE_QUERY_PARAMETERS = ['q', 'type', 'category', 'subcategory', 'from', 'page', 'when', 'days', 'status', 'actor', 'action', 'access', 'level', 'show', 'body'] as const;

/**
 * The id of the JSON element that names the chunks a page's inline loader preloads after its first paint (ADR 190):
 * the whole route table in the built index.html, only the drawn page's own in a page the server draws.
 */
export const PRELOADS_ELEMENT_ID = 'sl-preload';

/**
 * What that element holds: the app's own scripts, run once the page has painted, and the chunks its start loads; the
 * page chunks' files, the routes (pattern source, members only, indexes into those files); what is prefetched.
 */
export interface PreloadTable {
  m: string[];
  b: string[];
  f: string[];
  r: [pattern: string, signedIn: 0 | 1, files: number[]][];
  a: string[];
}

export interface RenderRequest {
  /** Path and query string, e.g. `/articles/abc?x=1`. */
  url: string;
  /** The token cookie's value, or null. */
  token: string | null;
  /** The theme cookie's choice (ADR 165): the page's theme controls are drawn showing it. */
  theme: ThemeChoice;
  /** The screen the request's browser most likely has (ADR 185): views that differ by media query are drawn for it. */
  screen: ScreenGuess;
  fetch: RenderFetch;
}

export interface RenderResult {
  /** 200, or 404 when no screen matched. */
  status: number;
  /** Where the page sends the visitor instead (a members' page with nobody signed in): answered as a redirect. */
  redirect: string | null;
  /** The markup of `#root`. */
  html: string;
  /** The page's data as JSON (answers and machine snapshots), for hydration. */
  data: string;
  /** Whether the token named a member; a token that does not is dropped by the answer. */
  signedIn: boolean;
  /** The screen the URL shows (a name of the route table), or null. */
  page: string | null;
}

export interface PageRenderer {
  render(request: RenderRequest): Promise<RenderResult>;
}
