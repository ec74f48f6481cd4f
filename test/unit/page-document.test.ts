/** The page document's string work (ADR 100): the picture preloads React wrote into #root go first in the head. */
import { describe, expect, it } from 'vitest';
import { pageDocument, themed } from '../../server/render/page-document';

const bundle = {
  template: '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>T</title></head><body><div id="root"></div></body></html>',
  appCss: 'body{margin:0}',
  pageCss: {},
};
const HIGH = '<link rel="preload" as="image" href="/media/slides/a.svg" fetchPriority="high"/>';
const AUTO = '<link rel="preload" as="image" href="/media/slides/b.svg" fetchPriority="auto"/>';

describe('pageDocument', () => {
  it("moves the render's leading preloads into the head, before the inlined styles, and out of #root", () => {
    const html = pageDocument(bundle, { head: null, html: `${HIGH}${AUTO}<main><h1>Home</h1></main>`, data: '{}', page: null, theme: 'system' });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf(HIGH)).toBeGreaterThan(head.indexOf('name="viewport"'));
    expect(head.indexOf(AUTO)).toBeGreaterThan(head.indexOf(HIGH));
    expect(head.indexOf('<style>')).toBeGreaterThan(head.indexOf(AUTO));
    expect(html).toContain('<div id="root"><main><h1>Home</h1></main></div>');
    expect(html.match(/rel="preload"/g)).toHaveLength(2);
  });

  it('leaves a link that is part of the markup where it is', () => {
    const markup = `<main>${HIGH}<h1>Home</h1></main>`;
    const html = pageDocument(bundle, { head: null, html: markup, data: '{}', page: null, theme: 'system' });
    expect(html).toContain(`<div id="root">${markup}</div>`);
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('rel="preload"');
  });

  const THEMED = '<!doctype html><html lang="en"><head><meta name="theme-color" content="#1f6f4a" media="(prefers-color-scheme: light)" data-scheme="light" />'
    + '<meta name="theme-color" content="#101a15" media="(prefers-color-scheme: dark)" data-scheme="dark" /></head><body></body></html>';

  it('writes a chosen theme on <html> and colours the bar for it whatever the device prefers (ADR 165)', () => {
    const dark = themed(THEMED, 'dark');
    expect(dark).toContain('<html lang="en" data-theme="dark">');
    expect(dark.match(/content="#101a15"/g)).toHaveLength(2);
    expect(dark).not.toContain('media=');
    const light = themed(dark, 'light');
    expect(light).toContain('<html lang="en" data-theme="light">');
    expect(light.match(/data-theme=/g)).toHaveLength(1);
    expect(light.match(/content="#1f6f4a"/g)).toHaveLength(2);
  });

  it("leaves the template as built for 'system': a colour for each preference", () => {
    expect(themed(THEMED, 'system')).toBe(THEMED);
    const html = pageDocument({ ...bundle, template: THEMED.replace('</body>', '<div id="root"></div></body>') }, { head: null, html: '<main></main>', data: '{}', page: null, theme: 'dark' });
    expect(html).toContain('data-theme="dark"');
  });
});
