/**
 * Bundle weight per route: the initial chunks (named in index.html, loaded before anything renders) and, apart, the
 * lazy chunks the route fetches while it renders; gzip and brotli sizes of each, and the total of all chunks.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser } from 'playwright';
import type { PreloadTable } from '../src/contract/page-render';
import { preloadTableOf } from '../server/render/page-preloads';

export interface Weight {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteBundle {
  route: string;
  signedIn: boolean;
  initialJs: Weight;
  initialCss: Weight;
  /** The initial scripts and the route's own chunks the page preloads: all that must arrive before it answers input. */
  beforeInteractiveJs: Weight;
  lazyJs: Weight;
  lazyCss: Weight;
  lazyFiles: string[];
}

const cache = new Map<string, Weight>();
function weigh(file: string): Weight {
  let w = cache.get(file);
  if (!w) {
    const buf = readFileSync(file);
    w = {
      raw: buf.length,
      gzip: gzipSync(buf, { level: 9 }).length,
      brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    };
    cache.set(file, w);
  }
  return w;
}

const sum = (files: string[], dir: string): Weight =>
  files.reduce((acc, f) => {
    const w = weigh(join(dir, f));
    return { raw: acc.raw + w.raw, gzip: acc.gzip + w.gzip, brotli: acc.brotli + w.brotli };
  }, { raw: 0, gzip: 0, brotli: 0 });

export function initialFiles(staticDir: string): string[] {
  const html = readFileSync(join(staticDir, 'index.html'), 'utf8');
  // The app's own scripts (its loader adds them once a page has painted, ADR 190) and stylesheets: preload links fetch
  // lazy chunks early but nothing waits for them to render.
  const scripts = table(html).m.map((file) => file.replace(/^\//, ''));
  const styles = [...html.matchAll(/<link[^>]*\shref="\/(static\/[^"]+\.css)"[^>]*\srel="stylesheet"|<link[^>]*\srel="stylesheet"[^>]*\shref="\/(static\/[^"]+\.css)"/g)];
  return [...scripts, ...styles.map((m) => (m[1] ?? m[2])!)];
}

/** index.html's preload table; the figures must not fall to nothing when it changes shape: one the bench cannot read stops it. */
function table(html: string): PreloadTable {
  const found = preloadTableOf(html);
  if (!found || found.m.length === 0) throw new Error("bench: index.html's preload table is missing or names none of the app's scripts");
  return found;
}

/** The chunks index.html's inline script preloads for a path (the route table's first match), as the browser runs it. */
export function routePreloads(staticDir: string, path: string, signedIn: boolean): string[] {
  const { f: files, r: routes } = table(readFileSync(join(staticDir, 'index.html'), 'utf8'));
  const pathname = new URL(path, 'http://x').pathname;
  const route = routes.find(([pattern]) => new RegExp(pattern).test(pathname));
  if (!route || (route[1] && !signedIn)) return [];
  return route[2].map((n) => files[n]!.replace(/^\//, ''));
}

export function allChunks(staticDir: string): { js: Weight; css: Weight; count: number } {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(staticDir, dir))) {
      const rel = join(dir, name);
      if (statSync(join(staticDir, rel)).isDirectory()) walk(rel);
      else if (/\.(js|css)$/.test(name)) files.push(rel);
    }
  };
  walk('static');
  return { js: sum(files.filter((f) => f.endsWith('.js')), staticDir), css: sum(files.filter((f) => f.endsWith('.css')), staticDir), count: files.length };
}

export async function measureRoutes(
  browser: Browser,
  baseUrl: string,
  staticDir: string,
  routes: { path: string; signedIn: boolean; ready: string }[],
  token: string,
): Promise<RouteBundle[]> {
  const initial = initialFiles(staticDir);
  const out: RouteBundle[] = [];
  for (const route of routes) {
    const context = await browser.newContext({ baseURL: baseUrl });
    if (route.signedIn) await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
    const page = await context.newPage();
    const loaded = new Set<string>();
    page.on('requestfinished', (request) => {
      const path = new URL(request.url()).pathname.slice(1);
      if (/^static\/.+\.(js|css)$/.test(path)) loaded.add(path);
    });
    await page.goto(route.path);
    await page.locator(route.ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await context.close();
    const lazy = [...loaded].filter((f) => !initial.includes(f));
    out.push({
      route: route.path,
      signedIn: route.signedIn,
      initialJs: sum(initial.filter((f) => f.endsWith('.js')), staticDir),
      initialCss: sum(initial.filter((f) => f.endsWith('.css')), staticDir),
      beforeInteractiveJs: sum([...new Set([...initial, ...routePreloads(staticDir, route.path, route.signedIn)])].filter((f) => f.endsWith('.js')), staticDir),
      lazyJs: sum(lazy.filter((f) => f.endsWith('.js')), staticDir),
      lazyCss: sum(lazy.filter((f) => f.endsWith('.css')), staticDir),
      lazyFiles: lazy,
    });
  }
  return out;
}
