/**
 * Community answers kept until a write (ADR 045): every write shows in the very next read from any member, no member
 * sees another's email from a kept answer, a held answer gets a 304, and compressed answers decode to the same JSON.
 * The cache itself: concurrent misses share one computation, and one begun before a write is never kept.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { discussions } from '../../server/data/schema';
import { CachedAnswer, COMMUNITY_MAX_AGE_MS, communityMaxAgeMs } from '../../server/http/answer-cache';
import { acceptedEncoding } from '../../server/http/compression';
import { KeptUntilChanged } from '../../server/http/kept';
import { updateProfile } from '../../src/contract/auth';
import { createComment, deleteComment, likeComment, listComments, updateComment } from '../../src/contract/comments';
import type { Call } from '../../src/contract/define';
import {
  createDiscussion, deleteDiscussion, getDiscussion, likeDiscussion, listDiscussions, updateDiscussion,
} from '../../src/contract/discussions';
import type { Comment, Discussion } from '../../src/domain/discussion';
import { type CallOptions, send, urlOf } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member } from './members';

const TOPIC = { category: 'climate-action', subcategory: 'embodied-carbon' };
const FEED: CallOptions<typeof listDiscussions> = { query: TOPIC };

function api<C extends Call>(ctx: TestContext, c: C, who: Member, options: CallOptions<C> = {}) {
  return send(ctx, c, { ...options, token: who.token });
}

async function ok<C extends Call>(ctx: TestContext, c: C, who: Member, options: CallOptions<C> = {}) {
  const res = await api(ctx, c, who, options);
  expect(res.statusCode, `${c.method} ${urlOf(c, options.params, options.query)}: ${res.body}`).toBe(200);
  return res.json();
}

const feed = async (ctx: TestContext, who: Member): Promise<Discussion[]> => (await ok(ctx, listDiscussions, who, FEED)).discussions;
const thread = async (ctx: TestContext, who: Member, id: string): Promise<Comment[]> =>
  (await ok(ctx, listComments, who, { params: { id } })).comments;
const byId = (id: string) => ({ params: { id } });

describeWithApp('community answers kept until a write', {}, (ctx) => {
  let ada: Member;
  let bob: Member;
  let cy: Member;
  beforeAll(async () => {
    ada = await member(ctx(), 'ada-cache@example.com', 'Ada', 'Lovelace');
    bob = await member(ctx(), 'bob-cache@example.com', 'Bob', 'Builder');
    cy = await member(ctx(), 'cy-cache@example.com', 'Cy', 'Reader');
  });

  async function newPost(title: string): Promise<Discussion> {
    return (await ok(ctx(), createDiscussion, ada, { body: { title, content: '<p>Body</p>', ...TOPIC } })).discussion;
  }

  it('keeps answers: a row changed behind the API shows only once the maximum age has passed', async () => {
    const d = await newPost('Kept answer');
    expect((await feed(ctx(), bob))[0]!.title).toBe('Kept answer');
    // As another server process on the same database would: no write through this app.
    await ctx().database.db.update(discussions).set({ title: 'Changed elsewhere' }).where(eq(discussions.id, d._id));
    expect((await feed(ctx(), cy))[0]!.title).toBe('Kept answer');
    const maxAge = communityMaxAgeMs(ctx().database.kind);
    // PostgreSQL may have other server processes, whose writes are bounded to a second; PGlite has none (ADR 105).
    expect(maxAge).toBe(ctx().database.kind === 'pglite' ? 60_000 : COMMUNITY_MAX_AGE_MS);
    ctx().clock.advance(maxAge - 1);
    expect((await feed(ctx(), cy))[0]!.title).toBe('Kept answer');
    ctx().clock.advance(1);
    expect((await feed(ctx(), cy))[0]!.title).toBe('Changed elsewhere');
  });

  it('shows each write in the very next read, by any member: post, like, comment, comment like, edits, rename, delete', async () => {
    const d = await newPost('Fresh post');
    const titles = async (m: Member) => (await feed(ctx(), m)).map((p) => p.title);
    const inFeed = async (m: Member) => (await feed(ctx(), m)).find((p) => p._id === d._id)!;
    expect((await titles(bob))[0]).toBe('Fresh post');

    await ok(ctx(), likeDiscussion, bob, byId(d._id));
    expect(await inFeed(cy)).toMatchObject({ likes: [bob.id], likeCount: 1 });
    expect((await ok(ctx(), getDiscussion, cy, byId(d._id))).discussion.likeCount).toBe(1);
    await ok(ctx(), likeDiscussion, bob, byId(d._id));
    expect(await inFeed(ada)).toMatchObject({ likes: [], likeCount: 0 });

    expect(await thread(ctx(), cy, d._id)).toEqual([]);
    const c = (await ok(ctx(), createComment, bob, { body: { discussionId: d._id, content: '<p>First!</p>' } })).comment as Comment;
    expect((await thread(ctx(), cy, d._id)).map((x) => x.content)).toEqual(['<p>First!</p>']);
    expect((await inFeed(cy)).commentCount).toBe(1);

    await ok(ctx(), likeComment, ada, byId(c._id));
    expect((await thread(ctx(), cy, d._id))[0]).toMatchObject({ likes: [ada.id], likeCount: 1 });
    await ok(ctx(), updateComment, bob, { ...byId(c._id), body: { content: '<p>Second thoughts</p>' } });
    expect((await thread(ctx(), cy, d._id))[0]!.content).toBe('<p>Second thoughts</p>');
    await ok(ctx(), updateDiscussion, ada, { ...byId(d._id), body: { title: 'Edited post' } });
    expect((await titles(cy))[0]).toBe('Edited post');
    expect((await ok(ctx(), getDiscussion, bob, byId(d._id))).discussion.title).toBe('Edited post');

    await ok(ctx(), updateProfile, bob, { body: { firstName: 'Robert', lastName: 'Builder', address: '' } });
    expect((await thread(ctx(), cy, d._id))[0]!.createdBy.name).toBe('Robert Builder');
    await ok(ctx(), updateProfile, ada, { body: { firstName: 'Augusta', lastName: 'King', address: '' } });
    expect((await inFeed(cy)).createdBy.name).toBe('Augusta King');

    await ok(ctx(), deleteComment, bob, byId(c._id));
    expect(await thread(ctx(), cy, d._id)).toEqual([]);
    expect((await inFeed(cy)).commentCount).toBe(0);
    await ok(ctx(), deleteDiscussion, ada, byId(d._id));
    expect((await titles(cy))).not.toContain('Edited post');
    expect((await api(ctx(), getDiscussion, bob, byId(d._id))).statusCode).toBe(404);
    expect((await api(ctx(), listComments, bob, byId(d._id))).statusCode).toBe(404);
  });

  it('shows an author their own email only, however the kept answers are shared', async () => {
    const d = await newPost('Emails');
    await ok(ctx(), createComment, ada, { body: { discussionId: d._id, content: '<p>from ada</p>' } });
    await ok(ctx(), createComment, bob, { body: { discussionId: d._id, content: '<p>from bob</p>' } });
    const emails = async (m: Member, encoding?: string) => {
      const res = await api(ctx(), listComments, m, { ...byId(d._id), headers: encoding ? { 'accept-encoding': encoding } : {} });
      expect(res.statusCode).toBe(200);
      const text = decoded(res).toString('utf8');
      for (const other of [ada, bob, cy].filter((x) => x !== m)) expect(text).not.toContain(other.email);
      return (JSON.parse(text).comments as Comment[]).map((c) => c.createdBy.email);
    };
    // Twice each, in an order where every reader follows another one's kept answer, in every encoding.
    for (const encoding of [undefined, 'br', 'gzip', undefined]) {
      expect(await emails(cy, encoding)).toEqual(['', '']);
      expect(await emails(ada, encoding)).toEqual([ada.email, '']);
      expect(await emails(bob, encoding)).toEqual(['', bob.email]);
      expect(await emails(cy, encoding)).toEqual(['', '']);
    }
    // Nor through a validator: Cy holding Ada's answer is not told it is current.
    const adas = await api(ctx(), listComments, ada, byId(d._id));
    const cys = await api(ctx(), listComments, cy, { ...byId(d._id), headers: { 'if-none-match': String(adas.headers.etag) } });
    expect(cys.statusCode).toBe(200);
    expect(cys.headers.etag).not.toBe(adas.headers.etag);
    expect(cys.body).not.toContain(ada.email);
  });

  it('answers 304 to a matching If-None-Match, in any encoding, until a write changes the answer', async () => {
    const d = await newPost('Validators');
    const first = await api(ctx(), listDiscussions, bob, { ...FEED, headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await api(ctx(), listDiscussions, cy, { ...FEED, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await api(ctx(), listDiscussions, cy, { ...FEED, headers: { 'if-none-match': `"other", ${etag}` } })).statusCode).toBe(304);
    expect((await api(ctx(), listDiscussions, cy, { ...FEED, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

    await ok(ctx(), likeDiscussion, cy, byId(d._id));
    const changed = await api(ctx(), listDiscussions, bob, { ...FEED, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().discussions[0].likeCount).toBe(1);
  });

  it('sends kept answers and other JSON of 1 KB or more compressed as accepted, decoding to the same JSON', async () => {
    const d = await newPost('Compression');
    for (let i = 0; i < 10; i++) await ok(ctx(), createComment, bob, { body: { discussionId: d._id, content: `<p>Comment ${i} on compression</p>` } });
    const plain = await api(ctx(), listComments, cy, byId(d._id));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/);
    const reads: [string, (headers?: Record<string, string>) => ReturnType<typeof send>][] = [
      [urlOf(listDiscussions, undefined, TOPIC), (headers = {}) => api(ctx(), listDiscussions, cy, { ...FEED, headers })],
      [urlOf(listComments, { id: d._id }), (headers = {}) => api(ctx(), listComments, cy, { ...byId(d._id), headers })],
    ];
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip'], ['*', 'br']] as const) {
      for (const [url, read] of reads) {
        const res = await read({ 'accept-encoding': accept });
        expect(res.headers['content-encoding'], `${accept} ${url}`).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/);
        expect(res.headers.etag).toMatch(new RegExp(`-${encoding}"$`));
        expect(JSON.parse(decoded(res).toString('utf8'))).toEqual((await read()).json());
      }
    }
    for (const refused of ['identity', 'gzip;q=0, br;q=0', '*;q=0']) {
      expect((await api(ctx(), listDiscussions, cy, { ...FEED, headers: { 'accept-encoding': refused } })).headers['content-encoding']).toBeUndefined();
    }
    // An answer that is not kept (a created post) is compressed on its way out.
    const long = `<p>${'Whole-life carbon, measured and reported. '.repeat(60)}</p>`;
    const created = await api(ctx(), createDiscussion, ada, { body: { title: 'Long', content: long, ...TOPIC }, headers: { 'accept-encoding': 'gzip' } });
    expect(created.statusCode).toBe(200);
    expect(created.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(created).toString('utf8')).discussion.content).toBe(long);
    // Small answers are left alone.
    const small = await api(ctx(), likeDiscussion, cy, { ...byId(d._id), headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

/** The body as sent, decoded per its Content-Encoding. */
function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

describe('values kept until a write', () => {
  function deferred<T>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => { resolve = r; });
    return { promise, resolve };
  }
  const kept = (maxSize = 100) => {
    const clock = { now: 0 };
    return { clock, cache: new KeptUntilChanged<{ run: number } | null>({ maxAgeMs: 1000, maxSize, sizeOf: () => 10, now: () => clock.now }) };
  };

  it('computes a value once for concurrent misses; past half its age serves it while one refresh runs, never past its age', async () => {
    const { clock, cache } = kept();
    let runs = 0;
    const produce = async () => ({ run: ++runs });
    const all = await Promise.all(Array.from({ length: 5 }, () => cache.get('/a', produce)));
    expect(runs).toBe(1);
    expect(new Set(all).size).toBe(1);
    clock.now = 499;
    expect(await cache.get('/a', produce)).toEqual({ run: 1 });
    clock.now = 500;
    expect(await Promise.all([cache.get('/a', produce), cache.get('/a', produce)])).toEqual([{ run: 1 }, { run: 1 }]);
    expect(runs).toBe(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('/a', produce)).toEqual({ run: 2 });
    // The refreshed value was computed from 500 on: it is never served from 1500.
    clock.now = 1500;
    expect(await cache.get('/a', produce)).toEqual({ run: 3 });
  });

  it('never keeps, nor lets a later read join, a value begun before a write', async () => {
    const { cache } = kept();
    const slow = deferred<{ run: number }>();
    const before = cache.get('/a', () => slow.promise);
    cache.changed();
    let runs = 0;
    const after = cache.get('/a', async () => ({ run: ++runs }));
    slow.resolve({ run: -1 });
    expect(await before).toEqual({ run: -1 });
    expect(await after).toEqual({ run: 1 });
    expect(await cache.get('/a', async () => ({ run: ++runs }))).toEqual({ run: 1 });
    cache.changed();
    expect(await cache.get('/a', async () => ({ run: ++runs }))).toEqual({ run: 2 });
  });

  it('keeps no null, and drops the least recently used values past its size bound', async () => {
    const { cache } = kept(20);
    let runs = 0;
    const produce = async () => ({ run: ++runs });
    await cache.get('/a', produce);
    await cache.get('/b', produce);
    await cache.get('/a', produce);
    await cache.get('/c', produce);
    expect(runs).toBe(3);
    await cache.get('/a', produce);
    expect(runs).toBe(3);
    await cache.get('/b', produce);
    expect(runs).toBe(4);
    let nulls = 0;
    const nothing = async () => {
      nulls++;
      return null;
    };
    await cache.get('/none', nothing);
    await cache.get('/none', nothing);
    expect(nulls).toBe(2);
  });

  it('lets expired values at the front go when it keeps another, and counts a value that grew at its next hit (ADR 129)', async () => {
    const clock = { now: 0 };
    const sizes = new Map<number, number>();
    const cache = new KeptUntilChanged<{ run: number }>({ maxAgeMs: 1000, maxSize: 100, sizeOf: (v) => sizes.get(v.run) ?? 10, now: () => clock.now });
    let runs = 0;
    const produce = async () => ({ run: ++runs });
    await cache.get('/a', produce);
    await cache.get('/b', produce);
    clock.now = 1000;
    await cache.get('/c', produce);
    // /a and /b expired and went: only /c is held.
    expect(cache.size).toBe(10);
    expect(cache.holds('/c')).toBe(true);
    await cache.get('/d', produce);
    // /c grows past what the bound leaves for it beside /d: its next hit counts it, and the least recently used goes.
    sizes.set(3, 95);
    expect(await cache.get('/c', produce)).toEqual({ run: 3 });
    expect(cache.holds('/d')).toBe(false);
    expect(cache.holds('/c')).toBe(true);
    expect(cache.size).toBe(95);
    expect(runs).toBe(4);
  });

  it('counts what a kept answer holds: its body, its compressed forms, the value it keeps and its variants', async () => {
    const value = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: `item ${i}` })) };
    const shared = new CachedAnswer(value, true);
    const body = shared.body.length;
    expect(shared.bytes).toBe(body * 3);
    const br = await shared.encoded('br');
    expect(shared.bytes).toBe(body * 3 + br.length);
    const mine = shared.variant('member', () => ({ items: value.items.slice(1) }));
    expect(shared.bytes).toBe(body * 3 + br.length + mine.body.length);
    expect(new CachedAnswer(value).bytes).toBe(body);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('*;q=0.5')).toBe('br');
    expect(acceptedEncoding('br;q=0, *')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
