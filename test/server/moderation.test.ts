/**
 * Issue 37 item 7 (ADR 149): reports and moderation over HTTP on each database. Three members' reports hide an item
 * (two do not; the same member twice counts once); a new member's linked post is held out of the feed, search and a
 * direct read until a moderator approves it; a silenced member's every community write is refused with why and until
 * when; hide tells the author the reason; pins lead their subcategory; only moderators and admins work the queue; every
 * action is in the audit log.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog, notifications, users } from '../../server/data/schema';
import { createComment, likeComment, listComments, updateComment } from '../../src/contract/comments';
import type { Call } from '../../src/contract/define';
import { createDiscussion, getDiscussion, likeDiscussion, listDiscussions, updateDiscussion } from '../../src/contract/discussions';
import * as calls from '../../src/contract/moderation';
import { search } from '../../src/contract/search';
import { staffHome } from '../../src/contract/staff';
import { ALREADY_REPORTED, HELD_MESSAGE, OWN_REPORT, REPORTED_MESSAGE } from '../../src/domain/moderation';
import { mentionMarkup } from '../../src/domain/mentions';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, member } from './members';
import { roleMatrix, staffCallsOf, staffPeople } from './staff-matrix';

const TOPIC = { category: 'climate-action', subcategory: 'embodied-carbon' };
const CALLS = staffCallsOf(calls);
const LINK = '<p>See <a href="https://example.org/epd">the EPD</a> for the figures.</p>';

async function post(ctx: TestContext, author: Member, title: string, content = '<p>Which has less embodied carbon?</p>', topic = TOPIC) {
  const res = await send(ctx, createDiscussion, { token: author.token, body: { title, content, ...topic } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { discussion: { _id: string; moderation?: string }; message?: string };
}

const report = (ctx: TestContext, who: Member, targetType: 'discussion' | 'comment', targetId: string, reason = 'off_topic', note?: string) =>
  send(ctx, calls.createReport, { token: who.token, body: { targetType, targetId, reason: reason as 'off_topic', ...(note ? { note } : {}) } });

const feedIds = async (ctx: TestContext, who: Member, subcategory = TOPIC.subcategory) =>
  ((await send(ctx, listDiscussions, { token: who.token, query: { ...TOPIC, subcategory, limit: 100 } })).json().discussions as { _id: string }[]).map((d) => d._id);

const auditOf = async (ctx: TestContext, action: string, target: string) =>
  ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

describeWithApp('moderation: reports, held posts, silence, the queue', { seed: true }, (ctx) => {
  const people = staffPeople(ctx, 'mod');
  let ada: Member;
  let ben: Member;
  let cleo: Member;
  let dev: Member;
  let matrixTarget: Member;
  let matrixPost: string;

  beforeAll(async () => {
    const c = ctx();
    [ada, ben, cleo, dev, matrixTarget] = await Promise.all([
      member(c, 'mod-ada@example.com', 'Ada', 'Okafor'), member(c, 'mod-ben@example.com', 'Ben', 'Adeyemi'),
      member(c, 'mod-cleo@example.com', 'Cleo', 'Haddad'), member(c, 'mod-dev@example.com', 'Dev', 'Raman'),
      member(c, 'mod-target@example.com', 'Matrix', 'Target'),
    ]);
    matrixPost = (await post(c, matrixTarget, 'A post for the role matrix')).discussion._id;
  }, 120_000);

  it('lists the staff calls it checks', () => {
    expect(CALLS.map((c) => c.name).sort()).toEqual(['moderation.act', 'moderation.pin', 'moderation.queue', 'moderation.silence']);
  });

  const requestFor = (c: Call): { params?: Record<string, string>; body?: unknown } => {
    if (c === calls.moderateItem) return { params: { targetType: 'discussion', targetId: matrixPost }, body: { action: 'keep' } };
    if (c === calls.silenceMember) return { params: { userId: matrixTarget.id }, body: { days: 1, reason: 'Matrix' } };
    if (c === calls.pinDiscussion) return { params: { id: matrixPost }, body: { pinned: false } };
    return {};
  };
  roleMatrix(ctx, CALLS, people, requestFor);

  it('three reports from different members hide a post at once; two do not, and the same member twice counts once', async () => {
    const c = ctx();
    const id = (await post(c, ada, 'Is cross-laminated timber carbon negative?')).discussion._id;
    expect((await report(c, ben, 'discussion', id)).json()).toEqual({ success: true, message: REPORTED_MESSAGE });
    const again = await report(c, ben, 'discussion', id, 'sensational');
    expect([again.statusCode, again.json().message]).toEqual([409, ALREADY_REPORTED]);
    expect((await report(c, cleo, 'discussion', id, 'other', 'It repeats a press release word for word.')).statusCode).toBe(200);
    // Two members so far: still there, with its text.
    const two = await send(c, getDiscussion, { token: dev.token, params: { id } });
    expect(two.json().discussion).toMatchObject({ title: 'Is cross-laminated timber carbon negative?' });
    expect(two.json().discussion.moderation).toBeUndefined();
    expect((await report(c, dev, 'discussion', id, 'no_source')).statusCode).toBe(200);
    for (const reader of [dev, ada]) {
      const hidden = (await send(c, getDiscussion, { token: reader.token, params: { id } })).json().discussion;
      expect(hidden).toMatchObject({ _id: id, title: '', content: '', moderation: 'hidden' });
    }
    const inFeed = ((await send(c, listDiscussions, { token: ben.token, query: { ...TOPIC, limit: 100 } })).json().discussions as { _id: string; content: string; moderation?: string }[]).find((d) => d._id === id);
    expect(inFeed).toMatchObject({ content: '', moderation: 'hidden' });
    const found = await send(c, search, { token: ben.token, query: { q: 'carbon negative', type: 'discussion' } });
    expect(JSON.stringify(found.json())).not.toContain('Is cross-laminated timber carbon negative?');
    // The queue has it, with every report.
    const queue = (await send(c, calls.moderationQueue, { token: people.moderator.token })).json().items as calls.QueueItem[];
    const item = queue.find((i) => i.targetId === id)!;
    expect(item).toMatchObject({ targetType: 'discussion', moderation: 'hidden', authorName: 'Ada Okafor', title: 'Is cross-laminated timber carbon negative?' });
    expect(item.reports.map((r) => [r.reason, r.note, r.reporterName])).toEqual([
      ['off_topic', null, 'Ben Adeyemi'], ['other', 'It repeats a press release word for word.', 'Cleo Haddad'], ['no_source', null, 'Dev Raman'],
    ]);
    // Keep restores it and dismisses the reports.
    const kept = await send(c, calls.moderateItem, { token: people.moderator.token, params: { targetType: 'discussion', targetId: id }, body: { action: 'keep' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await send(c, getDiscussion, { token: dev.token, params: { id } })).json().discussion.title).toBe('Is cross-laminated timber carbon negative?');
    expect(((await send(c, calls.moderationQueue, { token: people.moderator.token })).json().items as calls.QueueItem[]).some((i) => i.targetId === id)).toBe(false);
    expect(await auditOf(c, 'moderation.kept', `discussion:${id}`)).toEqual([expect.objectContaining({ actorId: people.moderator.id, detail: expect.objectContaining({ reports: 3, was: 'hidden' }) })]);
  });

  it('a comment is reported the same way; nobody reports their own words, and "other" needs a note', async () => {
    const c = ctx();
    const postId = (await post(c, ada, 'Heat pumps in terraces')).discussion._id;
    const comment = (await send(c, createComment, { token: ben.token, body: { discussionId: postId, content: '<p>Buy my pumps today</p>' } })).json().comment._id as string;
    const own = await report(c, ben, 'comment', comment);
    expect([own.statusCode, own.json().message]).toEqual([400, OWN_REPORT]);
    expect((await report(c, ada, 'comment', comment, 'other')).statusCode).toBe(400);
    for (const who of [ada, cleo, dev]) expect((await report(c, who, 'comment', comment, 'promotion')).statusCode).toBe(200);
    const thread = (await send(c, listComments, { token: cleo.token, params: { id: postId } })).json().comments as { _id: string; content: string; moderation?: string }[];
    expect(thread.find((x) => x._id === comment)).toMatchObject({ content: '', moderation: 'hidden' });
  });

  it("a new member's linked post is held: out of the feed, search and a direct read until approved, then in", async () => {
    const c = ctx();
    const newcomer = await member(c, 'mod-newcomer@example.com', 'Noor', 'Salim');
    const plain = await post(c, newcomer, 'A question without links');
    expect(plain.message).toBeUndefined();
    const created = await post(c, newcomer, 'Embodied carbon figures for glulam', `${LINK}<p>${mentionMarkup(ben.id, 'Ben')}, your view?</p>`);
    expect(created.discussion.moderation).toBe('held');
    expect(created.message).toBe(HELD_MESSAGE);
    const id = created.discussion._id;
    expect(await feedIds(c, ben)).not.toContain(id);
    expect(await feedIds(c, newcomer)).toContain(plain.discussion._id);
    expect((await send(c, getDiscussion, { token: ben.token, params: { id } })).statusCode).toBe(404);
    const glulam = async () => JSON.stringify((await send(c, search, { token: ben.token, query: { q: 'glulam', type: 'discussion' } })).json());
    expect(await glulam()).not.toContain('Embodied carbon figures for glulam');
    // Nobody is told of a post they cannot open: the mention waits for the approval.
    const mentionsOf = (userId: string, discussionId: string) =>
      c.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.discussionId, discussionId)));
    expect(await mentionsOf(ben.id, id)).toEqual([]);
    // Others cannot report what they cannot see.
    expect((await report(c, ben, 'discussion', id)).statusCode).toBe(404);
    const home = (await send(c, staffHome, { token: people.moderator.token })).json();
    expect(home.heldPosts).toBeGreaterThanOrEqual(1);
    const queued = ((await send(c, calls.moderationQueue, { token: people.moderator.token })).json().items as calls.QueueItem[]).find((i) => i.targetId === id);
    expect(queued).toMatchObject({ moderation: 'held', reports: [], authorName: 'Noor Salim' });
    const approved = await send(c, calls.moderateItem, { token: people.admin.token, params: { targetType: 'discussion', targetId: id }, body: { action: 'keep' } });
    expect(approved.json().message).toMatch(/approved/);
    expect(await feedIds(c, ben)).toContain(id);
    expect(await mentionsOf(ben.id, id)).toEqual([expect.objectContaining({ kind: 'mention', actorId: newcomer.id })]);
    expect((await send(c, getDiscussion, { token: ben.token, params: { id } })).statusCode).toBe(200);
    expect(await glulam()).toContain('Embodied carbon figures for glulam');
    // The second linked post waits too; after two approved, links go straight in.
    const second = await post(c, newcomer, 'Another source', LINK);
    expect(second.discussion.moderation).toBe('held');
    await send(c, calls.moderateItem, { token: people.moderator.token, params: { targetType: 'discussion', targetId: second.discussion._id }, body: { action: 'keep' } });
    const third = await post(c, newcomer, 'A third source', LINK);
    expect(third.discussion.moderation).toBeUndefined();
    expect(third.message).toBeUndefined();
  });

  it('hide tells the author the reason; delete removes; both audited', async () => {
    const c = ctx();
    const id = (await post(c, ada, 'Concrete is always worse')).discussion._id;
    await report(c, ben, 'discussion', id, 'sensational');
    const hidden = await send(c, calls.moderateItem, {
      token: people.moderator.token, params: { targetType: 'discussion', targetId: id }, body: { action: 'hide', reason: 'A claim without a source: please add one.' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await send(c, getDiscussion, { token: cleo.token, params: { id } })).json().discussion).toMatchObject({ moderation: 'hidden', content: '' });
    const told = await c.database.db.select().from(notifications).where(and(eq(notifications.userId, ada.id), eq(notifications.discussionId, id)));
    expect(told).toEqual([expect.objectContaining({ kind: 'moderation', actorId: people.moderator.id, detail: 'A claim without a source: please add one.' })]);
    expect(await auditOf(c, 'moderation.hidden', `discussion:${id}`)).toEqual([
      expect.objectContaining({ actorId: people.moderator.id, detail: expect.objectContaining({ reason: 'A claim without a source: please add one.', reports: 1 }) }),
    ]);
    const noReason = await send(c, calls.moderateItem, { token: people.moderator.token, params: { targetType: 'discussion', targetId: id }, body: { action: 'hide' } as never });
    expect(noReason.statusCode).toBe(400);
    const gone = await send(c, calls.moderateItem, { token: people.moderator.token, params: { targetType: 'discussion', targetId: id }, body: { action: 'delete' } });
    expect(gone.statusCode).toBe(200);
    expect((await send(c, getDiscussion, { token: cleo.token, params: { id } })).statusCode).toBe(404);
    expect(await auditOf(c, 'moderation.deleted', `discussion:${id}`)).toHaveLength(1);
  });

  it("a silenced member reads but every write answers 403 with why and until when", async () => {
    const c = ctx();
    const loud = await member(c, 'mod-loud@example.com', 'Lee', 'Marsh');
    const mine = (await post(c, loud, 'Before the silence')).discussion._id;
    const others = (await post(c, ada, 'Somebody else speaks')).discussion._id;
    const comment = (await send(c, createComment, { token: loud.token, body: { discussionId: others, content: '<p>Mine</p>' } })).json().comment._id as string;
    const res = await send(c, calls.silenceMember, { token: people.moderator.token, params: { userId: loud.id }, body: { days: 7, reason: 'Repeated personal attacks' } });
    expect(res.statusCode, res.body).toBe(200);
    const until = new Date(res.json().silencedUntil as string);
    expect(until.getTime() - c.clock.now).toBe(7 * 24 * 3600 * 1000);
    const writes = [
      send(c, createDiscussion, { token: loud.token, body: { title: 'Still here', content: '<p>Hello</p>', ...TOPIC } }),
      send(c, updateDiscussion, { token: loud.token, params: { id: mine }, body: { title: 'Edited' } }),
      send(c, likeDiscussion, { token: loud.token, params: { id: others } }),
      send(c, createComment, { token: loud.token, body: { discussionId: others, content: '<p>Still here</p>' } }),
      send(c, updateComment, { token: loud.token, params: { id: comment }, body: { content: '<p>Edited</p>' } }),
      send(c, likeComment, { token: loud.token, params: { id: comment } }),
      report(c, loud, 'discussion', others),
    ];
    for (const answer of await Promise.all(writes)) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().message).toMatch(/silenced your account until .+ UTC.+Reason: Repeated personal attacks/);
    }
    expect((await send(c, getDiscussion, { token: loud.token, params: { id: others } })).statusCode).toBe(200);
    expect(await auditOf(c, 'member.silenced', `member:${loud.id}`)).toEqual([expect.objectContaining({ detail: expect.objectContaining({ days: 7, reason: 'Repeated personal attacks' }) })]);
    // Once the time is over, they write again.
    await c.database.db.update(users).set({ silencedUntil: new Date(c.clock.now - 1000) }).where(eq(users.id, loud.id));
    expect((await send(c, likeDiscussion, { token: loud.token, params: { id: others } })).statusCode).toBe(200);
  });

  it('a pinned post leads its subcategory feed; unpinned, it takes its place again; both audited', async () => {
    const c = ctx();
    const topic = { category: 'climate-action', subcategory: 'operational-carbon' };
    const older = (await post(c, ada, 'The pinned guide', '<p>Read this first</p>', topic)).discussion._id;
    const newer = (await post(c, ben, 'A newer question', '<p>What about this?</p>', topic)).discussion._id;
    const pin = (pinned: boolean) => send(c, calls.pinDiscussion, { token: people.moderator.token, params: { id: older }, body: { pinned } });
    expect((await pin(true)).statusCode).toBe(200);
    const ids = await feedIds(c, cleo, topic.subcategory);
    expect(ids.slice(0, 2)).toEqual([older, newer]);
    const first = ((await send(c, listDiscussions, { token: cleo.token, query: topic })).json().discussions as { _id: string; pinned?: boolean }[])[0];
    expect(first).toMatchObject({ _id: older, pinned: true });
    await pin(false);
    expect((await feedIds(c, cleo, topic.subcategory)).slice(0, 2)).toEqual([newer, older]);
    expect(await auditOf(c, 'post.pinned', `discussion:${older}`)).toHaveLength(1);
    expect(await auditOf(c, 'post.unpinned', `discussion:${older}`)).toHaveLength(1);
  });
});
