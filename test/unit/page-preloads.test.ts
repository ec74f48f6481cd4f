/**
 * The preload table a drawn page carries (ADR 190): only the first route matching its path, with that route's files,
 * as the inline loader would have picked from the whole table; the loader's own script is left as built.
 */
import { describe, expect, it } from 'vitest';
import type { PreloadTable } from '../../src/contract/page-render';
import { pageDocument } from '../../server/render/page-document';
import { preloadsOf } from '../../server/render/page-preloads';

const TABLE: PreloadTable = {
  m: ['/static/js/main.js'],
  b: ['/static/js/boot.js', '/static/js/vendor.js'],
  f: ['/static/js/page-home.js', '/static/js/shared.js', '/static/js/page-articles.js', '/static/js/page-article.js', '/static/js/page-courses.js', '/static/js/odd<.js'],
  r: [
    ['^/$', 0, [0, 1]],
    ['^/articles$', 0, [1, 2]],
    ['^/articles/[^/]+$', 0, [1, 3]],
    ['^/courses(?:/.*)?$', 1, [4]],
    ['^/odd$', 0, [5]],
  ],
  a: ['/static/js/http.js'],
};
/** What every page keeps of the table: the app's scripts, its start's chunks, the prefetches. */
const APP = { m: TABLE.m, b: TABLE.b, a: TABLE.a };
const LOADER = '<script>(function(){/* reads #sl-preload */})();</script>';
const TEMPLATE = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>T</title><script id="sl-preload" type="application/json">${JSON.stringify(TABLE)}</script>${LOADER}</head><body><div id="root"></div></body></html>`;

const preloadsFor = preloadsOf(TEMPLATE)!;
const tableIn = (html: string) => JSON.parse(/<script id="sl-preload" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!) as PreloadTable;

describe('preloadsOf', () => {
  it("keeps only the first matching route's row, with its own files", () => {
    expect(JSON.parse(preloadsFor('/articles/abc'))).toEqual({ ...APP, f: ['/static/js/shared.js', '/static/js/page-article.js'], r: [['^/articles/[^/]+$', 0, [0, 1]]] });
    expect(JSON.parse(preloadsFor('/'))).toEqual({ ...APP, f: ['/static/js/page-home.js', '/static/js/shared.js'], r: [['^/$', 0, [0, 1]]] });
  });

  it("keeps a members' route members-only, and a path no route matches keeps only the app's own files", () => {
    expect(JSON.parse(preloadsFor('/courses/view/1')).r).toEqual([['^/courses(?:/.*)?$', 1, [0]]]);
    expect(JSON.parse(preloadsFor('/nowhere'))).toEqual({ ...APP, f: [], r: [] });
  });

  it('cannot close its element', () => {
    expect(preloadsFor('/odd')).not.toContain('<');
    expect(JSON.parse(preloadsFor('/odd')).f).toEqual(['/static/js/odd<.js']);
  });

  it('is absent when the template carries no table', () => {
    expect(preloadsOf('<html><head></head><body></body></html>')).toBeNull();
  });
});

describe('a drawn page', () => {
  const bundle = { template: TEMPLATE, appCss: '', pageCss: {}, preloadsFor };

  it("carries its own route's row and the loader unchanged", () => {
    const html = pageDocument(bundle, { head: null, html: '<main></main>', data: '{}', page: 'articles', pathname: '/articles', theme: 'system' });
    expect(tableIn(html)).toEqual({ ...APP, f: ['/static/js/shared.js', '/static/js/page-articles.js'], r: [['^/articles$', 0, [0, 1]]] });
    expect(html).toContain(LOADER);
    expect(html.match(/id="sl-preload"/g)).toHaveLength(1);
  });

  it('keeps the whole table when no path is given', () => {
    const html = pageDocument(bundle, { head: null, html: '<main></main>', data: '{}', page: null, theme: 'system' });
    expect(tableIn(html)).toEqual(TABLE);
  });
});
