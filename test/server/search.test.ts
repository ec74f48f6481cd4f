/**
 * Search (issue 14) over HTTP on PGlite and PostgreSQL: ranking, 'Did you mean', a word found only inside an ebook's
 * PDF (with its page), posts found at once and never after their deletion, what visitors may find, snippets that
 * carry nothing but <mark>, keyset paging, and the 400s of bad queries.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ebooks, files } from '../../server/data/schema';
import { pdfPageTexts } from '../../server/render/pdf-text';
import { createComment, deleteComment } from '../../src/contract/comments';
import { createDiscussion, deleteDiscussion, updateDiscussion } from '../../src/contract/discussions';
import { search } from '../../src/contract/search';
import type { QueryOf } from '../../src/contract/define';
import { PUBLIC_TYPES, type SearchAnswer } from '../../src/domain/search';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, members } from './members';

async function find(ctx: TestContext, query: QueryOf<typeof search>, who: Member | null = null): Promise<SearchAnswer> {
  const res = await send(ctx, search, { query, token: who?.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describeWithApp('search', { seed: true }, (ctx) => {
  let reader: Member;
  let writer: Member;
  it('signs two members in', async () => {
    [reader, writer] = (await members(ctx(), 2, 'finder')) as [Member, Member];
  });

  it('ranks the embodied-carbon article and course first for "embodied carbon"', async () => {
    const answer = await find(ctx(), { q: 'embodied carbon' }, reader);
    const top = answer.hits.slice(0, 2);
    expect(top.map((h) => h.type).sort()).toEqual(['article', 'course']);
    for (const hit of top) expect(hit.title.toLowerCase()).toContain('embodied carbon');
    expect(answer.hits.find((h) => h.type === 'course')!.url).toMatch(/^\/courses\/view\/[0-9a-f-]{36}$/);
    expect(answer.counts.lesson).toBeGreaterThan(3);
    expect(answer.total).toBe(Object.values(answer.counts).reduce((a, b) => a + b, 0));
  });

  it("finds a workshop series by what it covers, leading to its next session's page", async () => {
    const answer = await find(ctx(), { q: 'charrette', type: 'workshop' }, reader);
    expect(answer.hits).toHaveLength(1);
    expect(answer.hits[0]!.url).toMatch(/^\/workshops\/[0-9a-f-]{36}$/);
  });

  it.each([['heatpump', 'heat pump'], ['retroffit', 'retrofit']])('proposes a spelling for "%s": "%s"', async (typo, meant) => {
    const answer = await find(ctx(), { q: typo }, reader);
    expect(answer.total).toBe(0);
    expect(answer.suggestion).toMatch(new RegExp(`^${meant}s?$`));
    expect((await find(ctx(), { q: answer.suggestion! }, reader)).total).toBeGreaterThan(0);
  });

  it('finds a word that appears only inside an ebook, on its page of the PDF', async () => {
    const { db } = ctx().database;
    const [book] = await db.select().from(ebooks).where(eq(ebooks.slug, 'circular-interiors-playbook'));
    const [file] = await db.select().from(files).where(eq(files.path, book!.filePath));
    const pages = await pdfPageTexts(file!.body);
    const onPage = pages.findIndex((text) => text.toLowerCase().includes('boardroom')) + 1;
    expect(onPage).toBeGreaterThan(0);
    const answer = await find(ctx(), { q: 'boardroom' }, reader);
    expect(answer.hits.map((h) => [h.type, h.title, h.page])).toEqual([['ebook', book!.title, onPage]]);
    expect(answer.hits[0]!.url).toBe(`${book!.filePath}#page=${onPage}`);
    expect(answer.hits[0]!.snippet.toLowerCase()).toContain('<mark>boardroom</mark>');
  });

  it('finds a new post at once and a deleted one never; comments too', async () => {
    const word = `zeolite${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`;
    const made = await send(ctx(), createDiscussion, {
      token: writer.token,
      body: { title: `Greywater filters with ${word}`, content: `<p>Has anyone used ${word} media?</p>`, category: 'clean-water-and-sanitation', subcategory: 'greywater-reuse' },
    });
    const post = made.json().discussion;
    const found = await find(ctx(), { q: word }, reader);
    expect(found.hits.map((h) => h.type)).toEqual(['discussion']);
    expect(found.hits[0]!.url).toBe('/discussion?category=clean-water-and-sanitation&subcategory=greywater-reuse');
    const comment = await send(ctx(), createComment, { token: reader.token, body: { discussionId: post._id, content: `<p>The ${word}quartz blend worked for us.</p>` } });
    expect((await find(ctx(), { q: `${word}quartz` }, writer)).hits.map((h) => h.type)).toEqual(['comment']);
    await send(ctx(), updateDiscussion, { token: writer.token, params: { id: post._id }, body: { title: 'Greywater filters: media compared' } });
    expect((await find(ctx(), { q: `${word}quartz` }, writer)).hits[0]!.title).toBe('Comment on: Greywater filters: media compared');
    await send(ctx(), deleteComment, { token: reader.token, params: { id: comment.json().comment._id } });
    expect((await find(ctx(), { q: `${word}quartz` }, writer)).total).toBe(0);
    expect((await send(ctx(), deleteDiscussion, { token: writer.token, params: { id: post._id } })).statusCode).toBe(200);
    expect((await find(ctx(), { q: word }, reader)).total).toBe(0);
  });

  it('gives visitors only what they may open: articles, the about area and course titles', async () => {
    for (const q of ['embodied carbon', 'heat pump', 'retrofit', 'boardroom', 'mission']) {
      const answer = await find(ctx(), { q });
      for (const hit of answer.hits) expect(PUBLIC_TYPES).toContain(hit.type);
      for (const type of Object.keys(answer.counts)) expect(PUBLIC_TYPES).toContain(type);
    }
    expect((await find(ctx(), { q: 'boardroom' })).total).toBe(0);
    expect((await find(ctx(), { q: 'embodied carbon', type: 'lesson' })).hits).toEqual([]);
    const about = await find(ctx(), { q: 'mission' });
    expect(about.hits.some((h) => h.type === 'about' && h.url === '/sustainlearn#our-mission')).toBe(true);
  });

  it('lets nothing but <mark> into a snippet, whatever a post holds', async () => {
    const word = `xsstest${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 5)}`;
    await send(ctx(), createDiscussion, {
      token: writer.token,
      body: {
        title: `Scripts and ${word}`, category: 'climate-action', subcategory: 'embodied-carbon',
        content: `<p>${word} &lt;script&gt;alert(1)&lt;/script&gt; <img src=x onerror=alert(1)> <a href="javascript:alert(1)">${word}</a></p>`,
      },
    });
    const [hit] = (await find(ctx(), { q: word }, reader)).hits;
    expect(hit!.snippet).toContain(`<mark>${word}</mark>`);
    expect(hit!.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/<|>/);
    expect(hit!.snippet).not.toMatch(/<script|onerror=|javascript:alert\(1\)">/i);
  });

  it('pages with a keyset cursor: no hit twice, none missed', async () => {
    const all = await find(ctx(), { q: 'carbon', limit: 50 }, reader);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const page = await find(ctx(), { q: 'carbon', limit: 9, ...(cursor ? { cursor } : {}) }, reader);
      seen.push(...page.hits.map((h) => `${h.type} ${h.url} ${h.title}`));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, all.hits.length)).toEqual(all.hits.map((h) => `${h.type} ${h.url} ${h.title}`));
    expect(seen.length).toBe(all.total);
  });

  it.each([
    ['a blank query', '/api/search?q=%20%20'],
    ['no query', '/api/search'],
    ['a query over 200 characters', `/api/search?q=${'a'.repeat(201)}`],
    ['an unknown type', '/api/search?q=carbon&type=secrets'],
    ['a cursor that is not ours', '/api/search?q=carbon&cursor=bm90LW91cnM'],
    ['a NUL byte', '/api/search?q=%00'],
  ])('answers 400 for %s', async (_label, rawUrl) => {
    const res = await send(ctx(), search, { rawUrl, token: reader.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});
