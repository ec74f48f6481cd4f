/**
 * What crawlers read at the site's root (ADR 101): /sitemap.xml (the public pages without a parameter and every
 * article, absolute, an article's lastmod its publication date) and /robots.txt (everything allowed but the members'
 * pages and the API, and where the sitemap is). The sitemap is kept in memory like content answers: until a content
 * import (the `content` change, ADR 061) or CONTENT_CACHE_SECONDS; robots.txt never changes while the server runs.
 *
 * The lists of pages follow src/ui/route-table.ts (which the server may not import): test/server/seo.test.ts checks
 * them against it.
 */
import type { FastifyInstance } from 'fastify';
import { escapeMarkup } from '../../src/domain/text';
import { KeptUntilChanged } from '../http/kept';
import type { ContentService } from '../services/content';

/** The route table's public pages without a parameter, but for signing in, signing up and resetting a password. */
export const SITEMAP_PAGES = ['/', '/articles', '/sustain-community', '/contact', '/accessibility', '/search', '/sustainlearn'] as const;

/** The first segment of every members' page of the route table (robots.txt matches by prefix). */
export const MEMBERS_PATHS = [
  '/discussion', '/courses', '/workshops', '/ebook', '/research-papers', '/newsletters', '/quiz', '/case-studies', '/profile', '/learning', '/members', '/staff', '/notifications',
  '/bookmarks',
  '/cpd',
] as const;

export interface SeoDeps {
  content: Pick<ContentService, 'articleDates'>;
  /** The site's origin, e.g. https://learn.example.org (config.publicUrl). */
  publicUrl: string;
  /** config.apiBasePath, e.g. /api. */
  apiBasePath: string;
  now?: () => number;
}

/** The sitemap protocol's document (sitemaps.org 0.9). */
export function sitemapXml(origin: string, articles: readonly { _id: string; publishedAt: string }[]): string {
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${escapeMarkup(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  const newest = articles.reduce<string | undefined>((max, a) => (max === undefined || a.publishedAt > max ? a.publishedAt : max), undefined);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PAGES.map((path) => url(path, path === '/articles' ? newest : undefined)),
    ...articles.map((a) => url(`/articles/${encodeURIComponent(a._id)}`, a.publishedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string, apiBasePath: string): string {
  return [
    'User-agent: *',
    // The Disallow lines come first: parsers that take the first matching line (Python's urllib.robotparser) and those
    // that take the longest (RFC 9309) then agree on every path.
    ...MEMBERS_PATHS.map((path) => `Disallow: ${path}`),
    `Disallow: ${apiBasePath.replace(/\/+$/, '')}/`,
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function seoRoutes(app: FastifyInstance, { content, publicUrl, apiBasePath, now = Date.now }: SeoDeps) {
  const origin = publicUrl.replace(/\/+$/, '');
  const robots = robotsTxt(origin, apiBasePath);
  const sitemap = new KeptUntilChanged<string>({ maxAgeMs: app.contentCacheSeconds * 1000, maxSize: 16 * 1024 * 1024, sizeOf: (s) => s.length, now });
  // An import in another process tells every server on the database (ADR 061); this one's own writes are not content.
  app.changes.subscribe((topic) => {
    if (topic === 'content') sitemap.changed();
  });
  // Content published in the browser on this process (ADR 157).
  app.onContentChangedHere(() => sitemap.changed());

  app.get('/sitemap.xml', async (_request, reply) => {
    const body = await sitemap.get('sitemap', async () => sitemapXml(origin, await content.articleDates()));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robots));
}
