/**
 * The preload table in a page the server draws (ADR 190). The built index.html carries the whole route table for its
 * inline loader, which preloads the chunks of the first route matching the address once the page has painted. A page
 * the server draws carries only that route's row and files, picked here the same way: 2 KB less in its first flight.
 */
import { PRELOADS_ELEMENT_ID, type PreloadTable } from '../../src/contract/page-render';

const ELEMENT = new RegExp(`<script id="${PRELOADS_ELEMENT_ID}" type="application/json">([\\s\\S]*?)</script>`);

/** The whole table a built index.html carries, or null. */
export function preloadTableOf(html: string): PreloadTable | null {
  const match = ELEMENT.exec(html);
  return match ? (JSON.parse(match[1]!) as PreloadTable) : null;
}

/** The table a page at this path needs, as JSON safe inside its element. */
export type PreloadsFor = (pathname: string) => string;

/** The template's table, and what each path takes of it; null when the template has none. */
export function preloadsOf(template: string): PreloadsFor | null {
  const table = preloadTableOf(template);
  if (!table) return null;
  const patterns = table.r.map(([source]) => new RegExp(source));
  // One answer per route (and one for none), made on first demand.
  const made = new Map<number, string>();
  return (pathname) => {
    const index = patterns.findIndex((pattern) => pattern.test(pathname));
    let json = made.get(index);
    if (json === undefined) {
      const row = table.r[index];
      const own: PreloadTable = row
        ? { ...table, f: row[2].map((file) => table.f[file]!), r: [[row[0], row[1], row[2].map((_, i) => i)]] }
        : { ...table, f: [], r: [] };
      json = JSON.stringify(own).replace(/</g, '\\u003c');
      made.set(index, json);
    }
    return json;
  };
}

/** The document with its table replaced by `json`. */
export function withPreloads(html: string, json: string): string {
  return html.replace(ELEMENT, () => `<script id="${PRELOADS_ELEMENT_ID}" type="application/json">${json}</script>`);
}
