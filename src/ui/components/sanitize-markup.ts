/**
 * The browser's sanitizer of stored HTML: DOMPurify, in place, in one inert document. The server's render builds
 * sanitize-markup.server.ts in its place (rspack.config.ts), so that jsdom is never loaded on the server (ADR 129).
 */
import DOMPurify from 'isomorphic-dompurify';
import { mentionAttributes } from '../../domain/mentions';
import { type HtmlProfile, PICTURES, PROFILES, pictureWidths, tableRegionNames } from './html-profiles';

let hooked = false;
/** The pictures the profile being cleaned keeps (the hook is one for every profile). */
let pictures: RegExp | null = null;
function purifier() {
  if (!hooked) {
    hooked = true;
    // Links open in a new tab without handing the opener to the other site.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        // A mention (ADR 150) keeps exactly its id and its profile's path; any other link opens in a new tab.
        const mention = mentionAttributes({ 'data-mention': node.getAttribute('data-mention') ?? undefined, href: node.getAttribute('href') ?? undefined });
        for (const name of node.getAttributeNames()) if (mention || name === 'data-mention') node.removeAttribute(name);
        if (mention) {
          node.setAttribute('data-mention', mention['data-mention']);
          node.setAttribute('href', mention.href);
        } else {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer nofollow');
        }
      }
      if (node.tagName === 'IMG') {
        const src = node.getAttribute('src') ?? '';
        if (!pictures?.test(src)) {
          node.remove();
          return;
        }
        node.removeAttribute('srcset');
        node.removeAttribute('sizes');
        const widths = pictureWidths(src);
        if (widths) {
          node.setAttribute('srcset', widths.srcset);
          node.setAttribute('sizes', widths.sizes);
        }
      }
    });
  }
  return DOMPurify;
}

let inert: Document | null = null;

export function sanitizeMarkup(html: string, profile: HtmlProfile): string {
  // Parsed into an element of one inert document (no scripts run and nothing loads there) and cleaned in place:
  // DOMPurify's string mode builds a new document per call, the larger part of the cost of a 200-comment thread.
  const allowed = { ALLOWED_TAGS: [...PROFILES[profile].ALLOWED_TAGS], ALLOWED_ATTR: [...PROFILES[profile].ALLOWED_ATTR], ALLOW_DATA_ATTR: false };
  let holder: HTMLElement;
  pictures = PICTURES[profile];
  if (typeof document === 'undefined') {
    // Node without the render build's replacement (a script or a test): DOMPurify parses into its own document (jsdom).
    holder = purifier().sanitize(html, { ...allowed, RETURN_DOM: true }) as unknown as HTMLElement;
  } else {
    inert ??= document.implementation.createHTMLDocument('');
    holder = inert.createElement('blockquote');
    holder.innerHTML = html;
    purifier().sanitize(holder, { ...allowed, IN_PLACE: true });
  }
  if (profile === 'lesson') wrapTables(holder);
  return holder.innerHTML;
}

/**
 * A lesson's tables scroll sideways inside their own region on narrow screens instead of squeezing their words (WCAG
 * 1.4.10 exempts tables); the region is focusable so a keyboard can scroll it, and named by the table's headings.
 */
function wrapTables(holder: HTMLElement) {
  const tables = [...holder.querySelectorAll('table')];
  const names = tableRegionNames(tables.map((table) => [...table.querySelectorAll('th')].map((th) => th.textContent ?? '')));
  tables.forEach((table, i) => {
    const region = holder.ownerDocument.createElement('div');
    region.className = 'table-scroll';
    region.setAttribute('role', 'region');
    region.setAttribute('tabindex', '0');
    region.setAttribute('aria-label', names[i]!);
    table.replaceWith(region);
    region.append(table);
  });
}
