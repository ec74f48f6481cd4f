/**
 * Discussions and comments over HTTP: SDG constants, posting, who may change what, sanitization against OWASP XSS
 * payloads, likes under concurrency, keyset pagination over 10,000 posts, a 1,000-comment tree in one query, and
 * the 400s of bad bodies.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse as Response } from 'fastify';
import { beforeAll, expect, it, vi } from 'vitest';
import { commentLikes, comments, discussionLikes, discussions } from '../../server/data/schema';
import { createComment, deleteComment, likeComment, listComments, updateComment } from '../../src/contract/comments';
import type { BodyOf, Call } from '../../src/contract/define';
import {
  createDiscussion, deleteDiscussion, getDiscussion, likeDiscussion, listDiscussions, sdgConstants, updateDiscussion,
} from '../../src/contract/discussions';
import { buildCommentTree, type Comment, type CommentNode, type Discussion } from '../../src/domain/discussion';
import { type CallOptions, send, urlOf } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member, members } from './members';
import { OWASP_XSS } from '../support/xss-payloads';

/** One call as a member, or signed out (null). */
function api<C extends Call>(ctx: TestContext, c: C, who: Member | null, options: CallOptions<C> = {}) {
  return send(ctx, c, { ...options, token: who?.token });
}

const TOPIC = { category: 'climate-action', subcategory: 'embodied-carbon' };

async function post(ctx: TestContext, author: Member, overrides: Partial<BodyOf<typeof createDiscussion>> = {}): Promise<Discussion> {
  const res = await api(ctx, createDiscussion, author, { body: { title: 'Timber or concrete?', content: '<p>Which has less embodied carbon?</p>', ...TOPIC, ...overrides } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().discussion;
}

async function comment(ctx: TestContext, author: Member, discussionId: string, content: string, parentCommentId?: string | null): Promise<Comment> {
  const res = await api(ctx, createComment, author, { body: { discussionId, content, parentCommentId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().comment;
}

async function thread(ctx: TestContext, reader: Member, discussionId: string, parentCommentId?: string): Promise<Comment[]> {
  const res = await api(ctx, listComments, reader, { params: { id: discussionId }, query: { parentCommentId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().comments;
}

/** Records every SQL statement the database client runs while `work` runs. */
async function statementsDuring(ctx: TestContext, work: () => Promise<unknown>): Promise<{ text: string; params: unknown[] }[]> {
  const client = (ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const seen: { text: string; params: unknown[] }[] = [];
  const original = client.query.bind(client);
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const first = args[0] as string | { text: string };
    seen.push({ text: typeof first === 'string' ? first : first.text, params: (args[1] as unknown[]) ?? [] });
    return original(...args);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return seen;
}

/** Nothing that can run script, load a resource or restyle the page may be left in stored or served HTML. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<\s*(script|img|svg|math|iframe|frame|frameset|object|embed|style|link|meta|base|form|input|button|body|table|div|details|xml|noscript|title)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/\s(style|src|srcdoc|background|action|class|id)\s*=/i);
  const hrefs = [...html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((m) => m[1]!);
  for (const href of hrefs) expect(href).toMatch(/^(https?:|mailto:)/i);
  for (const anchor of html.match(/<a\b[^>]*>/gi) ?? []) expect(anchor).toContain('rel="noopener noreferrer nofollow"');
}

describeWithApp('discussions', {}, (ctx) => {
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    ada = await member(ctx(), 'ada@example.com', 'Ada', 'Lovelace');
    bob = await member(ctx(), 'bob@example.com', 'Bob', 'Builder');
  });

  it('serves the 17 SDGs as categories, each with at least three built-environment subcategories', async () => {
    const res = await api(ctx(), sdgConstants, ada);
    expect(res.statusCode).toBe(200);
    const { categories, categoryLabels, subcategories } = res.json();
    expect(Object.keys(categories)).toEqual(Array.from({ length: 17 }, (_, i) => `sdg_${i + 1}`));
    expect(categories.sdg_11).toBe('sustainable-cities-and-communities');
    expect(categoryLabels[categories.sdg_13]).toBe('SDG 13: Climate Action');
    for (const value of Object.values(categories) as string[]) {
      expect(categoryLabels[value]).toMatch(/^SDG \d+: /);
      expect(subcategories[value].length).toBeGreaterThanOrEqual(3);
      for (const s of subcategories[value]) expect(s).toEqual({ value: expect.stringMatching(/^[a-z0-9-]+$/), label: expect.any(String) });
    }
    expect((await api(ctx(), sdgConstants, null)).statusCode).toBe(401);
  });

  it('creates a post and reads it back alone and in the list, with counts from the database', async () => {
    const created = await post(ctx(), ada, { title: '  Mass timber in mid-rise housing  ', content: '<p>Is <strong>CLT</strong> ready?</p><ul><li>fire</li><li>acoustics</li></ul>' });
    expect(created).toMatchObject({
      title: 'Mass timber in mid-rise housing',
      content: '<p>Is <strong>CLT</strong> ready?</p><ul><li>fire</li><li>acoustics</li></ul>',
      ...TOPIC,
      likes: [],
      likeCount: 0,
      commentCount: 0,
      createdBy: { _id: ada.id, name: 'Ada Lovelace' },
    });
    const one = await api(ctx(), getDiscussion, bob, { params: { id: created._id } });
    expect(one.json().discussion).toEqual(created);
    const list = await api(ctx(), listDiscussions, bob, { query: { category: TOPIC.category, subcategory: TOPIC.subcategory } });
    expect(list.json().discussions[0]).toEqual(created);

    await comment(ctx(), bob, created._id, '<p>Yes, with care.</p>');
    await api(ctx(), likeDiscussion, bob, { params: { id: created._id } });
    const after = (await api(ctx(), getDiscussion, ada, { params: { id: created._id } })).json().discussion;
    expect(after).toMatchObject({ likes: [bob.id], likeCount: 1, commentCount: 1 });
  });

  it("carries the spec's comments[] (the ids of the post's comments, oldest first) on the list and on the post alone", async () => {
    const d = await post(ctx(), ada, { title: 'Daylight factors in deep-plan offices' });
    expect(d.comments).toEqual([]);
    const first = await comment(ctx(), bob, d._id, '<p>Light shelves help.</p>');
    const reply = await comment(ctx(), ada, d._id, '<p>Only to a point.</p>', first._id);
    const second = await comment(ctx(), ada, d._id, '<p>Clerestories too.</p>');
    const one = (await api(ctx(), getDiscussion, bob, { params: { id: d._id } })).json().discussion;
    const listed = (await api(ctx(), listDiscussions, bob, { query: TOPIC })).json().discussions.find((x: Discussion) => x._id === d._id);
    expect(one.comments).toEqual([first._id, reply._id, second._id]);
    expect(listed.comments).toEqual(one.comments);
    expect(one.commentCount).toBe(3);
    // A deleted comment leaves the list of ids (one with replies stays as "[deleted]" in the thread only).
    expect((await api(ctx(), deleteComment, ada, { params: { id: second._id } })).statusCode).toBe(200);
    expect((await api(ctx(), getDiscussion, bob, { params: { id: d._id } })).json().discussion.comments).toEqual([first._id, reply._id]);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const unknown = randomUUID();
    const calls: [Call, string][] = [
      [getDiscussion, unknown], [getDiscussion, 'not-a-uuid'], [updateDiscussion, unknown], [deleteDiscussion, 'nope'],
      [likeDiscussion, unknown], [likeDiscussion, '1'], [listComments, unknown], [listComments, 'x'],
      [updateComment, unknown], [deleteComment, 'zzz'], [likeComment, unknown],
    ];
    for (const [c, id] of calls) {
      const res = await api(ctx(), c, ada, { params: { id }, rawBody: c.method === 'PUT' ? { title: 'x', content: '<p>x</p>' } : undefined });
      expect(res.statusCode, `${c.method} ${urlOf(c, { id })}`).toBe(404);
      expect(res.json().success).toBe(false);
    }
    const orphan = await api(ctx(), createComment, ada, { body: { discussionId: unknown, content: '<p>hi</p>' } });
    expect(orphan.statusCode).toBe(404);
    const d = await post(ctx(), ada);
    const strayParent = await api(ctx(), createComment, ada, { body: { discussionId: d._id, content: '<p>hi</p>', parentCommentId: unknown } });
    expect(strayParent.statusCode).toBe(404);
  });

  it('lets only the author edit or delete a post or a comment (403 for anyone else)', async () => {
    const d = await post(ctx(), ada, { title: 'Original title' });
    const c = await comment(ctx(), ada, d._id, '<p>Original comment</p>');

    for (const res of [
      await api(ctx(), updateDiscussion, bob, { params: { id: d._id }, body: { title: 'Hijacked' } }),
      await api(ctx(), deleteDiscussion, bob, { params: { id: d._id } }),
      await api(ctx(), updateComment, bob, { params: { id: c._id }, body: { content: '<p>Hijacked</p>' } }),
      await api(ctx(), deleteComment, bob, { params: { id: c._id } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: expect.stringMatching(/^Only the author can/) });
    }
    for (const res of [
      await api(ctx(), updateDiscussion, null, { params: { id: d._id }, body: { title: 'x' } }),
      await api(ctx(), deleteComment, null, { params: { id: c._id } }),
    ]) expect(res.statusCode).toBe(401);

    expect((await api(ctx(), getDiscussion, bob, { params: { id: d._id } })).json().discussion.title).toBe('Original title');
    expect((await thread(ctx(), bob, d._id))[0]!.content).toBe('<p>Original comment</p>');

    const edited = await api(ctx(), updateDiscussion, ada, { params: { id: d._id }, body: { title: 'Edited title', content: '<p>Edited <em>body</em></p>' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().discussion).toMatchObject({ title: 'Edited title', content: '<p>Edited <em>body</em></p>' });
    const editedComment = await api(ctx(), updateComment, ada, { params: { id: c._id }, body: { content: '<p>Edited comment</p>' } });
    expect(editedComment.json().comment).toMatchObject({ content: '<p>Edited comment</p>', createdBy: { _id: ada.id, name: 'Ada Lovelace', email: ada.email } });
    // Another member does not get the author's email.
    expect((await thread(ctx(), bob, d._id))[0]!.createdBy).toEqual({ _id: ada.id, name: 'Ada Lovelace', email: '' });
  });

  it('deletes a post with all its comments and all likes on both', async () => {
    const d = await post(ctx(), ada);
    const top = await comment(ctx(), bob, d._id, '<p>top</p>');
    const reply = await comment(ctx(), ada, d._id, '<p>reply</p>', top._id);
    await api(ctx(), likeDiscussion, bob, { params: { id: d._id } });
    await api(ctx(), likeComment, ada, { params: { id: top._id } });
    await api(ctx(), likeComment, bob, { params: { id: reply._id } });

    const res = await api(ctx(), deleteDiscussion, ada, { params: { id: d._id } });
    expect(res.json()).toEqual({ success: true, message: 'Discussion deleted' });
    const { db } = ctx().database;
    const left = async (table: typeof comments | typeof discussionLikes | typeof commentLikes, where: ReturnType<typeof eq>) =>
      Number((await db.select({ n: count() }).from(table).where(where))[0]!.n);
    expect(await left(comments, eq(comments.discussionId, d._id))).toBe(0);
    expect(await left(discussionLikes, eq(discussionLikes.discussionId, d._id))).toBe(0);
    expect(await left(commentLikes, eq(commentLikes.commentId, top._id))).toBe(0);
    expect(await left(commentLikes, eq(commentLikes.commentId, reply._id))).toBe(0);
    expect((await api(ctx(), getDiscussion, ada, { params: { id: d._id } })).statusCode).toBe(404);
    expect((await api(ctx(), listComments, ada, { params: { id: d._id } })).statusCode).toBe(404);
  });

  it('keeps a thread readable when a comment with replies is deleted, and tidies up when its last reply goes', async () => {
    const d = await post(ctx(), ada);
    const parent = await comment(ctx(), ada, d._id, '<p>parent</p>');
    const reply = await comment(ctx(), bob, d._id, '<p>reply</p>', parent._id);
    const lone = await comment(ctx(), ada, d._id, '<p>lone</p>');
    await api(ctx(), likeComment, bob, { params: { id: parent._id } });

    expect((await api(ctx(), deleteComment, ada, { params: { id: parent._id } })).statusCode).toBe(200);
    let list = await thread(ctx(), bob, d._id);
    expect(list.find((c) => c._id === parent._id)).toEqual({
      _id: parent._id, content: '', discussionId: d._id, parentCommentId: null, likes: [], likeCount: 0, deleted: true,
      createdBy: { _id: '', name: '[deleted]', email: '' }, createdAt: parent.createdAt, editedAt: null,
    });
    expect(list.find((c) => c._id === reply._id)).toMatchObject({ content: '<p>reply</p>', parentCommentId: parent._id, deleted: false });
    expect(buildCommentTree(list).find((n) => n._id === parent._id)!.replies.map((r) => r._id)).toEqual([reply._id]);
    expect((await api(ctx(), getDiscussion, ada, { params: { id: d._id } })).json().discussion.commentCount).toBe(2);

    // A deleted comment can no longer be liked, answered, edited or deleted again.
    expect((await api(ctx(), likeComment, bob, { params: { id: parent._id } })).statusCode).toBe(404);
    expect((await api(ctx(), createComment, bob, { body: { discussionId: d._id, content: '<p>late</p>', parentCommentId: parent._id } })).statusCode).toBe(404);
    expect((await api(ctx(), updateComment, ada, { params: { id: parent._id }, body: { content: '<p>back</p>' } })).statusCode).toBe(404);
    expect((await api(ctx(), deleteComment, ada, { params: { id: parent._id } })).statusCode).toBe(404);

    // A comment without replies simply goes; so does the "[deleted]" parent once its last reply is gone.
    expect((await api(ctx(), deleteComment, ada, { params: { id: lone._id } })).statusCode).toBe(200);
    expect((await api(ctx(), deleteComment, bob, { params: { id: reply._id } })).statusCode).toBe(200);
    list = await thread(ctx(), ada, d._id);
    expect(list).toEqual([]);
    expect((await api(ctx(), getDiscussion, ada, { params: { id: d._id } })).json().discussion.commentCount).toBe(0);
  });

  it('refuses replies across posts', async () => {
    const one = await post(ctx(), ada);
    const other = await post(ctx(), ada);
    const c = await comment(ctx(), ada, one._id, '<p>on one</p>');
    const res = await api(ctx(), createComment, bob, { body: { discussionId: other._id, content: '<p>x</p>', parentCommentId: c._id } });
    expect(res.statusCode).toBe(404);
  });

  it('stores and serves no OWASP XSS payload in posts, comments or titles', async () => {
    const safe = await post(ctx(), ada, { content: '<h2>Sources</h2><p><a href="https://example.org/report" target="_self">the report</a> and <a href="mailto:team@example.org">mail</a></p>' });
    expect(safe.content).toBe(
      '<h2>Sources</h2><p><a href="https://example.org/report" rel="noopener noreferrer nofollow" target="_blank">the report</a> and '
        + '<a href="mailto:team@example.org" rel="noopener noreferrer nofollow" target="_blank">mail</a></p>',
    );
    for (const payload of OWASP_XSS) {
      const content = `<p>Before</p>${payload}<p>After <a href="https://example.org/report">the report</a></p>`;
      const created = await api(ctx(), createDiscussion, ada, { body: { title: `Title ${payload}`.slice(0, 200), content, ...TOPIC } });
      expect(created.statusCode, payload).toBe(200);
      const d: Discussion = created.json().discussion;
      expectInert(d.content);
      expect(d.title, payload).not.toMatch(/<[a-z!/]/i);
      const [stored] = await ctx().database.db.select().from(discussions).where(eq(discussions.id, d._id));
      expectInert(stored!.content);
      expect(stored!.content.startsWith('<p>Before</p>'), payload).toBe(true);

      const c = await comment(ctx(), bob, d._id, `<p>Reply</p>${payload}`);
      expectInert(c.content);
      const edited = await api(ctx(), updateDiscussion, ada, { params: { id: d._id }, body: { content: `<p>Edited</p>${payload}` } });
      expectInert(edited.json().discussion.content);
    }
  });

  it('rejects content that is only markup the allowlist removes', async () => {
    for (const content of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<p>   </p><p>&nbsp;</p>', '<style>p{}</style>']) {
      const res = await api(ctx(), createDiscussion, ada, { body: { title: 'Valid', content, ...TOPIC } });
      expect(res.statusCode, content).toBe(400);
      expect(res.json().message).toBe('content: Content is required');
    }
    const d = await post(ctx(), ada);
    const blankComment = await api(ctx(), createComment, ada, { body: { discussionId: d._id, content: '<script>x</script>' } });
    expect(blankComment.json()).toEqual({ success: false, message: 'content: Comment is required', fieldErrors: { content: 'Comment is required' } });
    const tagTitle = await api(ctx(), createDiscussion, ada, { body: { title: '<b></b>', content: '<p>x</p>', ...TOPIC } });
    expect(tagTitle.json()).toEqual({ success: false, message: 'title: Title is required', fieldErrors: { title: 'Title is required' } });
  });

  it('answers 400 to bad bodies and queries', async () => {
    const d = await post(ctx(), ada);
    const c = await comment(ctx(), ada, d._id, '<p>c</p>');
    const valid = { title: 'A title', content: '<p>Body</p>', ...TOPIC };
    const feed = urlOf(listDiscussions);
    const cases: [Call, CallOptions<Call>, RegExp][] = [
      [createDiscussion, { rawBody: { ...valid, title: undefined } }, /^title: /],
      [createDiscussion, { rawBody: { ...valid, title: '   ' } }, /^title: Title is required$/],
      [createDiscussion, { rawBody: { ...valid, title: 'x'.repeat(201) } }, /^title: Title must be at most 200 characters$/],
      [createDiscussion, { rawBody: { ...valid, title: 42 } }, /^title: /],
      [createDiscussion, { rawBody: { ...valid, content: '' } }, /^content: Content is required$/],
      [createDiscussion, { rawBody: { ...valid, content: ' \n\t ' } }, /^content: Content is required$/],
      [createDiscussion, { rawBody: { ...valid, content: `<p>${'x'.repeat(50_000)}</p>` } }, /^content: Content must be at most 50000 characters$/],
      [createDiscussion, { rawBody: { ...valid, category: undefined } }, /^category: /],
      [createDiscussion, { rawBody: { ...valid, subcategory: '' } }, /^subcategory: /],
      [createDiscussion, { rawBody: { ...valid, category: 'sdg_99' } }, /listed categories/],
      [createDiscussion, { rawBody: { ...valid, subcategory: 'urban-planning' } }, /listed categories/],
      // Names every object has are no goal (this was a 500: the lookup found Object's own constructor).
      [createDiscussion, { rawBody: { ...valid, category: 'constructor' } }, /listed categories/],
      [createDiscussion, { rawBody: { ...valid, category: '__proto__', subcategory: 'toString' } }, /listed categories/],
      [createDiscussion, { rawBody: 'not json at all', headers: { 'content-type': 'application/json' } }, /./],
      [updateDiscussion, { params: { id: d._id }, rawBody: {} }, /^Nothing to update$/],
      [updateDiscussion, { params: { id: d._id }, rawBody: { title: '' } }, /^title: /],
      [updateDiscussion, { params: { id: d._id }, rawBody: { content: '<p> </p>' } }, /^content: Content is required$/],
      [createComment, { rawBody: { discussionId: d._id, content: '   ' } }, /^content: Comment is required$/],
      [createComment, { rawBody: { discussionId: d._id, content: 'x'.repeat(5_001) } }, /^content: Comment must be at most 5000 characters$/],
      [createComment, { rawBody: { discussionId: d._id } }, /^content: /],
      [createComment, { rawBody: { content: '<p>x</p>' } }, /^discussionId: /],
      [createComment, { rawBody: { discussionId: d._id, content: '<p>x</p>', parentCommentId: 7 } }, /^parentCommentId: /],
      [updateComment, { params: { id: c._id }, rawBody: { content: '' } }, /^content: Comment is required$/],
      [listDiscussions, { rawUrl: `${feed}?limit=0` }, /^limit: /],
      [listDiscussions, { rawUrl: `${feed}?limit=101` }, /^limit: /],
      [listDiscussions, { rawUrl: `${feed}?limit=abc` }, /^limit: /],
      [listDiscussions, { rawUrl: `${feed}?cursor=bm90LWEtY3Vyc29y` }, /^cursor: Invalid cursor$/],
      [listDiscussions, { rawUrl: `${feed}?category=${'x'.repeat(41)}` }, /^category: /],
    ];
    for (const [c, options, message] of cases) {
      const res = await api(ctx(), c, ada, options);
      const url = options.rawUrl ?? urlOf(c, options.params);
      expect(res.statusCode, `${c.method} ${url} ${JSON.stringify(options.rawBody)?.slice(0, 80)}`).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(message);
    }
    // Nothing was stored by any of them.
    expect((await api(ctx(), getDiscussion, ada, { params: { id: d._id } })).json().discussion.commentCount).toBe(1);
  });

  it('toggles a like per member and counts N parallel likes from N members as N', async () => {
    const d = await post(ctx(), ada);
    const crowd = await members(ctx(), 24, 'liker');
    const answers = await Promise.all(crowd.map((m) => api(ctx(), likeDiscussion, m, { params: { id: d._id } })));
    for (const res of answers) expect(res.json()).toMatchObject({ success: true, liked: true });
    const after = (await api(ctx(), getDiscussion, ada, { params: { id: d._id } })).json().discussion as Discussion;
    expect(after.likeCount).toBe(24);
    expect(new Set(after.likes)).toEqual(new Set(crowd.map((m) => m.id)));

    // One member hammering the toggle can never be counted twice.
    const eager = crowd[0]!;
    const storm = await Promise.all(Array.from({ length: 16 }, () => api(ctx(), likeDiscussion, eager, { params: { id: d._id } })));
    for (const res of storm) expect(res.statusCode).toBe(200);
    const rows = await ctx().database.db.select().from(discussionLikes).where(eq(discussionLikes.discussionId, d._id));
    expect(rows.filter((r) => r.userId === eager.id).length).toBeLessThanOrEqual(1);
    expect(rows.length).toBeGreaterThanOrEqual(23);
    expect(rows.length).toBeLessThanOrEqual(24);

    // Sequential toggles alternate, and the answer's count is the database's.
    const first = (await api(ctx(), likeDiscussion, bob, { params: { id: d._id } })).json();
    const second = (await api(ctx(), likeDiscussion, bob, { params: { id: d._id } })).json();
    expect(first).toEqual({ success: true, liked: true, likeCount: rows.length + 1 });
    expect(second).toEqual({ success: true, liked: false, likeCount: rows.length });
  });

  it('counts N parallel comment likes from N members as N', async () => {
    const d = await post(ctx(), ada);
    const c = await comment(ctx(), ada, d._id, '<p>like me</p>');
    const crowd = await members(ctx(), 12, 'fan');
    await Promise.all(crowd.map((m) => api(ctx(), likeComment, m, { params: { id: c._id } })));
    const [served] = await thread(ctx(), ada, d._id);
    expect(served!.likeCount).toBe(12);
    expect(new Set(served!.likes)).toEqual(new Set(crowd.map((m) => m.id)));
    const storm = await Promise.all(Array.from({ length: 10 }, () => api(ctx(), likeComment, bob, { params: { id: c._id } })));
    for (const res of storm) expect(res.statusCode).toBe(200);
    const bobs = await ctx().database.db.select().from(commentLikes).where(eq(commentLikes.userId, bob.id));
    expect(bobs.length).toBeLessThanOrEqual(1);
    // The primary key itself refuses a second row, whatever the code above it does.
    await expect(ctx().database.db.insert(commentLikes).values([{ commentId: c._id, userId: crowd[0]!.id }])).rejects.toThrow();
  });
});

describeWithApp('discussion feed at scale', {}, (ctx) => {
  let reader: Member;
  const TOTAL = 10_000;
  const topics = [
    { category: 'climate-action', subcategory: 'embodied-carbon' },
    { category: 'climate-action', subcategory: 'operational-carbon' },
    { category: 'sustainable-cities-and-communities', subcategory: 'urban-planning' },
  ];

  beforeAll(async () => {
    reader = (await members(ctx(), 1, 'reader'))[0]!;
    const [author] = await members(ctx(), 1, 'author');
    const { db } = ctx().database;
    const base = '2024-01-01T00:00:00.000Z';
    // Groups of four: two share the exact instant (the id breaks the tie), two differ below the millisecond.
    const micro = [0, 0, 137, 999];
    for (let start = 0; start < TOTAL; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, TOTAL - start) }, (_, k) => {
        const i = start + k;
        return {
          title: `Post ${i}`,
          content: `<p>Body ${i}</p>`,
          ...topics[i % topics.length]!,
          createdBy: author!.id,
          createdAt: sql`(${base}::timestamptz + ${Math.floor(i / 4)}::int * interval '1 second' + ${micro[i % 4]}::int * interval '1 microsecond')`,
        };
      });
      await db.insert(discussions).values(rows as never);
    }
    await db.execute(sql`analyze discussions`);
  }, 120_000);

  async function walk(filter: { category?: string; subcategory?: string }, limit?: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Response = await api(ctx(), listDiscussions, reader, { query: { ...filter, limit: limit || undefined, cursor: cursor || undefined } });
      expect(res.statusCode, res.body).toBe(200);
      const page: { discussions: Discussion[]; nextCursor: string | null } = res.json();
      ids.push(...page.discussions.map((d: Discussion) => d._id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    return { ids, pages };
  }

  async function expectedOrder(where = sql`true`) {
    const rows = await ctx().database.db.select({ id: discussions.id }).from(discussions).where(where)
      .orderBy(sql`${discussions.createdAt} desc, ${discussions.id} desc`);
    return rows.map((r) => r.id);
  }

  it('pages through 10,000 posts newest first, each exactly once, in (createdAt desc, id desc) order', async () => {
    const first = await api(ctx(), listDiscussions, reader);
    expect(first.json().discussions).toHaveLength(20);
    expect(first.json().nextCursor).toEqual(expect.any(String));

    const { ids, pages } = await walk({}, 100);
    expect(pages).toBe(100);
    expect(new Set(ids).size).toBe(TOTAL);
    expect(ids).toEqual(await expectedOrder());
  }, 120_000);

  it('pages within a category and within a subcategory', async () => {
    const sub = await walk({ category: 'climate-action', subcategory: 'operational-carbon' }, 97);
    expect(sub.ids).toEqual(await expectedOrder(sql`${discussions.subcategory} = 'operational-carbon'`));
    const cat = await walk({ category: 'climate-action' }, 100);
    expect(cat.ids).toEqual(await expectedOrder(sql`${discussions.category} = 'climate-action'`));
    expect(cat.ids.length).toBe(TOTAL - Math.floor(TOTAL / 3));
  }, 120_000);

  it('reads a deep page through an index, with no sort over the table', async () => {
    let cursor = '';
    for (let i = 0; i < 3; i++) cursor = (await api(ctx(), listDiscussions, reader, { query: { limit: 100, cursor: cursor || undefined } })).json().nextCursor;
    for (const topic of [{}, { category: 'climate-action' }, { category: 'climate-action', subcategory: 'embodied-carbon' }]) {
      const filter = urlOf(listDiscussions, undefined, topic);
      const statements = await statementsDuring(ctx(), () => api(ctx(), listDiscussions, reader, { query: { ...topic, cursor } }));
      const feed = statements.find((s) => /from "discussions"/.test(s.text))!;
      expect(feed, filter).toBeDefined();
      const client = (ctx().database.db as unknown as { $client: { query: (t: string, p: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } }).$client;
      const plan = JSON.stringify((await client.query(`explain (format json) ${feed.text}`, feed.params)).rows);
      expect(plan, filter).toMatch(/"Index Name":\s*"discussions_(recent|feed|category_feed)"/);
      // The only sorts allowed are inside the per-post like lists (json_agg order by), never over the posts.
      const sortKeys = [...plan.matchAll(/"Sort Key":\s*\[([^\]]*)\]/g)].map((m) => m[1]!);
      expect(sortKeys.filter((key) => /discussions\.|created_at DESC/.test(key)), filter).toEqual([]);
    }
  });

  it('serves a 1,000-comment tree in one query, and any subtree in one query too', async () => {
    const [writer] = await members(ctx(), 1, 'writer');
    const d = await post(ctx(), writer!);
    // A spine 40 replies deep, plus replies spread over the earlier comments.
    const made: { id: string; parentCommentId: string | null }[] = [];
    for (let i = 0; i < 1000; i++) {
      const parent = i === 0 ? null : i < 40 ? made[i - 1]!.id : i % 5 === 0 ? null : made[(i * 7919) % i]!.id;
      made.push({ id: randomUUID(), parentCommentId: parent });
    }
    const { db } = ctx().database;
    const start = Date.parse('2024-06-01T00:00:00Z');
    for (let s = 0; s < made.length; s += 250) {
      await db.insert(comments).values(made.slice(s, s + 250).map((m, k) => ({
        id: m.id, discussionId: d._id, parentCommentId: m.parentCommentId, content: `<p>c${s + k}</p>`, createdBy: writer!.id,
        createdAt: new Date(start + (s + k) * 1000),
      })));
    }

    let served: Comment[] = [];
    const statements = await statementsDuring(ctx(), async () => {
      served = await thread(ctx(), writer!, d._id);
    });
    expect(served).toHaveLength(1000);
    expect(statements.filter((s) => /"comments"|\bcomments\b/.test(s.text))).toHaveLength(1);
    expect(served.map((c) => c._id)).toEqual(made.map((m) => m.id));
    const tree = buildCommentTree(served);
    const depth = (nodes: CommentNode[]): number => Math.max(0, ...nodes.map((n) => 1 + depth(n.replies)));
    expect(depth(tree)).toBeGreaterThanOrEqual(40);

    const root = made[0]!.id;
    const below = new Set<string>();
    for (const m of made) if (m.parentCommentId && (m.parentCommentId === root || below.has(m.parentCommentId))) below.add(m.id);
    let subtree: Comment[] = [];
    const subStatements = await statementsDuring(ctx(), async () => {
      subtree = await thread(ctx(), writer!, d._id, root);
    });
    expect(new Set(subtree.map((c) => c._id))).toEqual(below);
    expect(subStatements.filter((s) => /"comments"|\bcomments\b/.test(s.text))).toHaveLength(1);
    expect((await api(ctx(), getDiscussion, writer!, { params: { id: d._id } })).json().discussion.commentCount).toBe(1000);
  });
});
