import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { CONTENT_CATEGORIES, type Article } from '../../src/domain/content';
import { countWords, readTimeMinutes } from '../../src/domain/text';
import { articlesByCategory, featuredArticle, getArticle, landingSlides, listArticles, salesBanner } from '../../src/contract/content';
import { submitFeedback } from '../../src/contract/feedback';
import { filePath, getUrl, mediaPath, send, urlOf } from './api';
import { describeWithApp } from './fixture';

describeWithApp('articles from the seeded content', { seed: true }, (ctx) => {
  const all = async (): Promise<Article[]> => (await send(ctx(), listArticles)).json().articles;

  it('lists every article newest first with the fields the SPA reads', async () => {
    const res = await send(ctx(), listArticles);
    expect(res.statusCode).toBe(200);
    const { success, articles } = res.json();
    expect(success).toBe(true);
    expect(articles.length).toBeGreaterThanOrEqual(21);
    const dates = articles.map((a: Article) => a.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(Object.keys(articles[0]).sort()).toEqual(
      ['_id', 'author', 'category', 'content', 'createdAt', 'description', 'featured', 'imageUrl', 'readTime', 'title'].sort(),
    );
  });

  it('honours the optional limit and refuses a bad one', async () => {
    const six = (await send(ctx(), listArticles, { query: { limit: 6 } })).json().articles as Article[];
    expect(six.map((a) => a._id)).toEqual((await all()).slice(0, 6).map((a) => a._id));
    const bad = await send(ctx(), listArticles, { rawUrl: `${urlOf(listArticles)}?limit=0` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: expect.stringMatching(/^limit: /) });
  });

  it('has at least 3 real articles in each of the 7 categories, 400 to 900 words with headings and lists', async () => {
    const articles = await all();
    for (const { id } of CONTENT_CATEGORIES) {
      const inCategory = articles.filter((a) => a.category === id);
      expect(inCategory.length, id).toBeGreaterThanOrEqual(3);
    }
    for (const article of articles) {
      const words = countWords(article.content);
      expect(words, article.title).toBeGreaterThanOrEqual(400);
      expect(words, article.title).toBeLessThanOrEqual(900);
      expect(article.content, article.title).toMatch(/<h2>/);
      expect(article.content, article.title).toMatch(/<(ul|ol)>/);
      expect(article.readTime, article.title).toBe(readTimeMinutes(article.content));
      expect(article.title.length).toBeGreaterThan(10);
      expect(article.description.length).toBeGreaterThan(40);
      expect(article.author).not.toBe('');
      expect(article.content).not.toMatch(/lorem ipsum/i);
    }
  });

  it('answers the featured article: exactly one is marked', async () => {
    const marked = (await all()).filter((a) => a.featured);
    expect(marked).toHaveLength(1);
    const res = await send(ctx(), featuredArticle);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, article: { _id: marked[0]!._id, featured: true } });
  });

  it('filters by category (the static routes win over /articles/:id) and refuses an unknown category', async () => {
    for (const { id } of CONTENT_CATEGORIES) {
      const res = await send(ctx(), articlesByCategory, { params: { category: id } });
      expect(res.statusCode).toBe(200);
      const { articles } = res.json();
      expect(articles.length).toBeGreaterThanOrEqual(3);
      expect(new Set(articles.map((a: Article) => a.category))).toEqual(new Set([id]));
    }
    const bad = await send(ctx(), articlesByCategory, { rawUrl: urlOf(articlesByCategory, { category: 'plastics' as never }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });

  it('answers one article by id, and by its slug', async () => {
    const first = (await all())[0]!;
    const res = await send(ctx(), getArticle, { params: { id: first._id } });
    expect(res.statusCode).toBe(200);
    // With it, whether it has a quiz of its own (ADR 176): the newest seeded article has none.
    expect(res.json()).toEqual({ success: true, article: { ...first, quiz: null } });
    const bySlug = await send(ctx(), getArticle, { params: { id: 'carbon--embodied-carbon-hidden-half' } });
    expect(bySlug.json().article.title).toBe("Embodied Carbon: The Hidden Half of a Building's Footprint");
  });

  it("answers 404 'Article not found' for an unknown id or slug", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-article', "x' or 1=1"]) {
      const res = await send(ctx(), getArticle, { params: { id } });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Article not found' });
    }
  });

  it('stores article HTML sanitized: no scripts, no inline handlers, no images or iframes', async () => {
    for (const article of await all()) {
      expect(article.content).not.toMatch(/<script|<iframe|<img|\son\w+=|javascript:/i);
    }
  });

  it("serves every article's image from /media with cache headers, each under 30 KB", async () => {
    const urls = new Set((await all()).map((a) => a.imageUrl));
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/articles\/[a-z-]+\.svg$/);
      const res = await getUrl(ctx(), url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
      expect(statSync(join(CONTENT_DIR, 'images', url.replace(mediaPath(''), ''))).size).toBeLessThan(30 * 1024);
    }
  });

  it('serves the landing slides (each with a source) and the sales banner', async () => {
    const { sliders } = (await send(ctx(), landingSlides)).json().data;
    expect(sliders.length).toBeGreaterThanOrEqual(3);
    for (const slide of sliders) {
      expect(slide.source).not.toBe('');
      expect((await getUrl(ctx(), slide.imageUrl)).statusCode).toBe(200);
    }
    expect((await send(ctx(), salesBanner)).json()).toEqual({ success: true, data: { text: expect.stringContaining('In beta') } });
  });

  it('serves the Terms & Conditions and the Privacy Policy as PDFs', async () => {
    for (const [path, title] of [[filePath('legal/terms.pdf'), 'Terms & Conditions'], [filePath('legal/privacy.pdf'), 'Privacy Policy']] as const) {
      const res = await getUrl(ctx(), path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.length).toBeGreaterThan(3000);
      const source = JSON.parse(readFileSync(join(CONTENT_DIR, 'legal', path.endsWith('terms.pdf') ? 'terms.json' : 'privacy.json'), 'utf8'));
      expect(source.title).toBe(title);
    }
  });
});

describeWithApp('feedback', { seed: false }, (ctx) => {
  const post = (payload: unknown) => send(ctx(), submitFeedback, { rawBody: payload });

  it('stores a valid feedback, trimmed, and answers success', async () => {
    const res = await post({ name: ' Maya Patel ', email: 'maya@example.com', mobile: '+44 7700 900123', feedback: 'More retrofit case studies please.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Form submitted successfully!' });
    const rows = await ctx().database.db.query.feedback.findMany();
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Maya Patel', email: 'maya@example.com', mobile: '+44 7700 900123', feedback: 'More retrofit case studies please.' }),
    ]);
  });

  it('refuses a missing or blank field with 400 naming it, and stores nothing', async () => {
    const before = (await ctx().database.db.query.feedback.findMany()).length;
    const valid = { name: 'A', email: 'a@example.com', mobile: '1', feedback: 'x' };
    for (const field of ['name', 'email', 'mobile', 'feedback'] as const) {
      const res = await post({ ...valid, [field]: '  ' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
    expect(await ctx().database.db.query.feedback.findMany()).toHaveLength(before);
  });
});

describeWithApp('public content on an empty database', { seed: false }, (ctx) => {
  it('answers empty lists, and 404 where one item is asked for', async () => {
    expect((await send(ctx(), listArticles)).json()).toEqual({ success: true, articles: [] });
    expect((await send(ctx(), articlesByCategory, { params: { category: 'energy' } })).json()).toEqual({ success: true, articles: [] });
    expect((await send(ctx(), landingSlides)).json()).toEqual({ success: true, data: { sliders: [] } });
    const featured = await send(ctx(), featuredArticle);
    expect(featured.statusCode).toBe(404);
    expect(featured.json()).toEqual({ success: false, message: 'No featured article' });
    expect((await send(ctx(), salesBanner)).statusCode).toBe(404);
  });
});
