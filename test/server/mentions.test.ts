/**
 * Mentions over HTTP (issue 37 item 3, ADR 150): a mention notifies its member once however often the text is edited,
 * a mention added by an edit notifies the new member once, nobody is told of mentioning themselves; the suggestions
 * list names (never emails) of members who are neither deleted nor suspended, for members only; the stored shape is
 * exactly the mention's and a forged one loses everything else; the answers carry the member's current name.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { mentions, notifications, users } from '../../server/data/schema';
import { createComment, listComments, updateComment } from '../../src/contract/comments';
import { createDiscussion, getDiscussion, updateDiscussion } from '../../src/contract/discussions';
import { suggestMembers } from '../../src/contract/members';
import { mentionMarkup } from '../../src/domain/mentions';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, members } from './members';

const TOPIC = { category: 'climate-action', subcategory: 'embodied-carbon' };

async function mentionRows(ctx: TestContext, userId: string) {
  return ctx.database.db
    .select({ kind: notifications.kind, actorId: notifications.actorId, discussionId: notifications.discussionId, commentId: notifications.commentId })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'mention')));
}

async function rename(ctx: TestContext, who: Member, firstName: string, lastName: string) {
  await ctx.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, who.id));
}

describeWithApp('mentions', {}, (ctx) => {
  let author: Member;
  let ada: Member;
  let grace: Member;
  let gone: Member;
  let held: Member;
  let post: string;

  beforeAll(async () => {
    [author, ada, grace, gone, held] = (await members(ctx(), 5, 'mention')) as [Member, Member, Member, Member, Member];
    await rename(ctx(), author, 'Alan', 'Turing');
    await rename(ctx(), ada, 'Ada', 'Lovelace');
    await rename(ctx(), grace, 'Grace', 'Hopper');
    await rename(ctx(), gone, 'Adam', 'Gone');
    await rename(ctx(), held, 'Adele', 'Suspended');
    const created = await send(ctx(), createDiscussion, {
      token: author.token,
      body: { ...TOPIC, title: 'Mentions', content: `<p>Asking ${mentionMarkup(ada.id, 'Ada Lovelace')} and ${mentionMarkup(author.id, 'Alan Turing')}</p>` },
    });
    expect(created.statusCode, created.body).toBe(200);
    post = created.json().discussion._id;
  });

  it('a mention in a post creates one notification for the member, and none for the author who mentioned themselves', async () => {
    expect(await mentionRows(ctx(), ada.id)).toEqual([{ kind: 'mention', actorId: author.id, discussionId: post, commentId: null }]);
    expect(await mentionRows(ctx(), author.id)).toEqual([]);
    const kept = await ctx().database.db.select().from(mentions).where(eq(mentions.targetId, post));
    expect(kept.map((row) => row.userId)).toEqual([ada.id]);
  });

  it('editing the text keeps it at one; a mention added by an edit notifies the new member once', async () => {
    for (const words of ['Asking again', 'Asking once more']) {
      const edited = await send(ctx(), updateDiscussion, {
        token: author.token, params: { id: post },
        body: { content: `<p>${words} ${mentionMarkup(ada.id, 'Ada')} and ${mentionMarkup(grace.id, 'Grace')}</p>` },
      });
      expect(edited.statusCode, edited.body).toBe(200);
    }
    expect(await mentionRows(ctx(), ada.id)).toHaveLength(1);
    expect(await mentionRows(ctx(), grace.id)).toEqual([{ kind: 'mention', actorId: author.id, discussionId: post, commentId: null }]);
  });

  it('a mention in a comment notifies once across edits and points at the comment', async () => {
    const content = `<p>Over to ${mentionMarkup(grace.id, 'Grace Hopper')}</p>`;
    const created = await send(ctx(), createComment, { token: ada.token, body: { discussionId: post, content } });
    expect(created.statusCode, created.body).toBe(200);
    const comment = created.json().comment._id;
    const edited = await send(ctx(), updateComment, { token: ada.token, params: { id: comment }, body: { content: `${content}<p>Thanks</p>` } });
    expect(edited.statusCode, edited.body).toBe(200);
    const rows = (await mentionRows(ctx(), grace.id)).filter((row) => row.commentId !== null);
    expect(rows).toEqual([{ kind: 'mention', actorId: ada.id, discussionId: post, commentId: comment }]);
  });

  it('answers carry the current name linking to the profile; a deleted member is plain text; nobody is told of them', async () => {
    await rename(ctx(), grace, 'Grace', 'Brewster Hopper');
    await ctx().database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const content = `<p>${mentionMarkup(grace.id, 'Grace')} and ${mentionMarkup(gone.id, 'Adam Gone')}</p>`;
    const created = await send(ctx(), createComment, { token: ada.token, body: { discussionId: post, content } });
    expect(created.statusCode, created.body).toBe(200);
    const expected = `<p><a data-mention="${grace.id}" href="/members/${grace.id}">@Grace Brewster Hopper</a> and @Adam Gone</p>`;
    expect(created.json().comment.content).toBe(expected);
    const thread = await send(ctx(), listComments, { token: author.token, params: { id: post } });
    expect(thread.json().comments.map((c: { content: string }) => c.content)).toContain(expected);
    const read = await send(ctx(), getDiscussion, { token: author.token, params: { id: post } });
    expect(read.json().discussion.content).toContain(`<a data-mention="${grace.id}" href="/members/${grace.id}">@Grace Brewster Hopper</a>`);
    expect(await mentionRows(ctx(), gone.id)).toEqual([]);
  });

  it('a forged mention loses every other attribute and its script; a mismatched one is an ordinary link', async () => {
    const forged = `<p><a data-mention="${ada.id}" href="/members/${ada.id}" onclick="alert(1)" style="color:red" class="x">@Ada<script>alert(1)</script></a>`
      + `<a data-mention="${ada.id}" href="javascript:alert(1)">@Ada</a><a data-mention="not-an-id" href="https://example.com/">site</a></p>`;
    const created = await send(ctx(), createComment, { token: grace.token, body: { discussionId: post, content: forged } });
    expect(created.statusCode, created.body).toBe(200);
    const stored = await ctx().database.db.select({ content: mentions.targetId }).from(mentions).where(eq(mentions.targetId, created.json().comment._id));
    expect(stored).toHaveLength(1);
    expect(created.json().comment.content).toBe(
      `<p><a data-mention="${ada.id}" href="/members/${ada.id}">@Ada Lovelace</a>`
      + '<a rel="noopener noreferrer nofollow" target="_blank">@Ada</a><a href="https://example.com/" rel="noopener noreferrer nofollow" target="_blank">site</a></p>',
    );
  });

  it('suggests names by the start of a word, never emails, never deleted or suspended members, at most eight', async () => {
    await ctx().database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, held.id));
    const answer = await send(ctx(), suggestMembers, { token: author.token, query: { q: 'ad' } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().members).toEqual([{ _id: ada.id, name: 'Ada Lovelace', profilePicture: '' }]);
    expect(answer.body).not.toContain('@example.com');
    const byLastName = await send(ctx(), suggestMembers, { token: author.token, query: { q: 'brewster h' } });
    expect(byLastName.json().members.map((m: { _id: string }) => m._id)).toEqual([grace.id]);
    expect((await send(ctx(), suggestMembers, { token: author.token, query: { q: 'a%' } })).json().members).toEqual([]);
    expect((await send(ctx(), suggestMembers, { token: author.token, query: { q: '' } })).json().members).toEqual([]);
    const many = await members(ctx(), 10, 'suggest');
    expect(many).toHaveLength(10);
    expect((await send(ctx(), suggestMembers, { token: author.token, query: { q: 'sugg' } })).json().members).toHaveLength(8);
  });

  it('a suspended member, or one who is no member, is not told; a stranger\'s id keeps no row', async () => {
    const stranger = '00000000-0000-4000-8000-000000000000';
    const content = `<p>${mentionMarkup(held.id, 'Adele')} ${mentionMarkup(stranger, 'Nobody')}</p>`;
    const created = await send(ctx(), createComment, { token: ada.token, body: { discussionId: post, content } });
    expect(created.statusCode, created.body).toBe(200);
    expect(await mentionRows(ctx(), held.id)).toEqual([]);
    expect(await ctx().database.db.select().from(mentions).where(eq(mentions.targetId, created.json().comment._id))).toEqual([]);
    expect(created.json().comment.content).toBe(`<p>${mentionMarkup(held.id, 'Adele Suspended')} @Nobody</p>`);
  });

  it('visitors get 401', async () => {
    expect((await send(ctx(), suggestMembers, { query: { q: 'ad' } })).statusCode).toBe(401);
  });
});
