/**
 * What link previews and search results read (ADR 101): the head of a rendered page (server/render/page-head.ts), read
 * with a real HTML parser, its JSON-LD with JSON.parse: per page on the app the server builds, on PGlite (and
 * PostgreSQL when DATABASE_URL is set) with the seeded content, and the tags alone, escaped whatever they are given.
 * The sitemap and robots.txt are in seo-sitemap.test.ts.
 */
import { eq } from 'drizzle-orm';
import { DomUtils } from 'htmlparser2';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { articles, certificates } from '../../server/data/schema';
import {
  DEFAULT_IMAGE, documentTitle, HEAD_SCREENS, type HeadDeps, type HeadPage, headFor, headPageFor, headTags, SITE_NAME,
} from '../../server/render/page-head';
import { categoryLabel, type Course, EDITORIAL_TEAM } from '../../src/domain/content';
import { ROUTE_TABLE } from '../../src/ui/route-table';
import { ABOUT_SLUG } from '../../src/ui/routes';
import { member } from './members';
import { allArticles, crumbsOf, describeWithSite, graphOf, readHead, SITE, UNKNOWN_ID } from './seo';

describeWithSite('page heads', (site) => {
  const publishedCourses = (): Promise<Course[]> => site().deps.content.courses({ status: 1 });
  const head = async (path: string) => headFor(new URL(path, SITE), site().deps);

  it('covers the route table: the same paths in the same order, noindex on every members’ page', async () => {
    expect(HEAD_SCREENS.map((s) => [s.path, s.members])).toEqual(ROUTE_TABLE.map((r) => [r.path, r.signedIn]));
    for (const route of ROUTE_TABLE) {
      const page = await headPageFor(new URL(route.path.replace(/:[A-Za-z]+/g, UNKNOWN_ID), SITE), site().deps);
      if (route.signedIn) expect(page.noindex, route.path).toBe(true);
    }
  });

  it('has an article’s title, description, canonical link, Open Graph, Twitter card and JSON-LD', async () => {
    const article = (await allArticles(site().app))[3]!;
    // Its words changed after it was published: dateModified says when (ADR 162).
    const modified = new Date(Date.parse(article.createdAt) + 86_400_000);
    await site().database.db.update(articles).set({ updatedAt: modified }).where(eq(articles.id, article._id));
    const answer = await head(`/articles/${article._id}`);
    expect(answer.status).toBe(200);
    expect(answer.title).toBe(`${article.title} | SustainLearn`);
    const h = readHead(answer.tags);
    expect(h.titles).toEqual([answer.title]);
    const url = `${SITE}/articles/${article._id}`;
    expect(h.canonical).toEqual([url]);
    expect(h.meta.get('description')).toBe(article.description);
    expect(h.meta.has('robots')).toBe(false);
    expect(h.meta.get('og:type')).toBe('article');
    expect(h.meta.get('og:title')).toBe(article.title);
    expect(h.meta.get('og:url')).toBe(url);
    expect(h.meta.get('og:site_name')).toBe(SITE_NAME);
    expect(h.meta.get('og:image')).toBe(`${SITE}${article.imageUrl}`);
    expect(h.meta.get('twitter:card')).toBe('summary_large_image');
    expect(h.meta.get('twitter:image')).toBe(`${SITE}${article.imageUrl}`);

    expect(graphOf(h, 'Organization')).toHaveLength(1);
    expect(graphOf(h, 'Organization')[0]).toMatchObject({ '@context': 'https://schema.org', name: 'SustainLearn', url: `${SITE}/` });
    // The Organization's logo is a real picture the site serves, as an absolute URL (ADR 162).
    const logo = graphOf(h, 'Organization')[0]!.logo as { '@type': string; url: string; width: number; height: number };
    expect(logo).toEqual({ '@type': 'ImageObject', url: `${SITE}/media/brand/logo.png`, width: 512, height: 512 });
    const served = await site().app.inject({ method: 'GET', url: new URL(logo.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const picture = await sharp(served.rawPayload).metadata();
    expect([picture.format, picture.width, picture.height]).toEqual(['png', logo.width, logo.height]);
    expect(h.meta.get('article:published_time')).toBe(article.createdAt);
    expect(h.meta.get('article:modified_time')).toBe(modified.toISOString());
    const [ld] = graphOf(h, 'Article');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      headline: article.title,
      description: article.description,
      image: [`${SITE}${article.imageUrl}`],
      datePublished: article.createdAt,
      dateModified: modified.toISOString(),
      // The product's articles are signed by the editorial team, an organization, not a person (ADR 153).
      author: { '@type': 'Organization', name: EDITORIAL_TEAM },
      publisher: { '@type': 'Organization', name: 'SustainLearn' },
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    });
    expect(crumbsOf(h)).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
      { '@type': 'ListItem', position: 2, name: 'Articles', item: `${SITE}/articles` },
      { '@type': 'ListItem', position: 3, name: article.title, item: url },
    ]);
  });

  it('names an article opened by its slug by its id, and answers 404 with the page’s title for an unknown one', async () => {
    const article = (await allArticles(site().app))[0]!;
    const [row] = await site().database.db.select({ slug: articles.slug }).from(articles).where(eq(articles.id, article._id));
    const bySlug = readHead((await head(`/articles/${row!.slug}`)).tags);
    expect(bySlug.canonical).toEqual([`${SITE}/articles/${article._id}`]);
    for (const id of [UNKNOWN_ID, 'no-such-article', 'bad%zzid']) {
      const answer = await head(`/articles/${id}`);
      expect(answer.status, id).toBe(404);
      expect(answer.title).toBe('Article not found | SustainLearn');
      const h = readHead(answer.tags);
      expect(h.meta.get('robots')).toBe('noindex');
      expect(h.canonical).toEqual([]);
      expect(graphOf(h, 'Article')).toEqual([]);
      expect(graphOf(h, 'BreadcrumbList')).toEqual([]);
      expect(graphOf(h, 'Organization')).toHaveLength(1);
    }
  });

  it('has a course’s Course JSON-LD and trail, noindex (a members’ page), and 404 for an unknown course', async () => {
    const course = (await publishedCourses())[0]!;
    const answer = await head(`/courses/view/${course._id}`);
    expect(answer.status).toBe(200);
    expect(answer.title).toBe(`${course.title} | SustainLearn`);
    const h = readHead(answer.tags);
    const url = `${SITE}/courses/view/${course._id}`;
    expect(h.meta.get('robots')).toBe('noindex');
    expect(h.canonical).toEqual([url]);
    expect(h.meta.get('og:type')).toBe('website');
    expect(h.meta.get('og:image')).toBe(`${SITE}${course.thumbnail}`);
    const [ld] = graphOf(h, 'Course');
    expect(ld).toMatchObject({
      name: course.title, description: course.description, image: `${SITE}${course.thumbnail}`, url,
      provider: { '@type': 'Organization', name: 'SustainLearn', url: `${SITE}/` },
    });
    expect(crumbsOf(h)!.map((c) => [c.name, c.item])).toEqual([
      ['Home', `${SITE}/`], ['Courses', `${SITE}/courses`], [categoryLabel(course.category), `${SITE}/courses/${course.category}`], [course.title, url],
    ]);
    // The detail page shows the same course.
    const detail = readHead((await head(`/courses/detail/${course._id}`)).tags);
    expect(graphOf(detail, 'Course')[0]).toMatchObject({ name: course.title });

    const unknown = await head(`/courses/view/${UNKNOWN_ID}`);
    expect(unknown.status).toBe(404);
    // What the course page sets when its course does not load (course-view-page.tsx).
    expect(unknown.title).toBe('Course | SustainLearn');
    expect(graphOf(readHead(unknown.tags), 'Course')).toEqual([]);
  });

  it('titles a lesson and an assessment as their pages do', async () => {
    const course = await site().deps.content.course((await publishedCourses())[0]!._id);
    const lesson = course.sections[0]!.content[0]!;
    const answer = await head(`/courses/view/${course._id}/lessons/${lesson._id}`);
    expect(answer.status).toBe(200);
    expect(answer.title).toBe(`${lesson.title} · ${course.title} | SustainLearn`);
    expect(crumbsOf(readHead(answer.tags))!.map((c) => c.name)).toEqual(['Home', 'Courses', course.title, lesson.title]);
    expect((await head(`/courses/view/${course._id}/lessons/${UNKNOWN_ID}`)).title).toBe('Lesson | SustainLearn');
    expect((await head(`/courses/view/${UNKNOWN_ID}/lessons/${lesson._id}`)).status).toBe(404);
    expect((await head(`/courses/view/${course._id}/assessment`)).title).toBe(`Assessment · ${course.title} | SustainLearn`);
  });

  it('titles a certificate as its page does, previewed but never indexed', async () => {
    const learner = await member(site(), 'seo-learner@example.org');
    const course = (await publishedCourses())[0]!;
    const [row] = await site().database.db.insert(certificates).values({
      userId: learner.id, courseId: course._id, learnerName: 'Ada <Lovelace>', courseTitle: course.title, minutes: 90, score: 9,
      totalQuestions: 10, issuedAt: new Date('2026-05-04T12:00:00Z'),
    }).returning({ id: certificates.id });
    const answer = await head(`/certificates/${row!.id}`);
    expect(answer.status).toBe(200);
    expect(answer.title).toBe(`Ada <Lovelace>: ${course.title} certificate | SustainLearn`);
    const h = readHead(answer.tags);
    expect(h.titles).toEqual([answer.title]);
    expect(h.meta.get('description')).toBe(`Ada <Lovelace> completed ${course.title} on SustainLearn (1.5 hours), May 4, 2026. Valid certificate.`);
    expect(h.meta.get('robots')).toBe('noindex');
    expect(h.elementNames).not.toContain('lovelace');
    const missing = await head(`/certificates/${UNKNOWN_ID}`);
    expect([missing.status, missing.title]).toEqual([404, 'Certificate | SustainLearn']);
  });

  it('titles a workshop as its page does', async () => {
    await site().deps.workshops.fillWindow();
    const [workshop] = await site().deps.workshops.upcoming();
    expect(workshop).toBeDefined();
    const answer = await head(`/workshops/${workshop!._id}`);
    expect([answer.status, answer.title]).toEqual([200, `${workshop!.title} | SustainLearn`]);
    expect(readHead(answer.tags).meta.get('og:image')).toBe(`${SITE}${workshop!.imageUrl}`);
    const missing = await head(`/workshops/${UNKNOWN_ID}`);
    expect([missing.status, missing.title]).toEqual([404, 'Workshop not found | SustainLearn']);
  });

  it('titles every other page as the page sets it, without a query', async () => {
    const cases: [string, string, number][] = [
      ['/', 'SustainLearn', 200],
      ['/login?from=%2Fdiscussion', 'Sign In | SustainLearn', 200],
      ['/signup', 'Create your account | SustainLearn', 200],
      ['/forgot-password', 'Reset your password | SustainLearn', 200],
      ['/articles?category=energy', 'Articles | SustainLearn', 200],
      ['/Articles/', 'Articles | SustainLearn', 200],
      ['/sustain-community', 'SustainLearn Community | SustainLearn', 200],
      ['/contact', 'Contact us | SustainLearn', 200],
      ['/accessibility', 'Accessibility statement | SustainLearn', 200],
      ['/search', 'Search | SustainLearn', 200],
      ['/search?q=%20heat%20pumps%20', 'Search: heat pumps | SustainLearn', 200],
      [`/${ABOUT_SLUG}`, 'About SustainLearn | SustainLearn', 200],
      ['/discussion?category=sdg_7', 'Discussion | SustainLearn', 200],
      ['/courses', 'Online Courses | SustainLearn', 200],
      ['/courses/energy', 'Energy Courses | SustainLearn', 200],
      ['/courses/category/sustainable-development-goals', 'SDGs Courses | SustainLearn', 200],
      ['/courses/detail/carbon', 'Carbon Courses | SustainLearn', 200],
      ['/courses/plastics', 'Courses | SustainLearn', 404],
      ['/courses/detail/no-such-course', 'Course | SustainLearn', 404],
      ['/workshops', 'Upcoming Workshops | SustainLearn', 200],
      ['/ebook', 'eBooks | SustainLearn', 200],
      ['/research-papers', 'Research Papers | SustainLearn', 200],
      ['/newsletters', 'Newsletters | SustainLearn', 200],
      ['/case-studies', 'Case Studies | SustainLearn', 200],
      ['/quiz', 'Quizzes | SustainLearn', 200],
      ['/quiz/green-buildings', 'Green Buildings Quiz | SustainLearn', 200],
      ['/quiz/nope', 'Quiz topic not found | SustainLearn', 404],
      ['/quiz/green-buildings/set-1', 'Green Buildings Quiz, Set 1 | SustainLearn', 200],
      ['/profile', 'Profile Settings | SustainLearn', 200],
      ['/learning', 'My learning | SustainLearn', 200],
      ['/no/such/page', 'Page not found | SustainLearn', 404],
    ];
    for (const [path, title, status] of cases) {
      const answer = await head(path);
      expect([answer.title, answer.status], path).toEqual([title, status]);
      const h = readHead(answer.tags);
      expect(h.titles, path).toEqual([title]);
      expect(h.canonical.every((c) => !c.includes('?')), path).toBe(true);
      expect(graphOf(h, 'Organization'), path).toHaveLength(1);
      const below = path !== '/' && status === 200;
      expect(graphOf(h, 'BreadcrumbList'), path).toHaveLength(below ? 1 : 0);
      expect(h.meta.get('og:image'), path).toBe(`${SITE}${DEFAULT_IMAGE.url}`);
    }
    expect(readHead((await head('/articles?category=energy')).tags).canonical).toEqual([`${SITE}/articles`]);
    expect(readHead((await head('/Articles/')).tags).canonical).toEqual([`${SITE}/articles`]);
    expect(readHead((await head('/')).tags).canonical).toEqual([`${SITE}/`]);
    expect(readHead((await head('/search?q=x')).tags).meta.get('robots')).toBe('noindex');
    expect(readHead((await head('/search')).tags).meta.has('robots')).toBe(false);
  });
});

describe('head tags', () => {
  const EVIL = '</script><script>alert(1)</script><!--';
  const page = (over: Partial<HeadPage> = {}): HeadPage => ({
    title: EVIL,
    description: 'Quotes " and \' and <b>tags</b> & "><img src=x onerror=alert(1)>',
    status: 200,
    path: '/articles/x',
    noindex: false,
    image: { url: '/media/a "b".svg', alt: '"><script>' },
    trail: [{ name: EVIL, path: '/articles/x' }],
    subject: { type: 'Article', published: '2026-01-01T00:00:00.000Z', modified: '2026-01-02T00:00:00.000Z', author: EVIL, section: 'Carbon' },
    ...over,
  });

  it('escapes every value: a title can never close the script, an attribute never its quote', () => {
    const tags = headTags(page(), SITE);
    const h = readHead(tags);
    // Exactly the elements written: one title, the metas, one link, three JSON-LD scripts; no injected one.
    expect(h.scripts).toHaveLength(3);
    expect(new Set(h.elementNames)).toEqual(new Set(['title', 'meta', 'link', 'script']));
    expect(h.titles).toEqual([documentTitle(EVIL)]);
    expect(h.meta.get('description')).toBe(page().description);
    expect(h.meta.get('og:title')).toBe(EVIL);
    expect(h.meta.get('og:image:alt')).toBe('"><script>');
    const [article] = graphOf(h, 'Article');
    expect(article).toMatchObject({ headline: EVIL, author: { '@type': 'Person', name: EVIL } });
    expect(crumbsOf(h)![1]!.name).toBe(EVIL);
    for (const script of h.scripts) expect(DomUtils.textContent(script)).not.toContain('<');
    expect(tags).toContain('\\u003c/script\\u003e\\u003cscript\\u003e');
  });

  it('writes a summary card without a picture, and no canonical link for a page that is not there', () => {
    const h = readHead(headTags(page({ image: null, path: null, subject: { type: 'Course' } }), `${SITE}/`));
    expect(h.meta.get('twitter:card')).toBe('summary');
    expect(h.meta.has('og:image')).toBe(false);
    expect(h.canonical).toEqual([]);
    expect(h.meta.has('og:url')).toBe(false);
    expect(graphOf(h, 'Course')[0]).toMatchObject({ name: EVIL, provider: { '@type': 'Organization', url: `${SITE}/` } });
    expect(graphOf(h, 'Course')[0]).not.toHaveProperty('image');
  });

  it('takes an absolute http(s) picture as it is and refuses any other scheme', async () => {
    const remote = readHead(headTags(page({ image: { url: 'https://cdn.example.org/a.png' } }), SITE));
    expect(remote.meta.get('og:image')).toBe('https://cdn.example.org/a.png');
    const deps: HeadDeps = {
      content: {
        findArticle: async (id) => ({ _id: id, title: 'T', description: 'D', imageUrl: 'javascript:alert(1)', author: '', category: 'carbon', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' }),
        findCourseSummary: async () => undefined,
      },
      learning: { lessonTitles: async () => undefined },
      certificates: { findPublic: async () => undefined },
      workshops: { summary: async () => undefined },
      discussions: { summary: async () => undefined },
      transcripts: { find: async () => undefined },
      publicUrl: SITE,
    };
    const h = readHead((await headFor(new URL('/articles/abc', SITE), deps)).tags);
    expect(h.meta.get('og:image')).toBe(`${SITE}${DEFAULT_IMAGE.url}`);
    // No author known: none is claimed.
    expect(graphOf(h, 'Article')[0]).not.toHaveProperty('author');
  });
});
