// @vitest-environment jsdom
/**
 * Mentions' serialisation (ADR 150): the stored shape, the editor's element to and from it, a plain-text comment's
 * chosen `@Name`s, the names put back when serving, and the three sanitisers (the server's store, the browser's
 * DOMPurify, the server render's sanitize-html) keeping exactly that shape and nothing looser.
 */
import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from '../../server/render/sanitize';
import { hasLink } from '../../src/domain/moderation';
import { plainTextToHtml } from '../../src/domain/discussion';
import { linkMentions, mentionAttributes, mentionedIds, mentionMarkup, mentionRefs, withMentionNames } from '../../src/domain/mentions';
import { sanitizeHtml } from '../../src/ui/components/safe-html';
import { sanitizeMarkup as sanitizeForRender } from '../../src/ui/components/sanitize-markup.server';
import { fromHtml, mentionElement, toHtml } from '../../src/ui/pages/discussion/rich-text-model';

const ADA = '3f2b8c1e-5d4a-4b6f-9e7d-1a2b3c4d5e6f';
const GRACE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const shape = (id: string, name: string) => `<a data-mention="${id}" href="/members/${id}">@${name}</a>`;

describe('the stored shape', () => {
  it('is the id twice and the escaped name', () => {
    expect(mentionMarkup(ADA, 'Ada <Lovelace> & co')).toBe(`<a data-mention="${ADA}" href="/members/${ADA}">@Ada &lt;Lovelace&gt; &amp; co</a>`);
  });

  it('is claimed only by a UUID with its own profile path', () => {
    expect(mentionAttributes({ 'data-mention': ADA, href: `/members/${ADA}`, onclick: 'x' })).toEqual({ 'data-mention': ADA, href: `/members/${ADA}` });
    expect(mentionAttributes({ 'data-mention': ADA, href: `/members/${GRACE}` })).toBeNull();
    expect(mentionAttributes({ 'data-mention': 'admin', href: '/members/admin' })).toBeNull();
    expect(mentionAttributes({ 'data-mention': ADA, href: `https://evil.example/members/${ADA}` })).toBeNull();
    expect(mentionAttributes({ href: `/members/${ADA}` })).toBeNull();
  });

  it('reads the ids once each, in order, and serves current names; an unknown id becomes plain text', () => {
    const html = `<p>${shape(GRACE, 'Grace')} and ${shape(ADA, 'Ada')} and ${shape(GRACE, 'G')}</p>`;
    expect(mentionedIds(html)).toEqual([GRACE, ADA]);
    expect(mentionedIds('<p>no mentions</p>')).toEqual([]);
    expect(withMentionNames(html, new Map([[ADA, 'Ada King']]))).toBe(`<p>@Grace and ${shape(ADA, 'Ada King')} and @G</p>`);
  });
});

describe('the editor', () => {
  it('writes a mention element as the stored shape and reads it back', () => {
    const document = [{ type: 'paragraph' as const, children: [{ text: 'Hello ' }, mentionElement(ADA, 'Ada Lovelace'), { text: ' there' }] }];
    const html = toHtml(document);
    expect(html).toBe(`<p>Hello ${shape(ADA, 'Ada Lovelace')} there</p>`);
    expect(fromHtml(html)).toEqual(document);
  });

  it('reads a link that only claims to be a mention as an ordinary link, or as text', () => {
    expect(fromHtml(`<p><a data-mention="${ADA}" href="https://example.com/">x</a></p>`)).toEqual([
      { type: 'paragraph', children: [{ type: 'link', url: 'https://example.com/', children: [{ text: 'x' }] }] },
    ]);
    expect(fromHtml('<p><a data-mention="nobody" href="/members/nobody">@x</a></p>')).toEqual([{ type: 'paragraph', children: [{ text: '@x' }] }]);
  });
});

describe('a plain-text comment', () => {
  it('links the @Names of the members chosen, longest first, and leaves the rest as typed', () => {
    const chosen = [{ _id: ADA, name: 'Ada' }, { _id: GRACE, name: 'Ada Lovelace' }];
    expect(plainTextToHtml('@Ada Lovelace and @Ada, not @Adam nor me@Ada', chosen)).toBe(
      `<p>${shape(GRACE, 'Ada Lovelace')} and ${shape(ADA, 'Ada')}, not @Adam nor me@Ada</p>`,
    );
    expect(plainTextToHtml('@Ada <b>', [])).toBe('<p>@Ada &lt;b&gt;</p>');
    expect(linkMentions('<p>@O&quot;Brien</p>', [{ _id: ADA, name: 'O"Brien' }])).toBe(`<p>${shape(ADA, 'O&quot;Brien')}</p>`);
    expect(linkMentions('<p>@Ada</p>', [{ _id: 'not-a-uuid', name: 'Ada' }])).toBe('<p>@Ada</p>');
  });
});

describe('the sanitisers', () => {
  const forged = `<p><a data-mention="${ADA}" href="/members/${ADA}" onclick="alert(1)" style="x" target="_self">@Ada</a></p>`;
  const loose = `<p><a data-mention="${ADA}" href="javascript:alert(1)">@Ada</a><a data-mention="x" href="https://example.com/">site</a><span data-mention="${ADA}">s</span></p>`;

  it('the server keeps exactly the shape, and turns anything looser into an ordinary link', () => {
    expect(sanitizeRichHtml(`<p>${shape(ADA, 'Ada')}</p>`)).toBe(`<p>${shape(ADA, 'Ada')}</p>`);
    expect(sanitizeRichHtml(forged)).toBe(`<p>${shape(ADA, 'Ada')}</p>`);
    expect(sanitizeRichHtml(loose)).toBe(
      '<p><a rel="noopener noreferrer nofollow" target="_blank">@Ada</a><a href="https://example.com/" rel="noopener noreferrer nofollow" target="_blank">site</a>s</p>',
    );
  });

  it.each([
    ['the browser', (html: string) => sanitizeHtml(html)],
    ['the server render', (html: string) => sanitizeForRender(html, 'rich')],
  ])('%s keeps exactly the shape and drops the claim of anything looser', (_name, clean) => {
    const kept = clean(`<p>${shape(ADA, 'Ada')}</p>`);
    expect(kept).toBe(`<p>${shape(ADA, 'Ada')}</p>`);
    expect(clean(forged)).toBe(`<p>${shape(ADA, 'Ada')}</p>`);
    const out = clean(loose);
    expect(out).not.toContain('data-mention');
    expect(out).not.toContain('javascript');
    expect(out).toContain('<a href="https://example.com/"');
  });
});

describe('an edited plain-text comment keeps its mentions', () => {
  it('reads the mentions back from the stored text and links them again', () => {
    const ada = '0b6f5c1e-8d2a-4f3b-9c1d-2e4f6a8b0c1d';
    const stored = `<p>Thanks ${mentionMarkup(ada, 'Ada & Co')} for the data</p>`;
    expect(mentionRefs(stored)).toEqual([{ _id: ada, name: 'Ada & Co' }]);
    expect(plainTextToHtml('Thanks @Ada & Co, again', mentionRefs(stored))).toBe(`<p>Thanks ${mentionMarkup(ada, 'Ada & Co')}, again</p>`);
    expect(plainTextToHtml('Thanks Ada', mentionRefs(stored))).toBe('<p>Thanks Ada</p>');
    expect(mentionRefs('<p>no one</p>')).toEqual([]);
  });
});

describe('a mention is not a link for holding a new member’s post (ADR 149, ADR 150)', () => {
  it('holds for an address, not for a mention', () => {
    const ada = '0b6f5c1e-8d2a-4f3b-9c1d-2e4f6a8b0c1d';
    expect(hasLink(`<p>Thanks ${mentionMarkup(ada, 'Ada')}</p>`)).toBe(false);
    expect(hasLink('<p>See <a href="https://example.org/report">the report</a></p>')).toBe(true);
    expect(hasLink(`<p>${mentionMarkup(ada, 'Ada')} and <a href="https://example.org">this</a></p>`)).toBe(true);
  });
});
