/**
 * Notifications (issue 37, ADR 146), on every database kind: B's reply tells A once and B never; a reply to a comment
 * tells its author, the post's author and the post's followers once each; grouped likes count members, not clicks; a
 * followed subcategory's new post; preferences ('off' writes nothing); read marks, paging and privacy; the reply mail
 * through a real SMTP receiver with its List-Unsubscribe headers (and none for what was read first); the daily digest
 * at the member's 08:00 with every item; the one-click unsubscribe.
 */
import { writeFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { listNotifications, unreadCount } from '../../server/data/notification-lists';
import * as schema from '../../server/data/schema';
import { jobs, notifications } from '../../server/data/schema';
import { SmtpMailer } from '../../server/mail/smtp-mailer';
import { NOTIFICATION_DIGEST_JOB, NotificationService } from '../../server/services/notifications';
import { likeComment } from '../../src/contract/comments';
import { likeDiscussion } from '../../src/contract/discussions';
import type { BodyOf } from '../../src/contract/define';
import * as calls from '../../src/contract/notifications';
import { DEFAULT_CHANNELS } from '../../src/domain/notifications';
import { send } from './api';
import { smtpReceiver } from './smtp-receiver';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, members } from './members';
import { CATEGORY, postBy, replyBy, SUBCATEGORY, unsubscribeToken } from './notification-support';

const receiver = smtpReceiver('sl-notifications');
const { mailFile, mailsTo } = receiver;
const relayMail = () => new SmtpMailer(`smtp://127.0.0.1:${receiver.port()}/?pool=true`, 'SustainLearn <community@example.com>');
const header = (raw: string, name: string) => new RegExp(`^${name}:[ \\t]*([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'mi').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim();
/** A header's MIME encoded words (RFC 2047, Q encoding) read back as text. */
const decoded = (value: string | undefined) =>
  (value ?? '').replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, q: string) =>
    Buffer.from(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'));
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

const list = async (ctx: TestContext, who: Member, query: { before?: number; limit?: number } = {}) => {
  const res = await send(ctx, calls.listNotifications, { query, token: who.token });
  expect(res.statusCode).toBe(200);
  return res.json() as { notifications: calls.NotificationItem[]; unread: number; nextBefore: number | null };
};
const setPreferences = async (ctx: TestContext, who: Member, body: BodyOf<typeof calls.updateNotificationPreferences>) => {
  const res = await send(ctx, calls.updateNotificationPreferences, { body, token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
async function runJobs(ctx: TestContext) {
  while ((await ctx.app.jobs.tick()) > 0);
}

describeWithApp('notifications', { relayMail, env: { JOB_POLL_SECONDS: '0' } }, (ctx) => {
  beforeAll(() => writeFileSync(mailFile, ''));

  it("B's reply tells A once, with a link to the comment, and B nothing", async () => {
    const [a, b] = await members(ctx(), 2, 'reply');
    const post = await postBy(ctx(), a!);
    const comment = await replyBy(ctx(), b!, post);
    const forA = await list(ctx(), a!);
    expect(forA.unread).toBe(1);
    expect(forA.notifications).toEqual([expect.objectContaining({
      kind: 'reply_post', actor: expect.objectContaining({ _id: b!.id, name: 'Reply No1' }), actorCount: 1,
      discussion: { _id: post, title: 'Mass timber in mid-rise housing' }, commentId: comment, read: false,
    })]);
    expect((await list(ctx(), b!)).notifications).toEqual([]);
    // A's own reply in their thread tells A nothing, and tells B, who follows the post now, once.
    await replyBy(ctx(), a!, post);
    expect((await list(ctx(), a!)).notifications).toHaveLength(1);
    expect((await list(ctx(), b!)).notifications.map((n) => n.kind)).toEqual(['followed_post']);
  });

  it('a reply to a comment tells each member once: the parent author, the post author, the followers', async () => {
    const [author, commenter, replier, follower] = await members(ctx(), 4, 'thread');
    const post = await postBy(ctx(), author!);
    expect((await send(ctx(), calls.setFollow, { body: { targetType: 'discussion', targetId: post, following: true }, token: follower!.token })).json()).toEqual({ success: true, following: true });
    const parent = await replyBy(ctx(), commenter!, post);
    const reply = await replyBy(ctx(), replier!, post, parent);
    const kinds = async (m: Member) => (await list(ctx(), m)).notifications.filter((n) => n.commentId === reply).map((n) => n.kind);
    expect(await kinds(commenter!)).toEqual(['reply_comment']);
    expect(await kinds(author!)).toEqual(['reply_post']);
    expect(await kinds(follower!)).toEqual(['followed_post']);
    expect(await kinds(replier!)).toEqual([]);
    // The commenter's own reply to themselves, under the post: the author hears of it, the commenter does not.
    await replyBy(ctx(), commenter!, post, parent);
    expect((await list(ctx(), commenter!)).notifications.filter((n) => n.kind === 'reply_comment')).toHaveLength(1);
    const follows = (await send(ctx(), calls.listFollows, { token: replier!.token })).json().follows;
    expect(follows).toEqual([{ targetType: 'discussion', targetId: post }]);
  });

  it("puts a comment's mentions first: a mentioned post author hears 'mention' and not 'reply_post' for it", async () => {
    const [author, commenter, other] = await members(ctx(), 3, 'mention');
    const post = await postBy(ctx(), author!);
    const comment = await replyBy(ctx(), commenter!, post);
    // As the mentions' code will call it, in the comment's transaction (here after it, for the same comment).
    const service = new NotificationService(ctx().database.db);
    await ctx().database.db.transaction((tx) =>
      service.commented(tx, { discussionId: post, commentId: comment, parentCommentId: null, authorId: commenter!.id, mentionedIds: [author!.id, other!.id, commenter!.id] }));
    const kinds = async (m: Member) => (await list(ctx(), m)).notifications.map((n) => n.kind);
    expect(await kinds(author!)).toEqual(['mention', 'reply_post']);
    expect(await kinds(other!)).toEqual(['mention']);
    expect(await kinds(commenter!)).toEqual([]);
  });

  it('groups likes: "B and 3 others"; a like taken back and given again counts once', async () => {
    const [author, ...everyone] = await members(ctx(), 6, 'liker');
    const likers = everyone.slice(0, 4);
    const post = await postBy(ctx(), author!);
    for (const l of likers) expect((await send(ctx(), likeDiscussion, { params: { id: post }, token: l.token })).statusCode).toBe(200);
    let [like] = (await list(ctx(), author!)).notifications;
    expect(like).toMatchObject({ kind: 'like', actorCount: 4, actor: { _id: likers[3]!.id }, commentId: null });
    const seq = like!.seq;
    // Unlike, like again: the same group, the same count, nothing new to tell.
    await send(ctx(), likeDiscussion, { params: { id: post }, token: likers[0]!.token });
    await send(ctx(), likeDiscussion, { params: { id: post }, token: likers[0]!.token });
    [like] = (await list(ctx(), author!)).notifications;
    expect(like).toMatchObject({ actorCount: 4, seq });
    expect((await list(ctx(), author!)).notifications).toHaveLength(1);
    // The author's own like tells nobody, and is not counted when the next member's like grows the group.
    await send(ctx(), likeDiscussion, { params: { id: post }, token: author!.token });
    expect((await list(ctx(), author!)).notifications.map((n) => n.seq)).toEqual([seq]);
    await send(ctx(), likeDiscussion, { params: { id: post }, token: everyone[4]!.token });
    [like] = (await list(ctx(), author!)).notifications;
    expect(like).toMatchObject({ actorCount: 5, actor: { _id: everyone[4]!.id } });
    // A like of a comment is a group of its own.
    const comment = await replyBy(ctx(), author!, post);
    await send(ctx(), likeComment, { params: { id: comment }, token: likers[1]!.token });
    const items = (await list(ctx(), author!)).notifications;
    expect(items.map((n) => [n.kind, n.actorCount, n.commentId])).toEqual([['like', 1, comment], ['like', 5, null]]);
  });

  it('a followed subcategory tells of new posts; unfollowed, no more', async () => {
    const [writer, reader] = await members(ctx(), 2, 'follow');
    const target = { targetType: 'subcategory' as const, targetId: `${CATEGORY}/${SUBCATEGORY}` };
    expect((await send(ctx(), calls.setFollow, { body: { ...target, following: true }, token: reader!.token })).statusCode).toBe(200);
    const post = await postBy(ctx(), writer!, 'Heat pumps in listed buildings');
    expect((await list(ctx(), reader!)).notifications).toEqual([expect.objectContaining({ kind: 'followed_post', discussion: { _id: post, title: 'Heat pumps in listed buildings' }, commentId: null })]);
    expect((await send(ctx(), calls.listFollows, { token: reader!.token })).json().follows).toEqual([target]);
    await send(ctx(), calls.setFollow, { body: { ...target, following: false }, token: reader!.token });
    await postBy(ctx(), writer!, 'Another');
    expect((await list(ctx(), reader!)).notifications).toHaveLength(1);
    // Nothing that is not a listed subcategory or an existing post.
    expect((await send(ctx(), calls.setFollow, { body: { targetType: 'subcategory', targetId: 'nope/none', following: true }, token: reader!.token })).statusCode).toBe(400);
    expect((await send(ctx(), calls.setFollow, { body: { targetType: 'discussion', targetId: '00000000-0000-4000-8000-000000000000', following: true }, token: reader!.token })).statusCode).toBe(404);
  });

  it('one comment tells each member by their own choice for the kind they hear, not for another kind', async () => {
    const [author, commenter, replier, follower] = await members(ctx(), 4, 'choice');
    // Each has chosen differently for the kind they will hear and for the kinds they will not.
    await setPreferences(ctx(), author!, { preferences: { reply_post: 'off', followed_post: 'site', reply_comment: 'email' } });
    await setPreferences(ctx(), commenter!, { preferences: { reply_comment: 'email', reply_post: 'off', followed_post: 'off' } });
    await setPreferences(ctx(), follower!, { preferences: { followed_post: 'email', reply_post: 'off', reply_comment: 'off' } });
    const post = await postBy(ctx(), author!);
    expect((await send(ctx(), calls.setFollow, { body: { targetType: 'discussion', targetId: post, following: true }, token: follower!.token })).statusCode).toBe(200);
    const parent = await replyBy(ctx(), commenter!, post);
    const reply = await replyBy(ctx(), replier!, post, parent);
    const rows = await ctx().database.db.select({ userId: notifications.userId, kind: notifications.kind, emailState: notifications.emailState })
      .from(notifications).where(eq(notifications.commentId, reply));
    expect(rows.sort((x, y) => x.kind.localeCompare(y.kind))).toEqual([
      { userId: follower!.id, kind: 'followed_post', emailState: 'pending' },
      { userId: commenter!.id, kind: 'reply_comment', emailState: 'pending' },
    ]);
  });

  it("keeps each member's choices and time zone; 'off' writes nothing", async () => {
    const [a, b] = await members(ctx(), 2, 'prefs');
    const initial = (await send(ctx(), calls.getNotificationPreferences, { token: a!.token })).json();
    expect(initial).toEqual({ success: true, preferences: DEFAULT_CHANNELS, timeZone: null });
    const saved = await setPreferences(ctx(), a!, { preferences: { reply_post: 'off' }, timeZone: 'America/New_York' });
    expect(saved).toEqual({ success: true, preferences: { ...DEFAULT_CHANNELS, reply_post: 'off' }, timeZone: 'America/New_York' });
    const bad = await send(ctx(), calls.updateNotificationPreferences, { body: { timeZone: 'Mars/Olympus' }, token: a!.token });
    expect(bad.statusCode).toBe(400);
    const post = await postBy(ctx(), a!);
    await replyBy(ctx(), b!, post);
    expect((await list(ctx(), a!)).notifications).toEqual([]);
  });

  it('marks read by id or all; another member can neither see nor mark them; pages by seq', async () => {
    const [a, b, c] = await members(ctx(), 3, 'reader');
    const post = await postBy(ctx(), a!);
    for (let i = 0; i < 25; i++) await replyBy(ctx(), b!, post);
    const first = await list(ctx(), a!);
    expect(first.notifications).toHaveLength(20);
    expect(first.unread).toBe(25);
    expect(first.nextBefore).toBe(first.notifications.at(-1)!.seq);
    const second = await list(ctx(), a!, { before: first.nextBefore! });
    expect(second.notifications).toHaveLength(5);
    expect(second.nextBefore).toBeNull();
    const seqs = [...first.notifications, ...second.notifications].map((n) => n.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => y - x));
    // C marks A's ids: nothing changes; C sees none of them.
    const ids = first.notifications.slice(0, 3).map((n) => n._id);
    expect((await send(ctx(), calls.readNotifications, { body: { ids }, token: c!.token })).json()).toEqual({ success: true, unread: 0 });
    expect((await list(ctx(), c!)).notifications).toEqual([]);
    expect((await send(ctx(), calls.readNotifications, { body: { ids }, token: a!.token })).json()).toEqual({ success: true, unread: 22 });
    expect((await list(ctx(), a!)).notifications.filter((n) => n.read).map((n) => n._id).sort()).toEqual([...ids].sort());
    expect((await send(ctx(), calls.readNotifications, { body: { all: true }, token: a!.token })).json()).toEqual({ success: true, unread: 0 });
    expect((await send(ctx(), calls.listNotifications, {})).statusCode).toBe(401);
  });

  it('reads the first page and the unread count through statements a PostgreSQL connection parses once (ADR 197)', async () => {
    const [a, b] = await members(ctx(), 2, 'prepared');
    const post = await postBy(ctx(), a!);
    for (let i = 0; i < 3; i++) await replyBy(ctx(), b!, post);
    if (ctx().database.kind !== 'postgres') return;
    const pool = (ctx().database.db as unknown as { $client: Pool }).$client;
    const client = await pool.connect();
    try {
      // A database object of its own on one connection: the statements are prepared for it on first use, by name.
      const db = drizzle(client, { schema });
      for (let i = 0; i < 2; i++) {
        expect((await listNotifications(db, a!.id, { limit: 20 })).map((n) => n.kind)).toEqual(['reply_post', 'reply_post', 'reply_post']);
        expect(await unreadCount(db, a!.id)).toBe(3);
      }
      const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements order by name');
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['notifications_newest', 'notifications_unread']));
    } finally {
      client.release();
    }
  });

  it('mails a reply a minute later through SMTP, with the link to the comment and one-click unsubscribe; not one read first', async () => {
    const [a, b] = await members(ctx(), 2, 'mailed');
    const post = await postBy(ctx(), a!, 'Embodied carbon of facades');
    const comment = await replyBy(ctx(), b!, post);
    await runJobs(ctx());
    expect(mailsTo(a!.email)).toHaveLength(0);
    ctx().clock.advance(61_000);
    await runJobs(ctx());
    await expect.poll(() => mailsTo(a!.email).length, { timeout: 5000 }).toBe(1);
    const raw = mailsTo(a!.email)[0]!.raw;
    expect(decoded(header(raw, 'Subject'))).toBe('Mailed No1 replied to your post “Embodied carbon of facades”');
    expect(bodyOf(raw)).toContain(`/discussion/${post}#comment-${comment}`);
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(header(raw, 'List-Unsubscribe') ?? '')?.[1];
    expect(oneClick).toContain('/api/notifications/unsubscribe?token=');
    const state = async () => (await ctx().database.db.select({ s: notifications.emailState }).from(notifications).where(eq(notifications.commentId, comment)))[0]?.s;
    expect(await state()).toBe('sent');
    // Read on the site before its minute is up: skipped, never mailed.
    const second = await replyBy(ctx(), b!, post);
    await send(ctx(), calls.readNotifications, { body: { all: true }, token: a!.token });
    ctx().clock.advance(61_000);
    await runJobs(ctx());
    expect((await ctx().database.db.select({ s: notifications.emailState }).from(notifications).where(eq(notifications.commentId, second)))[0]?.s).toBe('skipped');
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(a!.email)).toHaveLength(1);

    // The mail program's one-click POST turns replies to posts off.
    const url = new URL(oneClick!);
    const res = await ctx().app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.json()).toEqual({ success: true, kind: 'reply_post' });
    expect((await send(ctx(), calls.getNotificationPreferences, { token: a!.token })).json().preferences.reply_post).toBe('off');
  });

  it('refuses an unsubscribe token it did not sign, and a form without One-Click', async () => {
    const [a] = await members(ctx(), 1, 'unsub');
    const good = unsubscribeToken(a!.id, ['like']);
    const forged = `${good.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await send(ctx(), calls.unsubscribeNotifications, { query: { token: forged } })).statusCode).toBe(404);
    expect((await send(ctx(), calls.unsubscribeNotifications, { query: { token: 'nonsense' } })).statusCode).toBe(404);
    const form = await ctx().app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${good}`, payload: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(400);
    // A GET (a person's click, or a link scanner) unsubscribes nothing: it is sent to the settings.
    const opened = await ctx().app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${good}` });
    expect([opened.statusCode, opened.headers.location]).toEqual([303, '/profile']);
    expect((await send(ctx(), calls.getNotificationPreferences, { token: a!.token })).json().preferences.like).toBe('site');
    expect((await send(ctx(), calls.unsubscribeNotifications, { query: { token: good } })).json()).toEqual({ success: true, kind: 'like' });
    expect((await send(ctx(), calls.getNotificationPreferences, { token: a!.token })).json().preferences.like).toBe('off');
  });

  it("sends the digest once, at the member's 08:00, with every item; never a mail of its own for them", async () => {
    const [a, b, c] = await members(ctx(), 3, 'digest');
    await setPreferences(ctx(), a!, { preferences: { reply_post: 'digest', like: 'digest' }, timeZone: 'Asia/Tokyo' });
    const post = await postBy(ctx(), a!, 'Daylight in deep-plan offices');
    await replyBy(ctx(), b!, post);
    await replyBy(ctx(), c!, post);
    await send(ctx(), likeDiscussion, { params: { id: post }, token: b!.token });
    const [job] = await ctx().database.db.select().from(jobs).where(and(eq(jobs.kind, NOTIFICATION_DIGEST_JOB), eq(jobs.payload, { userId: a!.id })));
    // 08:00 in Tokyo is 23:00 UTC.
    expect(job!.runAt.getUTCHours()).toBe(23);
    expect(job!.runAt.getTime() - ctx().clock.now).toBeLessThanOrEqual(24 * 3600_000);
    expect(job!.runAt.getTime()).toBeGreaterThan(ctx().clock.now);
    ctx().clock.advance(120_000);
    await runJobs(ctx());
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(a!.email)).toHaveLength(0);
    ctx().clock.now = job!.runAt.getTime();
    await runJobs(ctx());
    await expect.poll(() => mailsTo(a!.email).length, { timeout: 5000 }).toBe(1);
    const raw = bodyOf(mailsTo(a!.email)[0]!.raw);
    expect(header(raw, 'Subject')).toBe('Your SustainLearn daily digest: 3 new notifications');
    expect(raw).toContain('Digest No1 replied to your post');
    expect(raw).toContain('Digest No2 replied to your post');
    expect(raw).toContain('Digest No1 liked your post');
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    ctx().clock.advance(24 * 3600_000);
    await runJobs(ctx());
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(a!.email)).toHaveLength(1);
  });
});
