/**
 * One rendered page as a document (ADR 100): the built index.html with the page's head (title, description, canonical,
 * Open Graph, JSON-LD), its styles inlined (the app's and the screen's: nothing blocks the first paint), the rendered
 * markup in #root and the data the browser hydrates from. Pure string work; nothing here reads a file or the database.
 */
import { THEME_COLORS, type ThemeChoice } from '../../src/domain/theme';
import type { PageBundle } from './page-bundle';
import { withPreloads } from './page-preloads';

export interface PageParts {
  /** Tags for <head> that replace the template's title and description; null keeps the template's. */
  head: string | null;
  /** The markup of #root. */
  html: string;
  /** The page's data as JSON. */
  data: string;
  /** The screen's name in the route table, for its stylesheet. */
  page: string | null;
  /** The address's path, for the chunks the page preloads once it has painted (ADR 190). */
  pathname?: string;
  /** The reader's theme cookie (ADR 165): 'light' or 'dark' is written on <html>, so the first paint has it. */
  theme: ThemeChoice;
}

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
export function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** CSS inside a <style> element: it cannot close the element. */
function styleSafe(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

/** The resource hints React writes at the start of a render of the app's root (its images' preloads). */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*>)+/;

/**
 * A chosen theme written into the document (ADR 165): `data-theme` on <html>, which the stylesheet obeys over the
 * device's preference, and the browser bar's colour for that theme whatever the device prefers. 'system' leaves the
 * template as built: a colour for each preference, and the stylesheet's media query.
 */
export function themed(html: string, theme: ThemeChoice): string {
  if (theme === 'system') return html;
  return html
    .replace(/<html([^>]*)>/, (_, attributes: string) => `<html${attributes.replace(/\s+data-theme="[^"]*"/, '')} data-theme="${theme}">`)
    .replace(/<meta name="theme-color"([^>]*)>/g, (_, attributes: string) =>
      `<meta name="theme-color"${attributes.replace(/\s+media="[^"]*"/, '').replace(/content="[^"]*"/, `content="${THEME_COLORS[theme]}"`)}>`);
}

export function pageDocument(bundle: Pick<PageBundle, 'template' | 'appCss' | 'pageCss' | 'cssMarks' | 'preloadsFor'>, parts: PageParts): string {
  let html = bundle.template;
  if (bundle.preloadsFor && parts.pathname !== undefined) html = withPreloads(html, bundle.preloadsFor(parts.pathname));
  if (parts.head !== null) {
    html = html.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
    html = html.replace(/(<meta name="viewport"[^>]*>)/, `$1${parts.head}`);
  }
  // React renders only #root, so it writes its preloads (the largest picture's, high priority) there, after the
  // head's inlined styles: tens of kilobytes later than the browser could start the picture. They go first in the
  // head instead; the browser's render never makes them, so hydration is the same.
  const preloads = LEADING_PRELOADS.exec(parts.html)?.[0] ?? '';
  const markup = parts.html.slice(preloads.length);
  if (preloads) html = html.replace(/(<meta name="viewport"[^>]*>)/, (viewport) => `${viewport}${preloads}`);
  const css = [bundle.appCss, parts.page ? (bundle.pageCss[parts.page] ?? '') : ''].join('\n');
  html = html.replace(/<link[^>]*href="[^"]+\.css"[^>]*rel="stylesheet"[^>]*>|<link[^>]*rel="stylesheet"[^>]*href="[^"]+\.css"[^>]*>/g, '');
  const marks = (bundle.cssMarks?.app ?? '') + (parts.page ? (bundle.cssMarks?.pages[parts.page] ?? '') : '');
  html = html.replace('</head>', () => `<style>${styleSafe(css)}</style>${marks}</head>`);
  html = html.replace(/<noscript>[\s\S]*?<\/noscript>/, '');
  html = themed(html, parts.theme);
  return html.replace(
    '<div id="root"></div>',
    () => `<div id="root">${markup}</div><script id="sl-data" type="application/json">${scriptSafeJson(parts.data)}</script>`,
  );
}
