import { expect, it } from 'vitest';
import { pageView } from '../../src/contract/analytics';
import { logout, profile } from '../../src/contract/auth';
import { listWorkshops, landingSlides, salesBanner } from '../../src/contract/content';
import { submitFeedback } from '../../src/contract/feedback';
import { health } from '../../src/contract/health';
import { getUrl, send, UNKNOWN_API_PATH, urlOf } from './api';
import { describeWithApp } from './fixture';

describeWithApp('system and home content', { seed: true }, (ctx) => {
  it('reports the database as reachable', async () => {
    const res = await send(ctx(), health);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, database: 'up' });
  });

  it('serves the sales banner stored in the database', async () => {
    const res = await send(ctx(), salesBanner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.text).toMatch(/^In beta: every course, workshop and library document is free to members./);
  });

  it('serves the landing slides in order with sanitized HTML', async () => {
    const res = await send(ctx(), landingSlides);
    const { sliders } = res.json().data;
    expect(sliders.length).toBeGreaterThanOrEqual(3);
    expect(sliders[0]).toMatchObject({ title: 'Design for whole-life carbon', source: 'SustainLearn editorial team' });
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await getUrl(ctx(), UNKNOWN_API_PATH);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('refuses protected calls without a token', async () => {
    const res = await send(ctx(), profile);
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('rejects a malformed body with 400 and a message, and stores nothing', async () => {
    const res = await send(ctx(), submitFeedback, { rawBody: { name: 'A', email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/email/) });
  });

  it('treats an empty body sent with a JSON content type as no body, and bad JSON as a 400', async () => {
    const empty = await send(ctx(), pageView, { headers: { 'content-type': 'application/json' }, rawBody: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/^Invalid input/);
    const out = await send(ctx(), logout, { headers: { 'content-type': 'application/json' }, rawBody: '' });
    expect(out.statusCode).toBe(401);
    const bad = await send(ctx(), submitFeedback, { headers: { 'content-type': 'application/json' }, rawBody: '{"name":' });
    expect(bad.json()).toEqual({ success: false, message: 'Body is not valid JSON' });
  });

  it('counts page views per path and day, with no personal data', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await send(ctx(), pageView, { headers: { 'content-type': 'text/plain' }, rawBody: JSON.stringify({ path: '/articles?x=1' }) });
      expect(res.statusCode).toBe(200);
    }
    const rows = await ctx().database.db.query.pageViews.findMany();
    expect(rows).toEqual([{ path: '/articles', day: expect.any(String), views: 2 }]);
  });
});

describeWithApp('content answer cache', { seed: true, env: { CONTENT_CACHE_SECONDS: '60' } }, (ctx) => {
  it('serves a content list from memory for its TTL, and never caches a refused caller', async () => {
    const { salesBanners } = await import('../../server/data/schema');
    const first = await send(ctx(), salesBanner);
    await ctx().database.db.update(salesBanners).set({ text: 'Changed in the database' });
    const second = await send(ctx(), salesBanner);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    const fresh = await send(ctx(), salesBanner, { rawUrl: `${urlOf(salesBanner)}?x=1` });
    expect(fresh.json().data.text).toBe('Changed in the database');
    // A protected content list still checks the token before answering from memory.
    expect((await send(ctx(), listWorkshops)).statusCode).toBe(401);
  });
});
