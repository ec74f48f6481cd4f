import { createRequire } from 'node:module';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from '@rspack/cli';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { type Compilation, type Compiler, rspack } from '@rspack/core';
import { PwaAssetsPlugin, serviceWorkerConfig } from './scripts/pwa-build';
import { TOKEN_COOKIE } from './src/adapters/cookie-token-store';
import { PAGE_DATA_ID } from './src/ui/page-data-id';
import { PRELOADS_ELEMENT_ID, type PreloadTable } from './src/contract/page-render';
import { patternSource, ROUTE_TABLE } from './src/ui/route-table';
import { OFFLINE_ASSETS_FILE } from './src/domain/offline';

const isProd = process.env.NODE_ENV !== 'development';
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * Writes `name.br` and `name.gz` beside every text asset over 1 KB, at the highest levels, once per build: the server
 * sends them as they are (@fastify/static `preCompressed`), so no request pays for compression.
 */
class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!/\.(js|css|html|svg|json|txt)$/.test(name)) continue;
            const source = asset.buffer();
            if (source.length < 1024) continue;
            const br = brotliCompressSync(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            });
            compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(br));
            compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(gzipSync(source, { level: 9 })));
          }
        },
      );
    });
  }
}

/**
 * V8's explicit compile hint (ADR 110) on the chunks that run only when the reader acts: the HTTP adapter with effect
 * and zod, and the community's contract. They are fetched after the first paint and run on the first call, which
 * then compiled their functions one by one on the main thread, inside the interaction; with the hint V8 compiles
 * them all when the script loads, on a background thread. Chunks that run on load keep lazy compilation.
 */
class CompileHintPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification (which would drop the comment), before the source maps are made (so they stay in step).
        { name: 'CompileHintPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 50 },
        () => {
          const initial = entryFiles(compilation);
          const files = ['http', 'contract-community'].flatMap((name) => groupFiles(compilation, name)).filter((file) => file.endsWith('.js') && !initial.has(file));
          for (const file of new Set(files)) {
            compilation.updateAsset(file, (source) => new rspack.sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source));
          }
        },
      );
    });
  }
}

/** The files of the entry's own chunks: what index.html loads before anything else. */
function entryFiles(compilation: Compilation): Set<string> {
  return new Set(compilation.entrypoints.get('main')!.chunks.flatMap((chunk) => [...chunk.files]));
}

/** The JS and CSS files of a named chunk group (a lazily imported module and what it shares with others). */
function groupFiles(compilation: Compilation, name: string): string[] {
  const group = compilation.namedChunkGroups.get(name);
  if (!group) throw new Error(`PreloadPlugin: no chunk group named ${name}`);
  return group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file));
}

/**
 * The files of a page's parts that the server draws with it and the page awaits before it hydrates (lazy-part.tsx):
 * chunks named `page-<page>-<part>`. They are preloaded with the page's own chunk, not fetched after it.
 */
function partFiles(compilation: Compilation, page: string): string[] {
  return [...compilation.namedChunkGroups.keys()]
    .filter((name) => name.startsWith(`page-${page}-`))
    .flatMap((name) => groupFiles(compilation, name));
}

/**
 * Ends the waterfall "index.html, then the app's code, then the page's code": index.html gets a tiny inline script
 * that, once the page has painted, adds the app's own script (ADR 190), preloads the chunks its start imports and those
 * of the page at this URL (the first match in the route table; members-only pages only when the session cookie is
 * there), and prefetches the HTTP adapter. The table is a JSON block the server cuts to the drawn page's row.
 * It also writes ssr/pages.json: the styles the server inlines for each page (ADR 100).
 */
class PreloadPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PreloadPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap('PreloadPlugin', (data) => {
        const initial = entryFiles(compilation);
        const later = (files: string[]) => [...new Set(files)].filter((file) => !initial.has(file)).map((file) => `/${file}`);
        const always = later(groupFiles(compilation, 'http'));
        const boot = later(groupFiles(compilation, 'boot'));
        // Files are listed once and routes refer to them by index, which keeps the inline script small.
        const files: string[] = [];
        const index = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
        // A page's styles come inlined with it (below), so only its scripts are preloaded.
        const routes: PreloadTable['r'] = ROUTE_TABLE.map((route) => [
          patternSource(route.path),
          route.signedIn ? 1 : 0,
          later([...groupFiles(compilation, `page-${route.page}`), ...partFiles(compilation, route.page)])
            .filter((file) => file.endsWith('.js') && !always.includes(file) && !boot.includes(file)).map(index),
        ]);
        // The page arrives drawn (ADR 100): its first paint needs none of the app's code, so nothing is fetched before it
        // (bytes fetched earlier compete with the page and its largest picture on a slow link). Once its first content
        // has been shown (as in src/ui/after-first-paint.ts, which main.tsx starts the app with), the page's own chunks
        // are preloaded beside the app, and the HTTP adapter, which only the first call needs, is prefetched. A page
        // that came without markup fetches them at once. The links are added one to a task, the page's first: a link's
        // insertion (Blink's request for it) cost 4 ms at 4x CPU on a quiet day and 10 to 30 ms on a busy one, when four
        // to a task made tasks of 50 to 140 ms (ADR 186).
        // The app's own scripts are not in the page: the loader adds them once the page has painted (ADR 190).
        const main = [...initial].filter((file) => file.endsWith('.js')).map((file) => `/${file}`);
        const table: PreloadTable = { m: main, b: boot.filter((file) => file.endsWith('.js')), f: files, r: routes, a: always };
        const script = `(function(){var j=JSON.parse(document.getElementById(${JSON.stringify(PRELOADS_ELEMENT_ID)}).textContent),f=j.f,r=j.r,p=location.pathname,s=document.cookie.indexOf(${JSON.stringify(`${TOKEN_COOKIE}=`)})>=0;function k(h,rel){var l;if(rel==="script"){l=document.createElement("script");l.src=h;l.async=false}else{l=document.createElement("link");l.rel=rel;l.href=h;l.as=/\\.css$/.test(h)?"style":"script";if(rel==="preload")l.fetchPriority="low"}document.head.appendChild(l)}function go(){var q=[];j.m.forEach(function(h){q.push([h,"script"])});j.b.forEach(function(h){q.push([h,"preload"])});for(var i=0;i<r.length;i++){if(!new RegExp(r[i][0]).test(p))continue;if(!r[i][1]||s)r[i][2].forEach(function(n){q.push([f[n],"preload"])});break}j.a.forEach(function(h){q.push([h,"prefetch"])});(function next(){var x=q.shift();if(x){k(x[0],x[1]);setTimeout(next,0)}})()}function after(){var d=0,run=function(){if(!d){d=1;setTimeout(go,0)}};if(!document.getElementById(${JSON.stringify(PAGE_DATA_ID)}))return run();try{var o=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();run()}});o.observe({type:"paint",buffered:true})}catch(e){requestAnimationFrame(run)}setTimeout(run,3000)}document.readyState==="loading"?document.addEventListener("DOMContentLoaded",after):after()})();`;
        // What the server needs to inline a page's styles on its first view (ADR 100): each page's own CSS files.
        // A page's lazy parts that the server draws too (the home page's carousels) count as the page's.
        const withDescendants = (name: string, skip: (child: string) => boolean = () => false) => {
          const seen = new Set<string>();
          const files: string[] = [];
          const walk = (group: { chunks: { files: Iterable<string> }[]; childrenIterable: Iterable<unknown>; name?: string | undefined }) => {
            for (const chunk of group.chunks) files.push(...chunk.files);
            for (const child of group.childrenIterable as Iterable<typeof group>) {
              const key = child.name ?? child.chunks.flatMap((c) => [...c.files]).join();
              if (seen.has(key) || (child.name && skip(child.name))) continue;
              seen.add(key);
              walk(child);
            }
          };
          walk(compilation.namedChunkGroups.get(name)!);
          return files;
        };
        const pages = Object.fromEntries(
          ROUTE_TABLE.map((route) => [route.page, later(withDescendants(`page-${route.page}`)).filter((file) => file.endsWith('.css'))]),
        );
        // The shell's own styles (the bar and the footer come with the app, in boot's chunk) are inlined on every page.
        const shell = boot.filter((file) => file.endsWith('.css'));
        // Each inlined file's mark for rspack's CSS loader (ADR 183): with a `<link rel="stylesheet">` carrying
        // `data-rspack="<uniqueName>:chunk-<id>"` in the page, the loader takes the chunk's styles as there already,
        // instead of fetching the same file, parsing it again and restyling the whole page as the app starts.
        const inlined = new Set([...shell, ...Object.values(pages).flat()]);
        const marks: Record<string, string> = {};
        for (const chunk of compilation.chunks) {
          for (const file of chunk.files) {
            if (inlined.has(`/${file}`)) marks[`/${file}`] = `${compilation.outputOptions.uniqueName}:chunk-${chunk.id}`;
          }
        }
        compilation.emitAsset('ssr/pages.json', new rspack.sources.RawSource(JSON.stringify({ shell, pages, marks })));
        // What a page kept for offline reading needs (ADR 174): the app's own chunks and each page's, with every chunk
        // it may load later, so a kept page hydrates and moves on without a connection.
        const code = (files: string[]) => [...new Set(files)].filter((file) => /\.(js|css)$/.test(file)).map((file) => `/${file}`);
        const offline = {
          // What the app loads later whatever the page (the contract's modules with a machine's first call, the
          // toasts, the dialogs): every chunk the app's code may load that is not a page's.
          common: code([...initial, ...groupFiles(compilation, 'http'), ...withDescendants('boot', (name) => name.startsWith('page-'))]),
          pages: Object.fromEntries(ROUTE_TABLE.map((route) => [route.page, code(withDescendants(`page-${route.page}`))])),
        };
        compilation.emitAsset(OFFLINE_ASSETS_FILE, new rspack.sources.RawSource(JSON.stringify(offline)));
        // The table is data the script reads (ADR 190): the server puts only the drawn page's row in a page it draws,
        // 2 KB less of every page's first flight, and the script, so its hash in the CSP, stays the same.
        const element = `<script id="${PRELOADS_ELEMENT_ID}" type="application/json">${JSON.stringify(table)}</script>`;
        const entryScripts = new RegExp(`<script[^>]*src="(?:${main.map((file) => file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})"[^>]*></script>`, 'g');
        data.html = data.html.replace(entryScripts, '').replace('</head>', `${element}<script>${script}</script></head>`);
        return data;
      });
    });
  }
}

const require = createRequire(import.meta.url);

/**
 * Puts one of our modules (`src/ui/i18n/<file>`) in place of the React Aria module `request` names, where the React
 * Aria modules in the folders `dirs` import it.
 */
const inReactAria = (request: RegExp, dirs: string, file: string) => {
  const importers = new RegExp(`react-aria[\\\\/]dist[\\\\/]private[\\\\/](${dirs})$`);
  return new rspack.NormalModuleReplacementPlugin(request, (resolveData) => {
    if (importers.test(resolveData.context)) resolveData.request = new URL(`./src/ui/i18n/${file}`, import.meta.url).pathname;
  });
};
/**
 * React Aria's default locale is US English, without asking the browser (ADR 115): its own module asks Intl as it is
 * evaluated, which loads the browser's ICU data in a long task of every page's load. Both builds use the fixed one, so
 * the server's drawing and the browser's hydration agree.
 */
const fixedDefaultLocale = () => inReactAria(/^\.\/useDefaultLocale\.m?js$/, 'i18n', 'default-locale.ts');
/**
 * React Aria's ids from React's `useId` alone (ADR 185): its own id hook subscribes every component to a store whose
 * server answer differs from the browser's, and React renders them all again, at once, as each page goes live. Only
 * its `useId` imports `useSSRSafeId`; `useIsSSR` stays React Aria's own for the overlays that need it.
 */
const idsWithoutStore = () => inReactAria(/^\.\.\/ssr\/SSRProvider\.mjs$/, 'utils', 'react-aria-ids.ts');
/**
 * React Aria's answers that change as a page goes live, learnt in a transition rather than in a synchronous render
 * (ADR 194): `useIsSSR` where its disclosures and its focus-visible state ask it, and the slots of its fields, radios
 * and toggles.
 */
const liveInTransitions = () => [
  inReactAria(/^\.\.\/ssr\/SSRProvider\.mjs$/, 'disclosure|interactions', 'react-aria-is-ssr.ts'),
  inReactAria(/^\.\.\/utils\/useId\.mjs$/, 'label', 'react-aria-slots.ts'),
  inReactAria(/^\.\.\/utils\/useSlot\.mjs$/, 'radio|toggle', 'react-aria-slots.ts'),
];
/** The page bundle sanitizes stored HTML with sanitize-html, not DOMPurify over jsdom (ADR 129): same allowlists. */
const serverSanitizer = () =>
  new rspack.NormalModuleReplacementPlugin(/^\.\/sanitize-markup$/, (resolveData) => {
    if (/src[\\/]ui[\\/]components$/.test(resolveData.context)) resolveData.request = './sanitize-markup.server';
  });
const outputPath = new URL('./dist', import.meta.url).pathname;

function typescriptRule(development: boolean) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true, decorators: true },
        transform: {
          legacyDecorator: true,
          decoratorMetadata: false,
          react: { runtime: 'automatic', development, refresh: false },
        },
        target: 'es2022',
      },
    },
    type: 'javascript/auto',
  } as const;
}

/**
 * The page bundle (ADR 100): the same views built for Node from src/ui/server-entry.tsx into one CommonJS file,
 * `ssr/render.cjs` beside the browser's files, which the server loads through its renderer port. Styles are the
 * browser's; pictures keep the browser build's names without being written twice.
 */
const renderConfig = defineConfig({
  name: 'render',
  // After the browser build, which cleans the folder first.
  dependencies: ['browser'],
  mode: 'production',
  target: 'node20',
  entry: { render: './src/ui/server-entry.tsx' },
  output: {
    path: outputPath,
    filename: 'ssr/render.cjs',
    library: { type: 'commonjs2' },
    assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
    publicPath: '/',
    clean: false,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
  devtool: false,
  module: {
    rules: [
      typescriptRule(false),
      { test: /\.css$/, loader: require.resolve('./scripts/empty-loader.cjs'), type: 'javascript/auto' },
      { test: /\.(svg|png|webp|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  // The server's own sanitize-html, found where it was built: one copy in the process, for what it stores and draws.
  externals: { 'sanitize-html': `commonjs ${require.resolve('sanitize-html')}` },
  plugins: [
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
    optimizeLocales.rspack({ locales: ['en-US'] }),
    fixedDefaultLocale(),
    idsWithoutStore(),
    ...liveInTransitions(),
    serverSanitizer(),
    new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
  ],
  // Printed without comments and in ASCII, neither compressed nor mangled (names stay in stack traces): the server keeps
  // the bundle's source in memory, 3 MB of one-byte text instead of 6 MB that a few characters made two-byte (ADR 129).
  optimization: {
    minimize: true,
    minimizer: [new rspack.SwcJsMinimizerRspackPlugin({ extractComments: false, minimizerOptions: { compress: false, mangle: false, format: { comments: false, asciiOnly: true } } })],
    splitChunks: false,
  },
  performance: { hints: false },
});

const browserConfig = defineConfig({
  name: 'browser',
  mode: isProd ? 'production' : 'development',
  entry: { main: './src/ui/main.tsx' },
  output: {
    path: outputPath,
    filename: isProd ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
    chunkFilename: isProd ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
    cssFilename: isProd ? 'static/css/[name].[contenthash:10].css' : 'static/css/[name].css',
    cssChunkFilename: isProd ? 'static/css/[name].[contenthash:10].css' : 'static/css/[name].css',
    assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
    publicPath: '/',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
  devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
  module: {
    rules: [
      typescriptRule(!isProd),
      { test: /\.css$/, type: 'css/auto' },
      // slick-carousel's `cursor: hand` (no CSS value; ADR 162) is dropped from its stylesheet.
      { test: /[\\/]slick-carousel[\\/]slick[\\/]slick\.css$/, loader: require.resolve('./scripts/standard-cursor-loader.cjs') },
      { test: /\.(svg|png|webp|woff2?)$/, type: 'asset/resource' },
    ],
  },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './src/ui/index.html', inject: 'body', scriptLoading: 'defer' }),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isProd ? 'production' : 'development') }),
    // The product is in US English: react-aria's strings for its 30-odd other languages stay out of the bundle.
    optimizeLocales.rspack({ locales: ['en-US'] }),
    fixedDefaultLocale(),
    idsWithoutStore(),
    ...liveInTransitions(),
    new PwaAssetsPlugin(),
    ...(isProd ? [new PreloadPlugin(), new CompileHintPlugin(), new PrecompressPlugin()] : []),
  ],
  optimization: {
    splitChunks: { chunks: 'all' },
  },
  performance: { hints: false },
  devServer: {
    port: 5173,
    hot: true,
    historyApiFallback: true,
    proxy: [{ context: ['/api', '/files', '/media'], target: apiTarget }],
  },
});

// The development build (`npm run dev`) is the browser's alone: pages render in the browser there. Production makes both.
// The service worker (ADR 170) only in production: in development it would keep old code under hot reloading.
export default isProd ? [browserConfig, renderConfig, defineConfig(serviceWorkerConfig(outputPath, typescriptRule(false)))] : browserConfig;
