/**
 * A post's page as the server draws it (issue 37 item 6), with the real page bundle, on each database: a member gets
 * the post, its thread with an anchor per comment, and share tags naming the post; a visitor or a crawler is sent to
 * sign in and is told nothing of the post (title nor text); an unknown post is a 404. The bundle is `pageBundle`'s
 * (`npm test` builds it once for the server and e2e stages).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createComment } from '../../src/contract/comments';
import { createDiscussion, updateDiscussion } from '../../src/contract/discussions';
import { send } from './api';
import { describeWithApp } from './fixture';
import { member, type Member } from './members';
import { pageBundle } from './page-fuzz';

const bundle = pageBundle();
beforeAll(() => bundle.prepare(), 300_000);
afterAll(() => bundle.remove());

const TITLE = 'Passive cooling for school classrooms';
const TEXT = 'Night purge ventilation halved our overheating hours.';
const COMMENT = 'Did you measure CO2 as well?';

describeWithApp('the post page drawn by the server', { env: { STATIC_DIR: bundle.dir } }, (ctx) => {
  let ada: Member;
  let id: string;
  let commentId: string;
  const page = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ method: 'GET', url, headers });
  const asMember = (url: string) => page(url, { cookie: `token=${encodeURIComponent(ada.token)}` });

  beforeAll(async () => {
    ada = await member(ctx(), 'ada.page@example.com', 'Ada', 'Lovelace');
    const post = await send(ctx(), createDiscussion, { token: ada.token, body: { title: TITLE, content: `<p>${TEXT}</p>`, category: 'climate-action', subcategory: 'embodied-carbon' } });
    expect(post.statusCode, post.body).toBe(200);
    id = post.json().discussion._id;
    const comment = await send(ctx(), createComment, { token: ada.token, body: { discussionId: id, content: `<p>${COMMENT}</p>` } });
    commentId = comment.json().comment._id;
  });

  it('draws the post, its thread with anchors and its share tags for a member', async () => {
    const res = await asMember(`/discussion/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${TITLE} | SustainLearn</title>`);
    expect(res.body).toContain(`<meta property="og:title" content="${TITLE}">`);
    expect(res.body).toContain(`<link rel="canonical" href="`);
    expect(res.body).toMatch(/<meta name="robots" content="noindex">/);
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toMatch(new RegExp(`<h1[^>]*>${TITLE}</h1>`));
    expect(root).toContain(TEXT);
    expect(root).toContain(`id="comment-${commentId}"`);
    expect(root).toContain(COMMENT);
    // Not edited yet: no mark.
    expect(root).not.toContain('edited-mark');
  });

  it('shows an edited post as edited, with its time', async () => {
    await send(ctx(), updateDiscussion, { token: ada.token, params: { id }, body: { content: `<p>${TEXT} Updated.</p>` } });
    const res = await asMember(`/discussion/${id}`);
    expect(res.body).toMatch(/class="edited-mark">[^<]*(<!-- -->)?edited <time dateTime="\d{4}-/);
    expect(res.body).toContain(`${TEXT} Updated.`);
  });

  it('sends a visitor and a crawler to sign in, telling them nothing of the post', async () => {
    for (const headers of [{}, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, { 'user-agent': 'facebookexternalhit/1.1' }] as Record<string, string>[]) {
      const res = await page(`/discussion/${id}`, headers);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/login?from=${encodeURIComponent(`/discussion/${id}`)}`);
      expect(res.body).not.toContain(TITLE);
      expect(res.body).not.toContain(TEXT);
      expect(res.body).not.toContain(COMMENT);
    }
    // The sign-in page it leads to names nothing of it either.
    const login = await page(`/login?from=${encodeURIComponent(`/discussion/${id}`)}`);
    expect(login.statusCode).toBe(200);
    expect(login.body).not.toContain(TITLE);
    expect(login.body).not.toContain(TEXT);
  });

  it('answers 404 for a post that is not there', async () => {
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-a-post']) {
      const res = await asMember(`/discussion/${missing}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Discussion not found');
    }
  });

  it('draws /bookmarks for a member and sends a visitor to sign in', async () => {
    const res = await asMember('/bookmarks');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Bookmarks<\/h1>/);
    expect((await page('/bookmarks')).statusCode).toBe(302);
  });
});
