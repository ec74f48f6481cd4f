// @vitest-environment jsdom
/**
 * The server render's sanitizer (ADR 129), built into the page bundle in place of the browser's DOMPurify: every OWASP
 * payload comes out inert, and stored content comes out as the browser's sanitizer gives it (the same elements,
 * attributes and text; entities, void tags and attribute order may be spelt otherwise).
 */
import { describe, expect, it } from 'vitest';
import { uploadedSrcset } from '../../src/domain/uploads';
import type { HtmlProfile } from '../../src/ui/components/html-profiles';
import { sanitizeMarkup as inBrowser } from '../../src/ui/components/sanitize-markup';
import { sanitizeMarkup as onServer } from '../../src/ui/components/sanitize-markup.server';
import { OWASP_XSS } from '../support/xss-payloads';

const RICH_TAGS = ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre'];
const ALLOWED = {
  rich: { tags: RICH_TAGS, attributes: ['href', 'target', 'rel'] },
  article: { tags: [...RICH_TAGS, 'img', 'figure', 'figcaption'], attributes: ['href', 'target', 'rel', 'src', 'alt', 'width', 'height', 'loading', 'srcset', 'sizes'] },
  lesson: {
    tags: [...RICH_TAGS, 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'figure', 'figcaption', 'hr'],
    attributes: ['href', 'target', 'rel', 'src', 'alt', 'width', 'height', 'loading', 'scope', 'align', 'srcset', 'sizes'],
  },
};

function parsed(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder;
}

/** What lies outside the profile's allowlist, or could run, in sanitized markup (the regions around tables aside). */
function dangerous(html: string, profile: HtmlProfile): string[] {
  const holder = parsed(html);
  for (const region of holder.querySelectorAll('div.table-scroll')) region.replaceWith(...region.childNodes);
  const found: string[] = [];
  for (const element of holder.querySelectorAll('*')) {
    if (!ALLOWED[profile].tags.includes(element.tagName.toLowerCase())) found.push(`<${element.tagName}>`);
    for (const attribute of element.attributes) {
      if (!ALLOWED[profile].attributes.includes(attribute.name)) found.push(attribute.name);
      if (/^\s*(javascript|vbscript|data):/i.test(attribute.value)) found.push(attribute.value);
    }
  }
  return found;
}

describe('the server render’s sanitizer', () => {
  for (const profile of ['rich', 'article', 'lesson'] as const) {
    it.each(OWASP_XSS)(`leaves nothing that runs (${profile}): %s`, (payload) => {
      const clean = onServer(payload, profile);
      expect(dangerous(clean, profile)).toEqual([]);
      expect(clean).not.toMatch(/<script|onerror|onload|javascript:/i);
    });
  }

  it.each([
    '<p>Plain <strong>bold</strong> and <em>italic</em></p><ul><li>one</li><li>two</li></ul>',
    '<h2>Title</h2><blockquote>quote</blockquote><p><a href="https://example.org">a link</a> &amp; more&nbsp;text</p>',
    '<p><a href="https://example.org/x" rel="noopener noreferrer nofollow" target="_blank">stored link</a></p>',
    '<p>unclosed <b>bold',
    '<p>a <span style="color:red">span</span> and <iframe src="https://x.example"></iframe> go</p>',
    '<pre><code>if (a &lt; b &amp;&amp; c &gt; d) {}</code></pre><p>"quoted" it\'s</p>',
  ])('gives what the browser gives for stored rich text: %s', (html) => {
    expect(parsed(onServer(html, 'rich')).isEqualNode(parsed(inBrowser(html, 'rich')))).toBe(true);
  });

  it.each([
    '<table><thead><tr><th scope="col">Level</th></tr></thead><tbody><tr><td>Building</td></tr></tbody></table>'
      + '<p><img src="/media/lessons/embodied-carbon-fundamentals/life-cycle-stages.svg" alt="Life cycle stages" loading="lazy"></p>',
    '<table><tr><th>A &amp; "B"</th><th>C</th></tr></table><table><tr><th>A &amp; "B"</th><th>C</th></tr></table><table><tr><td>x</td></tr></table>',
    '<table><tr><th>Outer</th></tr><tr><td><table><tr><th>Inner</th></tr></table></td></tr></table><table><tr><td>last</td></tr></table>',
    '<p>before<img src="https://evil.example/x.svg" alt="x">after</p><img src="/media/lessons/../../api/auth/profile">',
  ])('gives what the browser gives for a lesson, its tables in named regions: %s', (html) => {
    const server = onServer(html, 'lesson');
    expect(parsed(server).isEqualNode(parsed(inBrowser(html, 'lesson')))).toBe(true);
    expect(server.match(/<div class="table-scroll"/g)?.length ?? 0).toBe(html.match(/<table>/g)?.length ?? 0);
  });

  it('names a region as the browser does, its headings escaped', () => {
    expect(onServer('<table><tr><th>A &amp; "B"</th></tr></table>', 'lesson')).toBe(
      '<div class="table-scroll" role="region" tabindex="0" aria-label="Table: A &amp; &quot;B&quot;"><table><tr><th>A &amp; "B"</th></tr></table></div>',
    );
  });
});

describe('an article’s pictures (issue 38)', () => {
  const own = '/files/uploads/0123456789abcdef0123-960.webp';
  it.each([['the server’s render', onServer], ['the browser', inBrowser]] as const)('%s keeps an uploaded picture and drops any other', (_name, clean) => {
    const html = `<p>a</p><figure><img src="${own}" alt="A green roof"><figcaption>Roof</figcaption></figure><img src="https://elsewhere.example/x.png" alt="x"><img src="/files/uploads/../secret.webp" alt="y">`;
    const holder = parsed(clean(html, 'article'));
    expect([...holder.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([own]);
    expect(holder.querySelector('img')!.getAttribute('alt')).toBe('A green roof');
    // Rich text (posts, comments) keeps no picture at all.
    expect(parsed(clean(html, 'rich')).querySelectorAll('img')).toHaveLength(0);
  });

  it.each([['the server’s render', onServer], ['the browser', inBrowser]] as const)(
    '%s keeps a lesson’s own SVG figure and an uploaded picture at its widths, and drops any other (ADR 173)',
    (_name, clean) => {
      const figure = '/media/lessons/embodied-carbon-fundamentals/life-cycle-stages.svg';
      const html = `<p><img src="${figure}" alt="Life-cycle stages"></p><p><img src="${own}" alt="A green roof" srcset="https://elsewhere.example/x.png 2000w"></p>`
        + '<p><img src="https://elsewhere.example/x.png" alt="x"><img src="/media/articles/roof.svg" alt="y"></p>';
      const pictures = [...parsed(clean(html, 'lesson')).querySelectorAll('img')];
      expect(pictures.map((img) => img.getAttribute('src'))).toEqual([figure, own]);
      expect(pictures[0]!.hasAttribute('srcset')).toBe(false);
      expect(pictures[1]!.getAttribute('srcset')).toBe('/files/uploads/0123456789abcdef0123-480.webp 480w, /files/uploads/0123456789abcdef0123-960.webp 960w');
      expect(pictures[1]!.getAttribute('alt')).toBe('A green roof');
    },
  );

  it.each([['the server’s render', onServer], ['the browser', inBrowser]] as const)(
    '%s offers an uploaded picture at each width the upload kept, whatever srcset the stored text claims',
    (_name, clean) => {
      const html = `<p><img src="${own}" alt="A green roof" srcset="https://elsewhere.example/x.png 2000w" sizes="1px"></p>`
        + '<p><img src="/files/uploads/0123456789abcdef0123.svg" alt="A plan" srcset="https://elsewhere.example/y.png 1x"></p>';
      const [webp, svg] = [...parsed(clean(html, 'article')).querySelectorAll('img')];
      expect(webp!.getAttribute('srcset')).toBe('/files/uploads/0123456789abcdef0123-480.webp 480w, /files/uploads/0123456789abcdef0123-960.webp 960w');
      expect(webp!.getAttribute('sizes')).toBe('(max-width: 820px) 100vw, 780px');
      // An SVG scales by itself: one file, and no srcset from the stored text.
      expect(svg!.getAttribute('src')).toBe('/files/uploads/0123456789abcdef0123.svg');
      expect(svg!.hasAttribute('srcset')).toBe(false);
      expect(svg!.hasAttribute('sizes')).toBe(false);
    },
  );
});

describe('uploadedSrcset', () => {
  it.each([
    ['/files/uploads/0123456789abcdef0123-1600.webp', '480, 960, 1600'],
    ['/files/uploads/0123456789abcdef0123-1200.webp', '480, 960, 1200'],
    ['/files/uploads/0123456789abcdef0123-960.webp', '480, 960'],
    ['/files/uploads/0123456789abcdef0123-300.webp', '300'],
  ])('derives the widths of %s from its name: %s', (url, widths) => {
    const base = url.slice(0, url.lastIndexOf('-'));
    expect(uploadedSrcset(url)).toBe(widths.split(', ').map((w) => `${base}-${w}.webp ${w}w`).join(', '));
  });

  it.each(['/files/uploads/0123456789abcdef0123.svg', '/images/articles/roof.jpg', 'https://elsewhere.example/a-960.webp', '/files/uploads/../x-960.webp'])(
    'has none for %s',
    (url) => expect(uploadedSrcset(url)).toBeUndefined(),
  );
});

describe('an article stored from Markdown (issue 38)', () => {
  it('keeps uploaded pictures with their text, lazily loaded, and drops others', async () => {
    const { renderArticleMarkdown } = await import('../../server/render/article-markdown');
    const html = renderArticleMarkdown('Intro\n\n![A green roof](/files/uploads/0123456789abcdef0123-960.webp)\n\n![x](https://elsewhere.example/x.png)');
    expect(html).toContain('<img src="/files/uploads/0123456789abcdef0123-960.webp" alt="A green roof" loading="lazy" />');
    expect(html).not.toContain('elsewhere');
  });
});
