/**
 * Discussions and comments over HTTP: SDG constants, posting, who may change what, sanitization against OWASP XSS
 * payloads, likes under concurrency, and the 400s of bad bodies. The feed over 10,000 posts and a 1,000-comment tree
 * are in discussions-scale.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { commentLikes, comments, discussionLikes, discussions } from '../../server/data/schema';
import { createComment, deleteComment, likeComment, listComments, updateComment } from '../../src/contract/comments';
import type { Call } from '../../src/contract/define';
import {
  createDiscussion, deleteDiscussion, getDiscussion, likeDiscussion, listDiscussions, sdgConstants, updateDiscussion,
} from '../../src/contract/discussions';
import { buildCommentTree, type Discussion } from '../../src/domain/discussion';
import { type CallOptions, urlOf } from './api';
import { api, comment, post, thread, TOPIC } from './discussions';
import { describeWithApp } from './fixture';
import { type Member, member, members } from './members';
import { OWASP_XSS } from '../support/xss-payloads';

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

    // The comment as its create answers it is the comment as its author then reads it in the thread (the create reads
    // it back in its insert's own statement, ADR 200): the same name, time, email and no likes.
    const answered = await comment(ctx(), bob, created._id, '<p>Yes, with care.</p>');
    expect(answered).toMatchObject({ createdBy: { _id: bob.id, email: bob.email }, likes: [], likeCount: 0, deleted: false, editedAt: null });
    const thread = (await api(ctx(), listComments, bob, { params: { id: created._id } })).json().comments;
    expect(thread).toEqual([answered]);
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

  it("takes a like back when the member's own like was committed while the toggle waited on it (PostgreSQL)", async ({ skip }) => {
    // PGlite runs one statement at a time: no toggle can start while another's like is uncommitted.
    if (ctx().database.kind !== 'postgres') skip();
    const d = await post(ctx(), ada);
    const { db } = ctx().database;
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => { held = resolve; });
    // The like of another request of bob's, written and not yet committed.
    const other = db.transaction(async (tx) => {
      await tx.insert(discussionLikes).values({ discussionId: d._id, userId: bob.id });
      held();
      await released;
    });
    await holding;
    const toggle = api(ctx(), likeDiscussion, bob, { params: { id: d._id } });
    // The toggle's statement has taken its snapshot and waits on the uncommitted row: then that row is committed.
    for (;;) {
      const [waiting] = await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
      if (waiting!.n > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    await other;
    // Two toggles by one member, one after the other as the row lock ordered them: liked, then taken back.
    expect((await toggle).json()).toEqual({ success: true, liked: false, likeCount: 0 });
    const rows = await db.select().from(discussionLikes).where(eq(discussionLikes.discussionId, d._id));
    expect(rows).toEqual([]);
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
