/**
 * Issue 37, items 5 and 8, over HTTP on each database: an edit keeps the text it replaces (sanitised as the original
 * was, in the edit's transaction) and marks the item edited; only the author edits; any member reads the history, a
 * visitor does not; bookmarks are saved, listed newest first, removed, and private to their member.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { revisions } from '../../server/data/schema';
import { listBookmarks, savedInDiscussion, setBookmark } from '../../src/contract/bookmarks';
import { commentRevisions, createComment, deleteComment, listComments, updateComment } from '../../src/contract/comments';
import type { Call } from '../../src/contract/define';
import { createDiscussion, deleteDiscussion, discussionRevisions, getDiscussion, updateDiscussion } from '../../src/contract/discussions';
import type { Comment, Discussion } from '../../src/domain/discussion';
import { type CallOptions, send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member } from './members';

function api<C extends Call>(ctx: TestContext, c: C, who: Member | null, options: CallOptions<C> = {}) {
  return send(ctx, c, { ...options, token: who?.token });
}

const TOPIC = { category: 'climate-action', subcategory: 'embodied-carbon' };

async function post(ctx: TestContext, author: Member, title = 'Timber or concrete?', content = '<p>Which has less embodied carbon?</p>'): Promise<Discussion> {
  const res = await api(ctx, createDiscussion, author, { body: { title, content, ...TOPIC } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().discussion;
}

async function comment(ctx: TestContext, author: Member, discussionId: string, content: string): Promise<Comment> {
  const res = await api(ctx, createComment, author, { body: { discussionId, content } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().comment;
}

describeWithApp('edit history and bookmarks', {}, (ctx) => {
  let ada: Member;
  let bob: Member;
  beforeAll(async () => {
    ada = await member(ctx(), 'ada.history@example.com', 'Ada', 'Lovelace');
    bob = await member(ctx(), 'bob.history@example.com', 'Bob', 'Builder');
  });

  it('keeps each replaced text of a post, newest first, and marks it edited; an unchanged save is no edit', async () => {
    const created = await post(ctx(), ada);
    expect(created.editedAt).toBeNull();
    const never = await api(ctx(), discussionRevisions, bob, { params: { id: created._id } });
    expect(never.json()).toEqual({ success: true, current: { title: created.title, content: created.content, writtenAt: created.createdAt }, revisions: [] });

    const first = await api(ctx(), updateDiscussion, ada, { params: { id: created._id }, body: { title: 'Timber, concrete or both?' } });
    expect(first.statusCode, first.body).toBe(200);
    const once = first.json().discussion as Discussion;
    expect(once.editedAt).not.toBeNull();
    const second = await api(ctx(), updateDiscussion, ada, { params: { id: created._id }, body: { content: '<p>Hybrid frames count too.</p>' } });
    const twice = second.json().discussion as Discussion;
    expect(twice.editedAt! >= once.editedAt!).toBe(true);

    // The same text again changes nothing: no revision, the same edit time.
    const same = await api(ctx(), updateDiscussion, ada, { params: { id: created._id }, body: { title: twice.title, content: twice.content } });
    expect(same.json().discussion.editedAt).toBe(twice.editedAt);

    const history = (await api(ctx(), discussionRevisions, bob, { params: { id: created._id } })).json();
    expect(history.current).toEqual({ title: 'Timber, concrete or both?', content: '<p>Hybrid frames count too.</p>', writtenAt: twice.editedAt });
    expect(history.revisions).toEqual([
      { title: 'Timber, concrete or both?', content: '<p>Which has less embodied carbon?</p>', writtenAt: once.editedAt },
      { title: 'Timber or concrete?', content: '<p>Which has less embodied carbon?</p>', writtenAt: created.createdAt },
    ]);
    // The post as everyone reads it says it was edited.
    expect((await api(ctx(), getDiscussion, bob, { params: { id: created._id } })).json().discussion.editedAt).toBe(twice.editedAt);
  });

  it('sanitises what an edit writes, so the history holds no script either', async () => {
    const created = await post(ctx(), ada);
    const hostile = '<p>Fine words<script>alert(1)</script><img src=x onerror=alert(2)></p>';
    const edited = await api(ctx(), updateDiscussion, ada, { params: { id: created._id }, body: { title: 'Hi <script>alert(3)</script>there', content: hostile } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().discussion.content).toBe('<p>Fine words</p>');
    // The hostile edit is itself replaced: it is the history now, as it was stored.
    await api(ctx(), updateDiscussion, ada, { params: { id: created._id }, body: { content: '<p>Clean again</p>' } });
    const history = (await api(ctx(), discussionRevisions, bob, { params: { id: created._id } })).json();
    const texts = JSON.stringify(history);
    expect(texts).not.toMatch(/script|onerror|<img/i);
    expect(history.revisions[0]).toMatchObject({ title: 'Hi alert(3)there', content: '<p>Fine words</p>' });

    const c = await comment(ctx(), bob, created._id, '<p>First thought</p>');
    await api(ctx(), updateComment, bob, { params: { id: c._id }, body: { content: '<p>Second<script>alert(4)</script></p>' } });
    await api(ctx(), updateComment, bob, { params: { id: c._id }, body: { content: '<p>Third</p>' } });
    const ofComment = (await api(ctx(), commentRevisions, ada, { params: { id: c._id } })).json();
    expect(ofComment.current).toMatchObject({ content: '<p>Third</p>' });
    expect(ofComment.revisions.map((r: { content: string }) => r.content)).toEqual(['<p>Second</p>', '<p>First thought</p>']);
    expect(ofComment.revisions[0].title).toBeUndefined();
    const [thread] = (await api(ctx(), listComments, ada, { params: { id: created._id } })).json().comments as Comment[];
    expect(thread!.editedAt).not.toBeNull();
  });

  it('lets only the author edit, and keeps no revision for a refused edit', async () => {
    const created = await post(ctx(), ada);
    const c = await comment(ctx(), ada, created._id, '<p>Mine</p>');
    expect((await api(ctx(), updateDiscussion, bob, { params: { id: created._id }, body: { title: 'Taken over' } })).statusCode).toBe(403);
    expect((await api(ctx(), updateComment, bob, { params: { id: c._id }, body: { content: '<p>Taken over</p>' } })).statusCode).toBe(403);
    expect((await api(ctx(), updateDiscussion, null, { params: { id: created._id }, body: { title: 'Anon' } })).statusCode).toBe(401);
    const [row] = await ctx().database.db.select({ n: count() }).from(revisions).where(eq(revisions.targetId, created._id));
    expect(Number(row!.n)).toBe(0);
    expect((await api(ctx(), getDiscussion, ada, { params: { id: created._id } })).json().discussion).toMatchObject({ title: created.title, editedAt: null });
  });

  it('shows the history to any signed-in member and to no visitor; unknown or deleted items are not found', async () => {
    const created = await post(ctx(), ada);
    const c = await comment(ctx(), ada, created._id, '<p>Soon gone</p>');
    await api(ctx(), updateComment, ada, { params: { id: c._id }, body: { content: '<p>Edited, then gone</p>' } });
    expect((await api(ctx(), discussionRevisions, bob, { params: { id: created._id } })).statusCode).toBe(200);
    expect((await api(ctx(), discussionRevisions, null, { params: { id: created._id } })).statusCode).toBe(401);
    expect((await api(ctx(), commentRevisions, null, { params: { id: c._id } })).statusCode).toBe(401);
    expect((await api(ctx(), discussionRevisions, bob, { params: { id: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(404);
    expect((await api(ctx(), discussionRevisions, bob, { params: { id: 'not-a-uuid' } })).statusCode).toBe(404);

    // A deleted comment's texts go with it; a deleted post's, and its comments', too.
    expect((await api(ctx(), deleteComment, ada, { params: { id: c._id } })).statusCode).toBe(200);
    expect((await api(ctx(), commentRevisions, bob, { params: { id: c._id } })).statusCode).toBe(404);
    const kept = async (id: string) => Number((await ctx().database.db.select({ n: count() }).from(revisions).where(eq(revisions.targetId, id)))[0]!.n);
    expect(await kept(c._id)).toBe(0);
    const d = await comment(ctx(), bob, created._id, '<p>Another</p>');
    await api(ctx(), updateComment, bob, { params: { id: d._id }, body: { content: '<p>Another, edited</p>' } });
    await api(ctx(), updateDiscussion, ada, { params: { id: created._id }, body: { title: 'Renamed' } });
    expect(await kept(d._id)).toBe(1);
    expect(await kept(created._id)).toBe(1);
    expect((await api(ctx(), deleteDiscussion, ada, { params: { id: created._id } })).statusCode).toBe(200);
    expect(await kept(d._id) + (await kept(created._id))).toBe(0);
    expect((await api(ctx(), discussionRevisions, bob, { params: { id: created._id } })).statusCode).toBe(404);
  });

  it('keeps every replaced text when two edits race', async () => {
    const created = await post(ctx(), ada);
    const edits = ['A', 'B', 'C', 'D'].map((t) => api(ctx(), updateDiscussion, ada, { params: { id: created._id }, body: { content: `<p>${t}</p>` } }));
    for (const res of await Promise.all(edits)) expect(res.statusCode, res.body).toBe(200);
    const history = (await api(ctx(), discussionRevisions, bob, { params: { id: created._id } })).json();
    // Four changes from the original: four replaced texts, each distinct, and the current one is none of them.
    const all = [history.current.content, ...history.revisions.map((r: { content: string }) => r.content)];
    expect(history.revisions).toHaveLength(4);
    expect(new Set(all).size).toBe(5);
    expect(all).toContain(created.content);
  });

  it('saves, lists newest first, and removes bookmarks; each member sees only their own', async () => {
    const p = await post(ctx(), ada, 'Daylight in deep plans', '<p>Light shelves or atria?</p>');
    const c = await comment(ctx(), ada, p._id, '<p>Atria, with care for <strong>smoke</strong> control.</p>');
    expect((await api(ctx(), listBookmarks, bob)).json().bookmarks).toEqual([]);

    expect((await api(ctx(), setBookmark, bob, { body: { targetType: 'discussion', targetId: p._id, saved: true } })).json()).toEqual({ success: true, saved: true });
    expect((await api(ctx(), setBookmark, bob, { body: { targetType: 'comment', targetId: c._id, saved: true } })).json().saved).toBe(true);
    // Saving twice is saving once.
    expect((await api(ctx(), setBookmark, bob, { body: { targetType: 'comment', targetId: c._id, saved: true } })).statusCode).toBe(200);

    const list = (await api(ctx(), listBookmarks, bob)).json().bookmarks;
    expect(list).toHaveLength(2);
    expect(list.map((b: { targetType: string }) => b.targetType)).toEqual(['comment', 'discussion']);
    expect(list[0]).toMatchObject({ targetId: c._id, discussionId: p._id, title: 'Daylight in deep plans', excerpt: 'Atria, with care for smoke control.', authorName: 'Ada Lovelace' });
    expect(list[1]).toMatchObject({ targetId: p._id, discussionId: p._id, excerpt: 'Light shelves or atria?' });
    expect((await api(ctx(), savedInDiscussion, bob, { params: { id: p._id } })).json()).toEqual({ success: true, discussion: true, comments: [c._id] });

    // Ada saved nothing, and sees nothing of Bob's.
    expect((await api(ctx(), listBookmarks, ada)).json().bookmarks).toEqual([]);
    expect((await api(ctx(), savedInDiscussion, ada, { params: { id: p._id } })).json()).toEqual({ success: true, discussion: false, comments: [] });
    expect((await api(ctx(), listBookmarks, null)).statusCode).toBe(401);
    expect((await api(ctx(), setBookmark, null, { body: { targetType: 'discussion', targetId: p._id, saved: true } })).statusCode).toBe(401);

    // Removing one: Ada cannot remove Bob's (her request only ever touches her own rows).
    await api(ctx(), setBookmark, ada, { body: { targetType: 'discussion', targetId: p._id, saved: false } });
    expect((await api(ctx(), listBookmarks, bob)).json().bookmarks).toHaveLength(2);
    expect((await api(ctx(), setBookmark, bob, { body: { targetType: 'discussion', targetId: p._id, saved: false } })).json().saved).toBe(false);
    expect((await api(ctx(), listBookmarks, bob)).json().bookmarks.map((b: { targetId: string }) => b.targetId)).toEqual([c._id]);

    // Nothing that is not there can be saved; a saved item that goes leaves the list.
    expect((await api(ctx(), setBookmark, bob, { body: { targetType: 'comment', targetId: '00000000-0000-4000-8000-000000000000', saved: true } })).statusCode).toBe(404);
    expect((await api(ctx(), setBookmark, bob, { body: { targetType: 'discussion', targetId: 'nope', saved: true } })).statusCode).toBe(404);
    expect((await api(ctx(), setBookmark, bob, { body: { targetType: 'post' as 'discussion', targetId: p._id, saved: true } })).statusCode).toBe(400);
    await api(ctx(), deleteComment, ada, { params: { id: c._id } });
    expect((await api(ctx(), listBookmarks, bob)).json().bookmarks).toEqual([]);
  });
});
