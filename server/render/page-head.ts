/**
 * The <head> of a page the server renders (ADR 101): the title the page itself sets (so nothing changes when it
 * hydrates), a description, the canonical link, Open Graph and Twitter card tags, `noindex` on members' pages, and
 * JSON-LD: Organization on every page, BreadcrumbList below home, Article on an article, Course on a course.
 *
 * A leaf (renderers import no service): what it reads comes through HeadDeps, whose methods the services answer
 * (ContentService, LearningService, CertificateService, WorkshopService). A page named by an id costs one lookup of
 * one or two indexed queries; every other page costs none.
 *
 * The screens below follow src/ui/route-table.ts (which the server may not import) in its order and with wouter's
 * matching: case-insensitive, an optional trailing slash, the path decoded with decodeURI. test/server/seo.test.ts
 * checks the two agree.
 */
import { EDITORIAL_TEAM } from '../../src/domain/content';
import { DEFAULT_IMAGE, documentTitle, type HeadDeps, type HeadPage, type PageHead, SITE_LOGO, SITE_NAME } from './page-head-model';
import { missing, type Params, SCREENS, type Screen, wouterPath } from './page-screens';

export * from './page-head-model';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON for a <script> element: no `<` (nor `>`, `&`, or a line separator) can end it or open a comment in it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** A site path or an http(s) URL made absolute; null for anything else (a `javascript:` URL, a blank). */
function absoluteUrl(pathOrUrl: string, base: string): string | null {
  if (pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//')) return `${base}${pathOrUrl}`;
  try {
    const url = new URL(pathOrUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The tags of one page: <title>, description, robots, canonical, Open Graph, Twitter card, JSON-LD. */
export function headTags(page: HeadPage, publicUrl: string): string {
  const base = origin(publicUrl);
  const organization = {
    '@type': 'Organization', '@id': `${base}/#organization`, name: SITE_NAME, url: `${base}/`,
    logo: { '@type': 'ImageObject', url: `${base}${SITE_LOGO.url}`, width: SITE_LOGO.size, height: SITE_LOGO.size },
  };
  const url = page.path === null ? null : `${base}${page.path}`;
  const image = page.image && absoluteUrl(page.image.url, base);
  const imageAlt = image ? page.image?.alt : undefined;
  const socialTitle = page.title || SITE_NAME;
  const description = oneLine(page.description);
  const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${escapeHtml(content)}">`;

  const tags = [`<title>${escapeHtml(documentTitle(page.title))}</title>`, meta('name', 'description', description)];
  if (page.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (url) tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  tags.push(
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', page.subject?.type === 'Article' ? 'article' : 'website'),
    meta('property', 'og:title', socialTitle),
    meta('property', 'og:description', description),
  );
  if (url) tags.push(meta('property', 'og:url', url));
  if (image) tags.push(meta('property', 'og:image', image));
  if (imageAlt) tags.push(meta('property', 'og:image:alt', imageAlt));
  if (page.subject?.type === 'Article') {
    tags.push(meta('property', 'article:published_time', page.subject.published));
    tags.push(meta('property', 'article:modified_time', page.subject.modified));
    if (page.subject.section) tags.push(meta('property', 'article:section', page.subject.section));
  }
  tags.push(
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', socialTitle),
    meta('name', 'twitter:description', description),
  );
  if (image) tags.push(meta('name', 'twitter:image', image));
  if (imageAlt) tags.push(meta('name', 'twitter:image:alt', imageAlt));

  const graphs: Record<string, unknown>[] = [{ '@context': 'https://schema.org', ...organization }];
  if (page.trail.length > 0) {
    const steps = [{ name: 'Home', path: '/' }, ...page.trail];
    graphs.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: steps.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: `${base}${step.path}` })),
    });
  }
  if (page.subject?.type === 'Article') {
    graphs.push({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: page.title,
      description,
      ...(image ? { image: [image] } : {}),
      datePublished: page.subject.published,
      dateModified: page.subject.modified,
      // The editorial team is not a person (ADR 153): it is named as an organization.
      ...(page.subject.author ? { author: { '@type': page.subject.author === EDITORIAL_TEAM ? 'Organization' : 'Person', name: page.subject.author } } : {}),
      ...(page.subject.section ? { articleSection: page.subject.section } : {}),
      publisher: organization,
      ...(url ? { url, mainEntityOfPage: { '@type': 'WebPage', '@id': url } } : {}),
    });
  } else if (page.subject?.type === 'Course') {
    graphs.push({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: page.title,
      description,
      provider: organization,
      ...(image ? { image } : {}),
      ...(url ? { url } : {}),
    });
  }
  for (const graph of graphs) tags.push(`<script type="application/ld+json">${scriptJson(graph)}</script>`);
  return tags.join('\n');
}


/** The regexparam pattern wouter matches a route with: case-insensitive, an optional trailing slash. */
function matcherOf(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const body = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) {
        keys.push(segment.slice(1));
        return '/([^/]+?)';
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return { pattern: new RegExp(`^${body}/?$`, 'i'), keys };
}

const MATCHERS = SCREENS.map((screen) => ({ screen, ...matcherOf(screen.path) }));

/** The screen a URL shows and its params, as wouter's Switch picks it (the first match wins); undefined for none. */
function screenOf(url: URL): { screen: Screen; params: Params } | undefined {
  const path = wouterPath(url);
  for (const { screen, pattern, keys } of MATCHERS) {
    const match = pattern.exec(path);
    if (match) return { screen, params: Object.fromEntries(keys.map((key, i) => [key, match[i + 1] ?? ''])) };
  }
  return undefined;
}

/** The page's model: what `headTags` writes for the URL. */
export async function headPageFor(url: URL, deps: HeadDeps): Promise<HeadPage> {
  const found = screenOf(url);
  const draft = found ? await found.screen.head(found.params, url, deps) : missing('Page not found');
  const image = draft.image && absoluteUrl(draft.image.url, origin(deps.publicUrl)) ? draft.image : DEFAULT_IMAGE;
  return { ...draft, status: draft.status ?? 200, noindex: draft.noindex ?? found?.screen.members ?? true, image };
}

/** The head of the page at `url`: its document title, its status, and its tags. */
export async function headFor(url: URL, deps: HeadDeps): Promise<PageHead> {
  const page = await headPageFor(url, deps);
  return { title: documentTitle(page.title), status: page.status, tags: headTags(page, deps.publicUrl) };
}

/** The screens' paths and whether each is for members (for tests: they must be src/ui/route-table.ts's). */
export const HEAD_SCREENS: readonly { path: string; members: boolean }[] = SCREENS.map(({ path, members: m }) => ({ path, members: m }));
