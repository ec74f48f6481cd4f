/**
 * Renders stored rich HTML (articles, slides, posts) through a sanitizer. The server already sanitizes on the way in;
 * this is the second fence on the way out, so a row changed behind the server's back still cannot run script. The
 * browser's is DOMPurify; the server's render builds another with the same allowlists in its place (sanitize-markup.ts).
 */
import { type ElementType, useMemo } from 'react';
import type { HtmlProfile } from './html-profiles';
import { sanitizeMarkup } from './sanitize-markup';

/**
 * Sanitized answers by input: a thread read again after a like or a reply renders the same comments again. Bounded by
 * count and by characters (inputs and answers), since the server's render keeps one for the life of the process.
 */
const CACHE_LIMIT = 1000;
const CACHE_CHARS = 1_000_000;
const caches: Record<HtmlProfile, { kept: Map<string, string>; chars: number }> = {
  rich: { kept: new Map(), chars: 0 },
  article: { kept: new Map(), chars: 0 },
  lesson: { kept: new Map(), chars: 0 },
};

export function sanitizeHtml(html: string, profile: HtmlProfile = 'rich'): string {
  const cache = caches[profile];
  const hit = cache.kept.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeMarkup(html, profile);
  const chars = html.length + clean.length;
  if (chars > CACHE_CHARS) return clean;
  if (cache.kept.size >= CACHE_LIMIT || cache.chars + chars > CACHE_CHARS) {
    cache.kept.clear();
    cache.chars = 0;
  }
  cache.kept.set(html, clean);
  cache.chars += chars;
  return clean;
}

export function SafeHtml({ html, className, as: Tag = 'div', profile = 'rich' }: { html: string; className?: string; as?: ElementType; profile?: HtmlProfile }) {
  const clean = useMemo(() => sanitizeHtml(html, profile), [html, profile]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized just above
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
