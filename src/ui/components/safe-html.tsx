/**
 * Renders stored rich HTML (articles, slides, posts) through DOMPurify. The server already sanitizes on the way in;
 * this is the second fence on the way out, so a row changed behind the server's back still cannot run script.
 */
import DOMPurify from 'isomorphic-dompurify';
import { type ElementType, useMemo } from 'react';

const RICH_TAGS = ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre'];

/**
 * What each kind of stored HTML may hold, as the server's allowlists (server/render/sanitize.ts): rich text for
 * articles, slides, posts and comments; lessons add tables and the product's own figures.
 */
const PROFILES = {
  rich: { ALLOWED_TAGS: RICH_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'] },
  lesson: {
    ALLOWED_TAGS: [...RICH_TAGS, 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'figure', 'figcaption', 'hr'],
    ALLOWED_ATTR: ['href', 'target', 'rel', 'src', 'alt', 'width', 'height', 'loading', 'scope', 'align'],
  },
} as const;
export type HtmlProfile = keyof typeof PROFILES;

/** A lesson figure is one of the product's own SVGs; any other picture source is dropped with its element. */
const LESSON_FIGURE = /^\/media\/lessons\/[a-z0-9-]+\/[a-z0-9-]+\.svg$/;

let hooked = false;
function purifier() {
  if (!hooked) {
    hooked = true;
    // Links open in a new tab without handing the opener to the other site.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
      if (node.tagName === 'IMG' && !LESSON_FIGURE.test(node.getAttribute('src') ?? '')) node.remove();
    });
  }
  return DOMPurify;
}

// Sanitized answers by input: a thread read again after a like or a reply renders the same comments again.
const CACHE_LIMIT = 1000;
const caches: Record<HtmlProfile, Map<string, string>> = { rich: new Map(), lesson: new Map() };
let inert: Document | null = null;

export function sanitizeHtml(html: string, profile: HtmlProfile = 'rich'): string {
  const cache = caches[profile];
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  // Parsed into an element of one inert document (no scripts run and nothing loads there) and cleaned in place:
  // DOMPurify's string mode builds a new document per call, the larger part of the cost of a 200-comment thread.
  const allowed = { ALLOWED_TAGS: [...PROFILES[profile].ALLOWED_TAGS], ALLOWED_ATTR: [...PROFILES[profile].ALLOWED_ATTR] };
  let holder: HTMLElement;
  if (typeof document === 'undefined') {
    // The server's render (ADR 100): DOMPurify parses into its own document (jsdom), and the same hooks clean it.
    holder = purifier().sanitize(html, { ...allowed, RETURN_DOM: true }) as unknown as HTMLElement;
  } else {
    inert ??= document.implementation.createHTMLDocument('');
    holder = inert.createElement('blockquote');
    holder.innerHTML = html;
    purifier().sanitize(holder, { ...allowed, IN_PLACE: true });
  }
  if (profile === 'lesson') wrapTables(holder);
  const clean = holder.innerHTML;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(html, clean);
  return clean;
}

/**
 * A lesson's tables scroll sideways inside their own region on narrow screens instead of squeezing their words (WCAG
 * 1.4.10 exempts tables); the region is focusable so a keyboard can scroll it, and named by the table's headings.
 */
function wrapTables(holder: HTMLElement) {
  const names = new Set<string>();
  for (const table of holder.querySelectorAll('table')) {
    const headings = [...table.querySelectorAll('th')].map((th) => th.textContent?.trim()).filter(Boolean).join(', ');
    let name = headings ? `Table: ${headings}` : 'Table';
    for (let n = 2; names.has(name); n++) name = `${headings ? `Table: ${headings}` : 'Table'} (${n})`;
    names.add(name);
    const region = holder.ownerDocument.createElement('div');
    region.className = 'table-scroll';
    region.setAttribute('role', 'region');
    region.setAttribute('tabindex', '0');
    region.setAttribute('aria-label', name);
    table.replaceWith(region);
    region.append(table);
  }
}

export function SafeHtml({ html, className, as: Tag = 'div', profile = 'rich' }: { html: string; className?: string; as?: ElementType; profile?: HtmlProfile }) {
  const clean = useMemo(() => sanitizeHtml(html, profile), [html, profile]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized by DOMPurify just above
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
