/**
 * The installable app's build (issue 42, ADR 170): the web app manifest, its icons (drawn from one SVG with sharp), the
 * offline page, and the service worker (src/adapters/service-worker/sw.ts), compiled on its own for a worker and then
 * given its precache list by Workbox's injectManifest: the scripts and styles index.html loads first, the icons, the
 * manifest and the offline page. Everything else is kept as it is first used.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Compiler, type RspackOptions, type RuleSetRule, rspack } from '@rspack/core';
import sharp from 'sharp';
import { injectManifest } from 'workbox-build';
import { preloadTableOf } from '../server/render/page-preloads';
import { REPLAY_COMPLETIONS } from '../src/adapters/service-worker/messages';
import { KEPT_CACHE_PREFIX, KEPT_META_URL } from '../src/domain/offline';

export const THEME_COLOR = '#1f6f4a';
const BACKGROUND = '#ffffff';

/** The leaf in its circle (the favicon), on a square; `inset` leaves the safe zone a maskable icon needs. */
function iconSvg(size: number, maskable: boolean): string {
  const scale = maskable ? 0.7 : 1;
  const offset = ((1 - scale) * size) / 2;
  const circle = maskable ? `<rect width="${size}" height="${size}" fill="${THEME_COLOR}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${circle}<g transform="translate(${offset} ${offset}) scale(${(size / 32) * scale})"><circle cx="16" cy="16" r="15" fill="${THEME_COLOR}"/><path d="M9 20c4-9 10-10 14-11-1 6-4 12-12 13" fill="#a7d7b8"/></g></svg>`;
}

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/maskable-192.png', size: 192, maskable: true },
  { file: 'icons/maskable-512.png', size: 512, maskable: true },
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: true },
  { file: 'icons/badge-96.png', size: 96, maskable: false },
] as const;

export const WEB_APP_MANIFEST = {
  id: '/',
  name: 'SustainLearn',
  short_name: 'SustainLearn',
  description: 'Courses, articles, quizzes and a community for the sustainable built environment.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: BACKGROUND,
  theme_color: THEME_COLOR,
  icons: ICONS.filter((icon) => !icon.file.includes('apple') && !icon.file.includes('badge')).map((icon) => ({
    src: `/${icon.file}`, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.maskable ? 'maskable' : 'any',
  })),
  shortcuts: [
    { name: 'My learning', url: '/learning', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    { name: 'Courses', url: '/courses', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    { name: 'Discussions', url: '/sustain-community', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
  ],
};

/** The page the service worker answers with when a page is asked for without a connection. */
const OFFLINE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOR}">
<title>Offline · SustainLearn</title>
<link rel="icon" href="/icons/icon-192.png">
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b2a22;background:#fff;line-height:1.5}
@media (prefers-color-scheme:dark){body{color:#e6efe9;background:#121a16}a{color:#9fd8b5}}
main{max-width:36rem;margin:4rem auto;padding:0 1.25rem}
h1{font-size:1.75rem;margin:0 0 1rem}
a{color:${THEME_COLOR};font-weight:600}
</style>
</head>
<body>
<main>
<h1>You are offline</h1>
<p>This page needs a connection, and this device has none at the moment.</p>
<p>Check your connection, then <a href="">try again</a>.</p>
<section id="kept" hidden aria-labelledby="kept-heading">
<h2 id="kept-heading">Kept on this device</h2>
<p>These open without a connection:</p>
<ul id="kept-list"></ul>
</section>
</main>
<script src="/offline.js"></script>
</body>
</html>
`;

/**
 * The offline page's one script (ADR 174): lists what this device keeps (each kept item's cache holds its description
 * at KEPT_META_URL), newest first, as links that open without a connection. Plain script: the page has no app.
 */
const OFFLINE_JS = `(async () => {
  // Lessons marked complete offline are sent once the connection is back (where the browser has no background sync).
  window.addEventListener('online', () => navigator.serviceWorker && navigator.serviceWorker.controller
    && navigator.serviceWorker.controller.postMessage({ type: ${JSON.stringify(REPLAY_COMPLETIONS)} }));
  if (!('caches' in window)) return;
  const names = (await caches.keys()).filter((name) => name.startsWith(${JSON.stringify(KEPT_CACHE_PREFIX)}));
  const items = [];
  for (const name of names) {
    const meta = await (await caches.open(name)).match(${JSON.stringify(KEPT_META_URL)});
    if (meta) items.push(await meta.json());
  }
  if (items.length === 0) return;
  items.sort((a, b) => b.keptAt.localeCompare(a.keptAt));
  const list = document.getElementById('kept-list');
  for (const item of items) {
    const link = document.createElement('a');
    link.href = item.href;
    link.textContent = item.title;
    const entry = document.createElement('li');
    entry.append(link, ' (' + ({ course: 'course', article: 'article', document: 'document' }[item.kind] || '') + ')');
    list.append(entry);
  }
  document.getElementById('kept').hidden = false;
})();
`;

/** Emits the manifest, the icons and the offline page with the browser build. */
export class PwaAssetsPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PwaAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'PwaAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
        compilation.emitAsset('manifest.webmanifest', new rspack.sources.RawSource(JSON.stringify(WEB_APP_MANIFEST, null, 2)));
        compilation.emitAsset('offline.html', new rspack.sources.RawSource(OFFLINE_HTML));
        compilation.emitAsset('offline.js', new rspack.sources.RawSource(OFFLINE_JS));
        for (const icon of ICONS) {
          const png = await sharp(Buffer.from(iconSvg(icon.size, icon.maskable))).png({ compressionLevel: 9 }).toBuffer();
          compilation.emitAsset(icon.file, new rspack.sources.RawSource(png));
        }
      });
    });
  }
}

/** After the worker is written: Workbox puts the precache list (with each file's revision) where it says. */
class InjectPrecacheList {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tapPromise('InjectPrecacheList', async () => {
      // The folder the build writes to (`--output-path` included), shared with the browser build.
      const outputPath = compiler.options.output.path!;
      const index = readFileSync(join(outputPath, 'index.html'), 'utf8');
      // The styles index.html links and the app's own scripts, which its loader adds once a page has painted (ADR 190).
      const styles = [...index.matchAll(/href="\/(static\/[^"]+\.css)"/g)].map((m) => m[1]!);
      const scripts = (preloadTableOf(index)?.m ?? []).map((file) => file.replace(/^\//, ''));
      if (scripts.length === 0) throw new Error("service worker: index.html names none of the app's scripts");
      const shell = [...styles, ...scripts];
      const sw = join(outputPath, 'sw.js');
      const { warnings } = await injectManifest({
        swSrc: sw,
        swDest: sw,
        globDirectory: outputPath,
        globPatterns: [...shell, 'offline.html', 'offline.js', 'manifest.webmanifest', 'icons/icon-192.png', 'icons/badge-96.png'],
        // Hashed names are their own revision.
        dontCacheBustURLsMatching: /^static\//,
      });
      for (const warning of warnings) console.warn(`service worker: ${warning}`);
    });
  }
}

export function serviceWorkerConfig(outputPath: string, typescriptRule: RuleSetRule): RspackOptions {
  return {
    name: 'service-worker',
    // After the browser build: the precache list is read from its output.
    dependencies: ['browser'],
    mode: 'production',
    target: 'webworker',
    entry: { sw: './src/adapters/service-worker/sw.ts' },
    output: { path: outputPath, filename: 'sw.js', publicPath: '/', clean: false },
    resolve: { extensions: ['.ts', '.js', '.mjs'] },
    devtool: false,
    module: { rules: [typescriptRule] },
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }), new InjectPrecacheList()],
    optimization: { splitChunks: false },
    performance: { hints: false },
  };
}
