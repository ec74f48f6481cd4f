/**
 * Search when the community is large (ADR 178), over HTTP on PGlite and PostgreSQL: a community kind's count stops at
 * its cap and the answer says so; only a kind's newest matches are ranked, so an old post that would rank first is
 * gone once enough newer ones match; the content kinds are never cut by the community's bound; and the keyset cursor
 * still pages with no hit twice and none missed; a post's and a comment's documents carry the time they were
 * written, through an edit and a rebuild of the index. The community's documents are mostly written here as rows, in
 * bulk.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { reindexCommunity } from '../../server/content-import/search-index';
import { COMMUNITY_CANDIDATES, COUNT_CAP } from '../../server/data/search';
import { createComment, updateComment } from '../../src/contract/comments';
import type { QueryOf } from '../../src/contract/define';
import { createDiscussion, updateDiscussion } from '../../src/contract/discussions';
import { search } from '../../src/contract/search';
import { COMMUNITY_TYPES, type SearchAnswer, type SearchHit } from '../../src/domain/search';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, members } from './members';

async function find(ctx: TestContext, query: QueryOf<typeof search>, who: Member | null): Promise<SearchAnswer> {
  const res = await send(ctx, search, { query, token: who?.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every hit of a query, page after page of `limit` (answers are kept a second by URL: each limit is its own URL). */
async function everyHit(ctx: TestContext, q: string, limit: number, who: Member): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 200; i++) {
    const page = await find(ctx, { q, limit, ...(cursor ? { cursor } : {}) }, who);
    hits.push(...page.hits);
    if (!page.nextCursor) return hits;
    cursor = page.nextCursor;
  }
  throw new Error('more than 200 pages');
}

const key = (h: SearchHit) => `${h.type} ${h.url} ${h.title} ${h.page}`;
/** A word no seeded document has (letters only, as the English configuration keeps it whole). */
const word = (stem: string) => `${stem}${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`;

/**
 * `count` community documents of `kind` holding `text`, written newest first one minute apart from `newest` minutes
 * ago, each with its own title (so each hit is told apart).
 */
async function write(ctx: TestContext, kind: 'discussion' | 'comment', count: number, text: string, newest = 0, title = 'Comment on: thread') {
  await ctx.database.db.execute(sql`
    insert into search_documents (kind, ref_id, page, title, body, url, visibility, created_at)
    select ${kind}, gen_random_uuid()::text, 0, ${title} || ' ' || i, ${text}, '/discussion?category=climate-action&subcategory=' || i,
      'members', now() - ((${newest}::int + i) * interval '1 minute')
    from generate_series(1, ${count}::int) i`);
}

describeWithApp('search over a large community', { seed: true }, (ctx) => {
  let member: Member;
  it('signs a member in', async () => {
    [member] = (await members(ctx(), 1, 'bounded')) as [Member];
    expect(COUNT_CAP).toBeLessThanOrEqual(COMMUNITY_CANDIDATES);
  });

  it("counts a community kind up to its cap and names the kinds that reached it; the others' counts are exact", async () => {
    const w = word('quokka');
    await write(ctx(), 'comment', COUNT_CAP + 40, `Our ${w} filter clogged after a month.`);
    await write(ctx(), 'discussion', COUNT_CAP - 1, `Has anyone tried a ${w} filter?`);
    const answer = await find(ctx(), { q: w }, member);
    expect(answer.counts).toEqual({ comment: COUNT_CAP, discussion: COUNT_CAP - 1 });
    expect(answer.capped).toEqual(['comment']);
    expect(answer.total).toBe(2 * COUNT_CAP - 1);
    // A filtered search says the same of its own kind: the counts are always of every kind.
    const comments = await find(ctx(), { q: w, type: 'comment' }, member);
    expect(comments.counts).toEqual(answer.counts);
    expect(comments.capped).toEqual(['comment']);
    expect(comments.hits.every((h) => h.type === 'comment')).toBe(true);
  });

  it('says "at least" of a kind from exactly its cap; a visitor is never told of the community', async () => {
    const w = word('wombat');
    await write(ctx(), 'discussion', COUNT_CAP, `Notes on ${w} insulation.`);
    const answer = await find(ctx(), { q: w }, member);
    expect(answer.counts).toEqual({ discussion: COUNT_CAP });
    expect(answer.capped).toEqual(['discussion']);
    const visitor = await find(ctx(), { q: w }, null);
    expect(visitor).toMatchObject({ hits: [], counts: {}, capped: [], total: 0 });
  });

  it('ranks only the newest matches: an old post that ranks first is gone once enough newer ones match', async () => {
    const w = word('numbat');
    // The old one has the word in its title and three times in its body; the newer ones once, in their body.
    await ctx().database.db.execute(sql`
      insert into search_documents (kind, ref_id, page, title, body, url, visibility, created_at)
      values ('comment', gen_random_uuid()::text, 0, ${`Comment on: ${w} at last`}, ${`${w}, ${w} and ${w} again.`}, '/discussion', 'members',
        now() - interval '10 years')`);
    await write(ctx(), 'comment', COMMUNITY_CANDIDATES - 1, `A passing mention of ${w} here.`, 10);
    const within = await find(ctx(), { q: w, limit: 5 }, member);
    expect(within.hits[0]!.title).toBe(`Comment on: ${w} at last`);
    expect(within.counts.comment).toBe(COMMUNITY_CANDIDATES);
    // One newer match, written a minute ago: the old one is no longer among the newest.
    await write(ctx(), 'comment', 1, `One more mention of ${w}.`, 0, 'Comment on: the newest');
    const hits = await everyHit(ctx(), w, 50, member);
    expect(hits).toHaveLength(COMMUNITY_CANDIDATES);
    expect(hits.map((h) => h.title)).not.toContain(`Comment on: ${w} at last`);
    expect(hits.map((h) => h.title)).toContain('Comment on: the newest 1');
  });

  it('keeps every content match and ranks it with the newest community ones, paging with no hit twice and none missed', async () => {
    const before = await find(ctx(), { q: 'embodied carbon', limit: 3 }, member);
    const content = Object.entries(before.counts).filter(([kind]) => !(COMMUNITY_TYPES as readonly string[]).includes(kind));
    expect(content.length).toBeGreaterThan(2);
    // More community documents than the bound, each saying it three times.
    for (const kind of COMMUNITY_TYPES) await write(ctx(), kind, COMMUNITY_CANDIDATES + 25, 'Embodied carbon, embodied carbon: the embodied carbon of our mid-rise block.');
    const answer = await find(ctx(), { q: 'embodied carbon', limit: 4 }, member);
    for (const [kind, n] of content) expect(answer.counts[kind as keyof SearchAnswer['counts']]).toBe(n);
    expect([...answer.capped].sort()).toEqual(['comment', 'discussion']);
    // The course and the article on embodied carbon still come first: ranked with the community, not after it.
    expect(answer.hits.slice(0, 2).map((h) => h.type).sort()).toEqual(['article', 'course']);
    const contentTotal = content.reduce((sum, [, n]) => sum + n, 0);
    const small = await everyHit(ctx(), 'embodied carbon', 9, member);
    const large = await everyHit(ctx(), 'embodied carbon', 50, member);
    expect(new Set(small.map(key)).size).toBe(small.length);
    expect(small.map(key)).toEqual(large.map(key));
    expect(small.filter((h) => !(COMMUNITY_TYPES as readonly string[]).includes(h.type))).toHaveLength(contentTotal);
    for (const kind of COMMUNITY_TYPES) expect(small.filter((h) => h.type === kind)).toHaveLength(COMMUNITY_CANDIDATES);
  });

  it("gives a post's and a comment's documents the time they were written, through an edit and a rebuild", async () => {
    const made = await send(ctx(), createDiscussion, {
      token: member.token,
      body: { title: 'Greywater filter media', content: '<p>Sand or zeolite?</p>', category: 'clean-water-and-sanitation', subcategory: 'greywater-reuse' },
    });
    const postId: string = made.json().discussion._id;
    const made2 = await send(ctx(), createComment, { token: member.token, body: { discussionId: postId, content: '<p>Zeolite, twice over.</p>' } });
    const commentId: string = made2.json().comment._id;
    const { db } = ctx().database;
    // Written three and two days ago, as far as the posts know: the documents must follow, not keep their own time.
    await db.execute(sql`update discussions set created_at = now() - interval '3 days' where id = ${postId}::uuid`);
    await db.execute(sql`update comments set created_at = now() - interval '2 days' where id = ${commentId}::uuid`);
    const inStep = async () => (await db.execute(sql`
      select s.kind, s.created_at = coalesce(d.created_at, c.created_at) as same from search_documents s
        left join discussions d on s.kind = 'discussion' and d.id::text = s.ref_id
        left join comments c on s.kind = 'comment' and c.id::text = s.ref_id
      where s.ref_id in (${postId}, ${commentId}) order by s.kind`) as unknown as { rows: { kind: string; same: boolean }[] }).rows;
    expect((await send(ctx(), updateDiscussion, { token: member.token, params: { id: postId }, body: { title: 'Greywater filter media, compared' } })).statusCode).toBe(200);
    expect((await send(ctx(), updateComment, { token: member.token, params: { id: commentId }, body: { content: '<p>Zeolite, three times over.</p>' } })).statusCode).toBe(200);
    expect(await inStep()).toEqual([{ kind: 'comment', same: true }, { kind: 'discussion', same: true }]);
    await db.execute(sql`update discussions set created_at = now() - interval '5 days' where id = ${postId}::uuid`);
    await reindexCommunity(db);
    expect(await inStep()).toEqual([{ kind: 'comment', same: true }, { kind: 'discussion', same: true }]);
  });

  it("still proposes a spelling, once it is known to find something", async () => {
    const answer = await find(ctx(), { q: 'embodiedd carbon' }, member);
    expect(answer.total).toBe(0);
    expect(answer.suggestion).toBe('embodied carbon');
  });
});
