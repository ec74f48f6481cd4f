/**
 * The server's side of rendering (ADR 100), over HTTP against a real database: a page bundle behind the renderer port
 * (a small CommonJS one written here, so the test runs without a build) gets the request's token and an in-process
 * fetch, and the answer is the built page with head, inlined styles, markup and escaped data; members' pages for
 * nobody are redirects; pages for nobody are kept until the community changes; pages for a member never are.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { createDiscussion } from '../../src/contract/discussions';
import { scriptSafeJson } from '../../server/render/page-document';
import { pageMaxAgeMs } from '../../server/http/pages';
import { send } from './api';
import { describeWithApp } from './fixture';
import { member } from './members';
import { READ_LIMITS } from '../../server/services/limits';

const staticDir = mkdtempSync(join(tmpdir(), 'sl-pages-'));
mkdirSync(join(staticDir, 'ssr'));
mkdirSync(join(staticDir, 'static', 'css'), { recursive: true });
writeFileSync(
  join(staticDir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="description" content="template"><meta name="theme-color" content="#1f6f4a" media="(prefers-color-scheme: light)" data-scheme="light"><meta name="theme-color" content="#101a15" media="(prefers-color-scheme: dark)" data-scheme="dark"><title>SustainLearn</title><link href="/static/css/main.css" rel="stylesheet"></head><body><div id="root"></div><noscript>needs JavaScript</noscript><script defer src="/static/js/main.js"></script></body></html>',
);
writeFileSync(join(staticDir, 'static', 'css', 'main.css'), 'body{color:green}');
writeFileSync(join(staticDir, 'static', 'css', 'page-profile.css'), '.profile{margin:0}');
writeFileSync(join(staticDir, 'static', 'css', 'boot.css'), '.nav{gap:1rem}');
writeFileSync(join(staticDir, 'ssr', 'pages.json'), JSON.stringify({
  shell: ['/static/css/boot.css'],
  pages: { profile: ['/static/css/page-profile.css'], articles: [] },
  marks: { '/static/css/boot.css': 'sustainlearn:chunk-77', '/static/css/page-profile.css': 'sustainlearn:chunk-12' },
}));
// The bundle's side of the port: who the token names (asked of the API in-process), then a page for them.
writeFileSync(
  join(staticDir, 'ssr', 'render.cjs'),
  `exports.render = async ({ url, token, theme, screen, fetch }) => {
  globalThis.__pageRenders = (globalThis.__pageRenders ?? 0) + 1;
  let user = null;
  if (token) {
    const res = await fetch('/api/auth/profile', { method: 'GET', headers: { authorization: 'Bearer ' + token } });
    if (res.ok) user = (await res.json()).user;
  }
  const path = url.split('?')[0];
  // A bundle that follows \`from\` as it is: the server alone must keep the redirect on this site (ADR 124).
  if (path === '/login' && user) return { status: 200, redirect: new URLSearchParams(url.split('?')[1] ?? '').get('from') ?? '/', html: '', data: '{}', signedIn: true, page: null };
  if (path === '/profile' && !user) return { status: 200, redirect: '/login?from=%2Fprofile', html: '', data: '{}', signedIn: false, page: 'profile' };
  if (path === '/nowhere') return { status: 404, redirect: null, html: '<h1>Page not found</h1>', data: '{}', signedIn: user !== null, page: null };
  const posts = (await (await fetch('/api/discussions', { method: 'GET', headers: { authorization: token ? 'Bearer ' + token : '' } })).json()).discussions ?? [];
  const name = user ? user.email : 'nobody';
  return {
    status: 200, redirect: null, signedIn: user !== null, page: path === '/profile' ? 'profile' : 'articles',
    html: '<h1>For ' + name + '</h1><p>' + posts.length + ' posts</p><p>Theme: ' + theme + '</p><p>Screen: ' + screen + '</p>',
    data: JSON.stringify({ user, note: '</script><script>alert(1)</script>' }),
  };
};`,
);
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

// The server loads the bundle in this process: the bundle counts its renders where the test can read them.
const renders = async (): Promise<number> => (globalThis as { __pageRenders?: number }).__pageRenders ?? 0;

describeWithApp('pages rendered by the server', { seed: true, env: { STATIC_DIR: staticDir, CONTENT_CACHE_SECONDS: '10' } }, (ctx) => {
  const page = (url: string, token?: string, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'GET', url, headers: { ...(token ? { cookie: `token=${encodeURIComponent(token)}` } : {}), ...headers } });

  beforeEach(() => {
    // Every test starts from pages not yet kept.
    ctx().app.renderedPages.changed();
  });

  it('answers the built page with the screen drawn in #root, its styles inline and its data escaped', async () => {
    const res = await page('/profile', (await member(ctx(), 'drawn@example.com')).token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<div id="root"><h1>For drawn@example.com</h1>');
    // The app's, the shell's (the bar's, loaded with the app) and the screen's styles are inline; no stylesheet blocks
    // the first paint.
    expect(html).toContain('<style>body{color:green}\n.nav{gap:1rem}\n.profile{margin:0}</style>');
    // Each inlined chunk's mark for rspack's CSS loader, disabled so that nothing is fetched: the app does not fetch
    // those styles again as it starts (ADR 183). The template's own stylesheet (the entry's) is the app's from the
    // start and has none.
    expect(html).toContain('</style><link rel="stylesheet" href="/static/css/boot.css" disabled data-rspack="sustainlearn:chunk-77">'
      + '<link rel="stylesheet" href="/static/css/page-profile.css" disabled data-rspack="sustainlearn:chunk-12"></head>');
    expect((html.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? []).filter((link) => !link.includes(' disabled '))).toEqual([]);
    expect(html).not.toContain('<noscript>');
    // The head is the server's: a members' page is not indexed, and the template's title and description are gone.
    expect(html).not.toContain('<meta name="description" content="template">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="robots" content="noindex">');
    // Data that holds markup cannot end its script element.
    const data = /<script id="sl-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toContain('</script>');
    expect(JSON.parse(data).note).toBe('</script><script>alert(1)</script>');
    expect(scriptSafeJson('{"a":"<!--\u2028"}')).toBe('{"a":"\\u003c!--\\u2028"}');
  });

  it('draws the theme the cookie chose into the page, for nobody and for a member, and keeps each theme\'s page apart (ADR 165)', async () => {
    const before = await renders();
    const system = await page('/articles');
    expect(system.body).toContain('<html lang="en">');
    expect(system.body).toContain('<p>Theme: system</p>');
    expect(system.body.match(/media="\(prefers-color-scheme: (light|dark)\)"/g)).toHaveLength(2);
    const dark = await page('/articles', undefined, { cookie: 'theme=dark' });
    expect(dark.body).toContain('<html lang="en" data-theme="dark">');
    expect(dark.body).toContain('<p>Theme: dark</p>');
    expect(dark.body).not.toContain('media="(prefers-color-scheme');
    expect(dark.body.match(/<meta name="theme-color" content="#101a15"/g)).toHaveLength(2);
    expect(dark.headers.vary).toContain('cookie');
    // Each is kept: asked again, neither is drawn again, and neither is served for the other.
    expect((await page('/articles', undefined, { cookie: 'theme=dark' })).body).toContain('data-theme="dark"');
    expect((await page('/articles')).body).not.toContain('data-theme=');
    expect((await page('/articles', undefined, { cookie: 'theme=purple' })).body).not.toContain('data-theme=');
    expect(await renders()).toBe(before + 2);
    const { token } = await member(ctx(), 'light@example.com');
    const light = await page('/profile', undefined, { cookie: `token=${encodeURIComponent(token)}; theme=light` });
    expect(light.body).toContain('<html lang="en" data-theme="light">');
    expect(light.body).toContain('<p>Theme: light</p>');
  });

  it('draws for the screen the browser most likely has, by Chromium\'s mobile hint or a phone\'s user agent, and keeps each screen\'s page apart (ADR 185)', async () => {
    const before = await renders();
    const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
    const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';
    const phone = await page('/articles', undefined, { 'sec-ch-ua-mobile': '?1' });
    expect(phone.body).toContain('<p>Screen: phone</p>');
    // Caches between here and the browser keep the two drawings apart too.
    expect(phone.headers.vary).toContain('sec-ch-ua-mobile');
    expect((await page('/articles')).body).toContain('<p>Screen: desktop</p>');
    // Safari sends no hint: its phone's user agent says so. Chromium's hint wins over a user agent it contradicts.
    expect((await page('/articles', undefined, { 'user-agent': IPHONE })).body).toContain('<p>Screen: phone</p>');
    expect((await page('/articles', undefined, { 'user-agent': ANDROID, 'sec-ch-ua-mobile': '?0' })).body).toContain('<p>Screen: desktop</p>');
    // Two drawings of one URL, each kept: neither was drawn again, nor served for the other.
    expect(await renders()).toBe(before + 2);
    // A member's page follows the hint the same way.
    const { token } = await member(ctx(), 'phone@example.com');
    expect((await page('/profile', token, { 'sec-ch-ua-mobile': '?1' })).body).toContain('<p>Screen: phone</p>');
    expect((await page('/profile', token)).body).toContain('<p>Screen: desktop</p>');
  });

  it('answers a members\' page asked for by nobody with the redirect to /login, and drops a token that names nobody', async () => {
    const nobody = await page('/profile');
    expect(nobody.statusCode).toBe(302);
    expect(nobody.headers.location).toBe('/login?from=%2Fprofile');
    expect(nobody.headers['set-cookie']).toBeUndefined();
    const stale = await page('/profile', 'not-a-token');
    expect(stale.statusCode).toBe(302);
    expect(String(stale.headers['set-cookie'])).toMatch(/^token=; Max-Age=0; Path=\//);
  });

  it('keeps every remembered page on this site: a signed-in visitor at /login?from=… goes to a same-site path, never a 5xx (ADR 124)', async () => {
    const { token } = await member(ctx(), 'from@example.com');
    const attacks = ['%2F%5Cevil.example', '%2F%09%2Fevil.example', '%2F%5C%5Cevil.example', '%2F%255Cevil.example', '%2F%2Fevil.example',
      'https%3A%2F%2Fevil.example', '%2Fprofile%0D%0ASet-Cookie%3A%20a%3Db', '%2Fprofile%00', '%2Fcaf%C3%A9', '%2Fprofile%0A'];
    for (const from of attacks) {
      const res = await page(`/login?from=${from}`, token);
      expect(res.statusCode, from).toBeGreaterThanOrEqual(300);
      expect(res.statusCode, from).toBeLessThan(500);
      const location = String(res.headers.location ?? '');
      expect(location, from).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
      expect(new URL(location, 'http://localhost').host, from).toBe('localhost');
    }
    expect((await page('/login?from=%2Fcaf%C3%A9', token)).headers.location).toBe('/caf%C3%A9');
    expect((await page('/login?from=%2Fdiscussion%3Fcategory%3Dclimate-action', token)).headers.location).toBe('/discussion?category=climate-action');
  });

  it('answers 404 for a path that is no screen, and HEAD without a body', async () => {
    const missing = await page('/nowhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Page not found</h1>');
    const head = await ctx().app.inject({ method: 'HEAD', url: '/articles' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('keeps a page drawn for nobody until the community changes, compressed once', async () => {
    // The app draws '/' once, two seconds after it is ready (PageAnswers.warm, a timer): counted from after it, so the
    // count is this test's drawing alone (on a loaded machine the timer fired between the two requests below).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const before = await renders();
    const first = await page('/articles', undefined, { 'accept-encoding': 'gzip' });
    const second = await page('/articles', undefined, { 'accept-encoding': 'gzip' });
    expect(await renders()).toBe(before + 1);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.vary).toContain('cookie');
    expect(first.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(second.rawPayload).toString()).toBe(gunzipSync(first.rawPayload).toString());

    const ada = await member(ctx(), 'writer@example.com');
    const created = await send(ctx(), createDiscussion, {
      token: ada.token,
      body: { title: 'A post that changes the page', content: '<p>Body</p>', category: 'climate-action', subcategory: 'embodied-carbon' },
    });
    expect(created.statusCode).toBe(200);
    const after = await page('/articles');
    expect(after.statusCode).toBe(200);
    expect(await renders()).toBe(before + 2);
  });

  it('keeps a page drawn for nobody as long as nothing can change it unheard: a minute on PGlite, CONTENT_CACHE_SECONDS on PostgreSQL', async () => {
    const bound = pageMaxAgeMs(ctx().database.kind, 10);
    // PGlite has no other process whose content import could go unheard (ADR 109); PostgreSQL may have several.
    expect(bound).toBe(ctx().database.kind === 'pglite' ? 60_000 : 10_000);
    expect(pageMaxAgeMs(ctx().database.kind, 0)).toBe(0);
    const before = await renders();
    await page('/articles');
    expect(await renders()).toBe(before + 1);
    // Until half the bound the kept page is served as it is; past it, it is drawn again while the kept one is served.
    ctx().clock.advance(bound / 2 - 1);
    expect((await page('/articles')).statusCode).toBe(200);
    expect(await renders()).toBe(before + 1);
    ctx().clock.advance(bound / 2 + 1);
    expect((await page('/articles')).statusCode).toBe(200);
    expect(await renders()).toBe(before + 2);
  });

  it('draws a page for a member every time, for that member only, and never keeps it', async () => {
    const ada = await member(ctx(), 'ada-pages@example.com');
    const bo = await member(ctx(), 'bo-pages@example.com');
    const before = await renders();
    const answers = await Promise.all([ada, bo, ada, bo].map((who) => page('/articles', who.token)));
    expect(await renders()).toBe(before + 4);
    answers.forEach((res, i) => {
      const [own, other] = i % 2 ? [bo, ada] : [ada, bo];
      expect(res.body).toContain(`For ${own.email}`);
      expect(res.body).not.toContain(other.email);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    });
  });

  it('never serves the page bundle itself', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/ssr/render.cjs' });
    expect(res.body).not.toContain('exports.render');
  });
});

describeWithApp('pages drawn for visitors, under a budget', { seed: true, env: { STATIC_DIR: staticDir, CONTENT_CACHE_SECONDS: '10', RATE_LIMIT: 'on' } }, (ctx) => {
  const visit = (url: string, address: string) => ctx().app.inject({ method: 'GET', url, remoteAddress: address });

  it('keeps a page by the parameters the screens read: junk parameters make no new render (ADR 125)', async () => {
    expect((await visit('/articles?category=energy', '198.51.100.50')).statusCode).toBe(200);
    const before = await renders();
    for (const junk of ['x=1', 'x=2', 'utm_source=news&x=3', 'x=%0A', `x=${'a'.repeat(4000)}`]) {
      const res = await visit(`/articles?category=energy&${junk}`, '198.51.100.50');
      expect(res.statusCode, junk).toBe(200);
    }
    expect(await renders()).toBe(before);
  });

  it('refuses an address past its budget of pages not kept with a 429 page and Retry-After; kept pages still come', async () => {
    const address = '198.51.100.51';
    for (let i = 0; i < READ_LIMITS.visitorPage.max; i++) expect((await visit(`/articles?q=page${i}`, address)).statusCode).toBe(200);
    const refused = await visit('/articles?q=one-more', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('Too many attempts. Please try again in 1 minute.');
    expect((await visit('/articles?q=page0', address)).statusCode).toBe(200);
    expect((await visit('/articles?q=one-more', '198.51.100.52')).statusCode).toBe(200);
  });
});
