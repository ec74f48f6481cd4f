/**
 * Renders stored rich HTML (articles, slides, posts) through DOMPurify. The server already sanitizes on the way in;
 * this is the second fence on the way out, so a row changed behind the server's back still cannot run script.
 */
import DOMPurify from 'isomorphic-dompurify';
import { type ElementType, useMemo } from 'react';

const ALLOWED_TAGS = ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre'];

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
    });
  }
  return DOMPurify;
}

// Sanitized answers by input: a thread read again after a like or a reply renders the same comments again.
const CACHE_LIMIT = 1000;
const cache = new Map<string, string>();
let inert: Document | null = null;

export function sanitizeHtml(html: string): string {
  const hit = cache.get(html);
  if (hit !== undefined) return hit;
  // Parsed into an element of one inert document (no scripts run and nothing loads there) and cleaned in place:
  // DOMPurify's string mode builds a new document per call, the larger part of the cost of a 200-comment thread.
  inert ??= document.implementation.createHTMLDocument('');
  const holder = inert.createElement('blockquote');
  holder.innerHTML = html;
  purifier().sanitize(holder, { ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'], IN_PLACE: true });
  const clean = holder.innerHTML;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(html, clean);
  return clean;
}

export function SafeHtml({ html, className, as: Tag = 'div' }: { html: string; className?: string; as?: ElementType }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized by DOMPurify just above
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
