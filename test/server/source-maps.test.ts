/**
 * Source maps are not served unless SOURCE_MAPS=public (ADR 127): over HTTP, a built folder's `.map` answers 404 by
 * default in every spelling of its path, while the script beside it is still served; with SOURCE_MAPS=public it is 200.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { describeWithApp } from './fixture';

// A built SPA in miniature: the page, one script pointing at its map, the map, and a style's map.
const staticDir = mkdtempSync(join(tmpdir(), 'sl-source-maps-'));
const SCRIPT = 'console.log("app");\n//# sourceMappingURL=main.0123456789.js.map\n';
const MAP = JSON.stringify({ version: 3, sources: ['webpack://sustainlearn/./src/ui/secret-source.tsx'], mappings: 'AAAA' });
mkdirSync(join(staticDir, 'static', 'js'), { recursive: true });
mkdirSync(join(staticDir, 'static', 'css'), { recursive: true });
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>SustainLearn</title><script defer src="/static/js/main.0123456789.js"></script>');
writeFileSync(join(staticDir, 'static', 'js', 'main.0123456789.js'), SCRIPT);
writeFileSync(join(staticDir, 'static', 'js', 'main.0123456789.js.map'), MAP);
writeFileSync(join(staticDir, 'static', 'css', 'main.0123456789.css.map'), MAP);
writeFileSync(join(staticDir, 'root.map'), MAP);
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const MAP_URLS = [
  '/static/js/main.0123456789.js.map',
  '/static/css/main.0123456789.css.map',
  '/root.map',
  '/static/js/main.0123456789.js.map?v=1',
  '/static/js/main.0123456789.js%2Emap',
  '/static/js/main.0123456789.js.%6dap',
  '/static/js/main.0123456789.JS.MAP',
  // A map that is not there is a 404 too, not the SPA's page.
  '/static/js/missing.js.map',
];

it('refuses a SOURCE_MAPS that is neither public nor off, naming it', () => {
  expect(() => loadConfig({ SOURCE_MAPS: 'on' })).toThrow(ConfigError);
  expect(() => loadConfig({ SOURCE_MAPS: 'on' })).toThrow(/^Invalid configuration: SOURCE_MAPS="on"/);
  expect(loadConfig({}).publicSourceMaps).toBe(false);
  expect(loadConfig({ SOURCE_MAPS: 'public' }).publicSourceMaps).toBe(true);
});

describeWithApp('source maps by default', { env: { STATIC_DIR: staticDir } }, (ctx) => {
  it('serves the script and the page, and answers 404 for every source map, GET and HEAD', async () => {
    const script = await ctx().app.inject({ method: 'GET', url: '/static/js/main.0123456789.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe(SCRIPT);
    const page = await ctx().app.inject({ method: 'GET', url: '/articles' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>SustainLearn</title>');
    for (const url of MAP_URLS) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await ctx().app.inject({ method, url });
        expect({ url, method, status: res.statusCode }).toEqual({ url, method, status: 404 });
        expect(res.body).not.toContain('secret-source');
        expect(res.body).not.toContain('<title>');
      }
    }
  });
});

describeWithApp('source maps with SOURCE_MAPS=public', { env: { STATIC_DIR: staticDir, SOURCE_MAPS: 'public' } }, (ctx) => {
  it('serves the maps that are there, and still answers 404 for one that is not', async () => {
    for (const url of ['/static/js/main.0123456789.js.map', '/static/css/main.0123456789.css.map', '/root.map']) {
      const res = await ctx().app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.body).toBe(MAP);
    }
    expect((await ctx().app.inject({ method: 'GET', url: '/static/js/main.0123456789.js' })).statusCode).toBe(200);
    expect((await ctx().app.inject({ method: 'GET', url: '/static/js/missing.js.map' })).statusCode).toBe(404);
  });
});
