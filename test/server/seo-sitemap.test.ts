/**
 * What crawlers read first (ADR 101): /sitemap.xml, read with a real XML parser, and /robots.txt, read by a first-match
 * parser (Python's urllib.robotparser) and an RFC 9309 one, over HTTP. The app is the one the server builds, on PGlite
 * (and PostgreSQL when DATABASE_URL is set) with the seeded content; the seo routes are registered on it as
 * server/app.ts registers them. The head of each page is in seo-heads.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/data/client';
import { articles } from '../../server/data/schema';
import { MEMBERS_PATHS, SITEMAP_PAGES } from '../../server/routes/seo';
import { ROUTE_TABLE } from '../../src/ui/route-table';
import { ABOUT_SLUG } from '../../src/ui/routes';
import { allArticles, CACHE_SECONDS, describeWithSite, SITE } from './seo';

describeWithSite('sitemap and robots.txt', (site) => {
  const sitemap = async () => {
    const res = await site().app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(XMLValidator.validate(res.body)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' }).parse(res.body);
    return { res, urlset: parsed.urlset as { '@_xmlns': string; url: { loc: string; lastmod?: string }[] } };
  };

  describe('/sitemap.xml', () => {
    it('lists home, the public pages and every article, absolute, an article with its date', async () => {
      const { res, urlset } = await sitemap();
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      const locs = urlset.url.map((u) => u.loc);
      for (const loc of locs) expect(loc.startsWith(`${SITE}/`), loc).toBe(true);
      expect(new Set(locs).size).toBe(locs.length);
      expect(locs).toContain(`${SITE}/`);
      expect(locs).toContain(`${SITE}/articles`);
      const seeded = await allArticles(site().app);
      expect(seeded.length).toBeGreaterThanOrEqual(21);
      for (const article of seeded) {
        const entry = urlset.url.find((u) => u.loc === `${SITE}/articles/${article._id}`);
        expect(entry, article.title).toBeDefined();
        expect(entry!.lastmod).toBe(article.createdAt.slice(0, 10));
      }
      expect(locs).toHaveLength(SITEMAP_PAGES.length + seeded.length);
    });

    // The account pages, and /offline (what one device keeps, ADR 174), are no one's to find by search.
    it("lists exactly the route table's public pages without a parameter, but for the account pages and /offline", async () => {
      const expected = ROUTE_TABLE.filter((r) => !r.signedIn && !r.path.includes(':') && !['/login', '/signup', '/forgot-password', '/offline'].includes(r.path))
        .map((r) => `${SITE}${r.path === '/' ? '/' : r.path}`);
      const locs = (await sitemap()).urlset.url.map((u) => u.loc).filter((loc) => !loc.startsWith(`${SITE}/articles/`));
      expect(locs.sort()).toEqual(expected.sort());
      expect(locs).toContain(`${SITE}/${ABOUT_SLUG}`);
      for (const loc of locs) expect(loc).not.toMatch(/\/(certificates|login|signup|courses|discussion)/);
    });

    it('is kept until the content changes (an import elsewhere) or CONTENT_CACHE_SECONDS', async () => {
      const before = (await sitemap()).urlset.url.length;
      const [added] = await site().database.db.insert(articles).values({
        slug: 'seo-test-article', title: 'A later article', description: 'Added behind the server’s back.', content: '<p>x</p>',
        imageUrl: '', category: 'carbon', author: 'Test', readTime: 1, publishedAt: new Date('2030-01-02T00:00:00Z'),
      }).returning({ id: articles.id });
      const listed = async () => (await sitemap()).urlset.url.some((u) => u.loc === `${SITE}/articles/${added!.id}`);
      try {
        expect(await listed()).toBe(false);
        expect((await sitemap()).urlset.url).toHaveLength(before);
        if (site().kind === 'postgres') {
          // Another process on the database (content:import) says the content changed.
          const other = await openDatabase({ databaseUrl: site().databaseUrl, dataDir: null });
          try {
            let seen = false;
            for (let i = 0; i < 50 && !seen; i++) {
              if (i % 10 === 0) await other.changes.publish('content');
              await new Promise((r) => setTimeout(r, 100));
              seen = await listed();
            }
            expect(seen).toBe(true);
          } finally {
            await other.close();
          }
        } else {
          site().clock.advance(CACHE_SECONDS * 1000 + 1);
          expect(await listed()).toBe(true);
        }
        const entry = (await sitemap()).urlset.url.find((u) => u.loc === `${SITE}/articles/${added!.id}`);
        expect(entry!.lastmod).toBe('2030-01-02');
        // The list page's lastmod is its newest article's date.
        expect((await sitemap()).urlset.url.find((u) => u.loc === `${SITE}/articles`)!.lastmod).toBe('2030-01-02');
      } finally {
        await site().database.db.delete(articles).where(eq(articles.id, added!.id));
        site().clock.advance(CACHE_SECONDS * 1000 + 1);
      }
    });
  });

  describe('/robots.txt', () => {
    it('allows everything but the members’ pages and the API, and names the sitemap', async () => {
      const res = await site().app.inject({ method: 'GET', url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const lines = res.body.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      expect(lines).toContain('Allow: /');
      expect(lines).toContain('Disallow: /api/');
      expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
      const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
      expect(disallowed.sort()).toEqual([...MEMBERS_PATHS, '/api/'].sort());
      // Robots rules match by prefix: every members' page is covered, and no public page is.
      const sample = (path: string) => path.replace(/:[A-Za-z]+/g, 'x');
      for (const route of ROUTE_TABLE) {
        const blocked = disallowed.some((rule) => sample(route.path).startsWith(rule));
        expect(blocked, route.path).toBe(route.signedIn);
      }
      expect((await site().app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
    });

    it("reads the same to a first-match parser (Python's urllib.robotparser) and an RFC 9309 one, on every path", async () => {
      const body = (await site().app.inject({ method: 'GET', url: '/robots.txt' })).body;
      const sitemap = (await site().app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      const paths = [
        ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
        ...ROUTE_TABLE.map((route) => route.path.replace(/:[A-Za-z]+/g, 'x')),
        '/api/', '/api/courses', '/api/health', '/courses', '/profile', '/articles',
      ];
      const rfc = robotsParser(`${SITE}/robots.txt`, body);
      const python = spawnSync('python3', ['-c', [
        'import sys, json, urllib.robotparser',
        'p = urllib.robotparser.RobotFileParser()',
        'p.parse(json.loads(sys.stdin.readline()))',
        'for path in json.loads(sys.stdin.readline()): print("1" if p.can_fetch("SomeBot", path) else "0")',
      ].join('\n')], { input: `${JSON.stringify(body.split('\n'))}\n${JSON.stringify(paths)}\n`, encoding: 'utf8' });
      expect(python.status, python.stderr).toBe(0);
      const firstMatch = python.stdout.trim().split('\n').map((flag) => flag === '1');
      const longestMatch = paths.map((path) => rfc.isAllowed(`${SITE}${path}`, 'SomeBot') === true);
      expect(firstMatch).toEqual(longestMatch);
      // And both say what the route table says.
      for (const [i, path] of paths.entries()) {
        const route = ROUTE_TABLE.find((r) => r.path.replace(/:[A-Za-z]+/g, 'x') === path);
        if (route) expect(longestMatch[i], path).toBe(!route.signedIn);
      }
      expect(longestMatch[paths.indexOf('/api/courses')]).toBe(false);
      expect(longestMatch[paths.indexOf('/courses')]).toBe(false);
      expect(longestMatch[paths.indexOf('/articles')]).toBe(true);
    });
  });
});
