/**
 * The renderer port's adapter (ADR 100): the page bundle rspack builds from src/ui/server-entry.tsx, loaded from the
 * built folder at start. The server never imports the views' source; without a built bundle pages are sent unrendered.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { constants, Script } from 'node:vm';
import type { PageRenderer } from '../../src/contract/page-render';
import { type PreloadsFor, preloadsOf } from './page-preloads';

export interface PageBundle {
  renderer: PageRenderer;
  /** The built index.html, the page every document is made from. */
  template: string;
  /** The stylesheets the template links and the shell's own (the bar, the footer): inlined into every page. */
  appCss: string;
  /** Each screen's own stylesheets, by the route table's page name. */
  pageCss: Record<string, string>;
  /**
   * The marks that tell rspack's CSS loader which chunks' styles came inlined (ADR 183): for the shell's, and for each
   * screen's, by page name. Without them the app fetches each inlined file again as it starts and restyles the page.
   */
  cssMarks?: { app: string; pages: Record<string, string> };
  /** The preload table a drawn page carries (ADR 190); absent when the template has none. */
  preloadsFor?: PreloadsFor | null;
}

/**
 * `<link rel="stylesheet" href="…" disabled data-rspack="…">`: a disabled stylesheet is not fetched, and rspack finds
 * its chunk's link. (A link without an address would do as much, but it is not valid HTML.)
 */
function cssMarksOf(files: string[], marks: Record<string, string>): string {
  return files.flatMap((file) => (marks[file] ? [`<link rel="stylesheet" href="${file}" disabled data-rspack="${marks[file]}">`] : [])).join('');
}

/**
 * `require` of a built CommonJS file, without the loader hooks the server runs under: tsx would transform the 3 MB
 * bundle and map it (4.8 s of a fresh start's first page, against 0.14 s for this). What the bundle requires in turn
 * (the sanitizer, sanitize-html, which the server holds already) is required as usual.
 */
function requireAsBuilt(file: string): unknown {
  const module = { exports: {} as unknown };
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`;
  const script = new Script(source, { filename: file, importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

export function loadPageBundle(staticDir: string): PageBundle | null {
  const bundle = join(staticDir, 'ssr', 'render.cjs');
  const index = join(staticDir, 'index.html');
  if (!existsSync(bundle) || !existsSync(index)) return null;
  // The bundle loads with the first page drawn, not while the server starts.
  let loaded: PageRenderer | null = null;
  const load = (): PageRenderer => {
    if (!loaded) {
      const module = requireAsBuilt(bundle) as PageRenderer;
      if (typeof module.render !== 'function') throw new Error(`${bundle} exports no render function`);
      loaded = module;
    }
    return loaded;
  };
  const renderer: PageRenderer = { render: (request) => load().render(request) };
  const template = readFileSync(index, 'utf8');
  const read = (href: string) => readFileSync(join(staticDir, href.replace(/^\//, '')), 'utf8');
  const linked = [...template.matchAll(/<link[^>]*href="([^"]+\.css)"[^>]*>/g)].map((m) => m[1]!);
  const manifest = JSON.parse(readFileSync(join(staticDir, 'ssr', 'pages.json'), 'utf8')) as {
    shell?: string[];
    pages: Record<string, string[]>;
    marks?: Record<string, string>;
  };
  const pageCss = Object.fromEntries(Object.entries(manifest.pages).map(([page, files]) => [page, files.map(read).join('\n')]));
  const appFiles = [...new Set([...linked, ...(manifest.shell ?? [])])];
  const marks = manifest.marks ?? {};
  const cssMarks = {
    app: cssMarksOf(appFiles, marks),
    pages: Object.fromEntries(Object.entries(manifest.pages).map(([page, files]) => [page, cssMarksOf(files, marks)])),
  };
  return { renderer, template, appCss: appFiles.map(read).join('\n'), pageCss, cssMarks, preloadsFor: preloadsOf(template) };
}
