/**
 * A write and its derived rows are one transaction (issue 34 item 5, ADR 128), over app.inject on PGlite and
 * PostgreSQL: creating, editing and deleting a post or a comment keeps its search document in step; when the
 * document cannot be written, the write is not saved either; a seat and its reminder job are given together.
 * test/server/crash-consistency.test.ts shows the same under SIGKILL.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { comments, discussions, jobs, searchDocuments, workshopRegistrations, workshops } from '../../server/data/schema';
import { createComment, deleteComment, updateComment } from '../../src/contract/comments';
import type { BodyOf } from '../../src/contract/define';
import { createDiscussion, deleteDiscussion, updateDiscussion } from '../../src/contract/discussions';
import { registerWorkshop } from '../../src/contract/workshops';
import { breakWrites } from '../support/break-writes';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, members } from './members';

const TOPIC = { category: 'sustainable-cities-and-communities', subcategory: 'urban-planning' };
const topicUrl = `/discussion?category=${TOPIC.category}&subcategory=${TOPIC.subcategory}`;

/** The search documents of these rows, by id: what a hit would show. */
async function documents(ctx: TestContext, ...refIds: string[]) {
  const rows = await ctx.database.db
    .select({ kind: searchDocuments.kind, refId: searchDocuments.refId, title: searchDocuments.title, body: searchDocuments.body, url: searchDocuments.url, parentId: searchDocuments.parentId })
    .from(searchDocuments)
    .where(inArray(searchDocuments.refId, refIds));
  return Object.fromEntries(rows.map(({ refId, ...doc }) => [refId, doc]));
}

async function newPost(ctx: TestContext, author: Member, body: Partial<BodyOf<typeof createDiscussion>> = {}) {
  return send(ctx, createDiscussion, { token: author.token, body: { title: 'Car-free streets', content: '<p>Who has tried superblocks?</p>', ...TOPIC, ...body } });
}

describeWithApp('a write and its derived rows', { env: { JOB_POLL_SECONDS: '0' } }, (ctx) => {
  let author: Member;
  let reader: Member;
  it('signs two members in', async () => {
    [author, reader] = (await members(ctx(), 2, 'derived')) as [Member, Member];
  });

  it('keeps the search documents of a post and its comments in step through create, edit and delete', async () => {
    const post = (await newPost(ctx(), author)).json().discussion;
    expect(await documents(ctx(), post._id)).toEqual({
      [post._id]: { kind: 'discussion', title: 'Car-free streets', body: 'Who has tried superblocks?', url: topicUrl, parentId: null },
    });
    const first = (await send(ctx(), createComment, { token: reader.token, body: { discussionId: post._id, content: '<p>Barcelona did.</p>' } })).json().comment;
    const reply = (await send(ctx(), createComment, {
      token: author.token, body: { discussionId: post._id, content: '<p>How were deliveries handled?</p>', parentCommentId: first._id },
    })).json().comment;
    expect(await documents(ctx(), first._id, reply._id)).toEqual({
      [first._id]: { kind: 'comment', title: 'Comment on: Car-free streets', body: 'Barcelona did.', url: topicUrl, parentId: post._id },
      [reply._id]: { kind: 'comment', title: 'Comment on: Car-free streets', body: 'How were deliveries handled?', url: topicUrl, parentId: post._id },
    });

    expect((await send(ctx(), updateComment, { token: reader.token, params: { id: first._id }, body: { content: '<p>Barcelona and Vienna did.</p>' } })).statusCode).toBe(200);
    expect((await documents(ctx(), first._id))[first._id]).toMatchObject({ body: 'Barcelona and Vienna did.' });

    const edited = await send(ctx(), updateDiscussion, { token: author.token, params: { id: post._id }, body: { title: 'Superblocks', content: '<p>Results after a year?</p>' } });
    expect(edited.statusCode).toBe(200);
    const afterEdit = await documents(ctx(), post._id, first._id, reply._id);
    expect(afterEdit[post._id]).toMatchObject({ title: 'Superblocks', body: 'Results after a year?' });
    expect([afterEdit[first._id]!.title, afterEdit[reply._id]!.title]).toEqual(['Comment on: Superblocks', 'Comment on: Superblocks']);

    // A comment with a reply becomes "[deleted]": its words leave the index, the reply's stay.
    expect((await send(ctx(), deleteComment, { token: reader.token, params: { id: first._id } })).statusCode).toBe(200);
    expect(Object.keys(await documents(ctx(), first._id, reply._id))).toEqual([reply._id]);
    expect((await send(ctx(), deleteComment, { token: author.token, params: { id: reply._id } })).statusCode).toBe(200);
    expect(await documents(ctx(), reply._id)).toEqual({});

    const last = (await send(ctx(), createComment, { token: reader.token, body: { discussionId: post._id, content: '<p>Still here?</p>' } })).json().comment;
    expect((await send(ctx(), deleteDiscussion, { token: author.token, params: { id: post._id } })).statusCode).toBe(200);
    expect(await documents(ctx(), post._id, last._id)).toEqual({});
  });

  it('saves no post or comment, edit or delete whose search document cannot be written', async () => {
    const { db } = ctx().database;
    const post = (await newPost(ctx(), author, { title: 'Bus lanes' })).json().discussion;
    const standing = (await send(ctx(), createComment, { token: reader.token, body: { discussionId: post._id, content: '<p>Paint is cheap.</p>' } })).json().comment;
    const before = await documents(ctx(), post._id, standing._id);
    const broken = await breakWrites(ctx().database.db, 'search_documents');
    try {
      expect((await newPost(ctx(), author, { title: 'Never saved' })).statusCode).toBe(500);
      expect(await db.select().from(discussions).where(eq(discussions.title, 'Never saved'))).toEqual([]);
      expect((await send(ctx(), createComment, { token: reader.token, body: { discussionId: post._id, content: '<p>Never saved.</p>' } })).statusCode).toBe(500);
      expect((await send(ctx(), updateComment, { token: reader.token, params: { id: standing._id }, body: { content: '<p>Never saved.</p>' } })).statusCode).toBe(500);
      expect((await send(ctx(), updateDiscussion, { token: author.token, params: { id: post._id }, body: { title: 'Never saved' } })).statusCode).toBe(500);
      expect((await send(ctx(), deleteComment, { token: reader.token, params: { id: standing._id } })).statusCode).toBe(500);
      expect((await send(ctx(), deleteDiscussion, { token: author.token, params: { id: post._id } })).statusCode).toBe(500);
    } finally {
      await broken.heal();
    }
    expect(await db.select({ title: discussions.title }).from(discussions).where(eq(discussions.id, post._id))).toEqual([{ title: 'Bus lanes' }]);
    const thread = await db.select({ id: comments.id, content: comments.content, deletedAt: comments.deletedAt }).from(comments).where(eq(comments.discussionId, post._id));
    expect(thread).toEqual([{ id: standing._id, content: '<p>Paint is cheap.</p>', deletedAt: null }]);
    expect(await documents(ctx(), post._id, standing._id)).toEqual(before);
  });

  it('gives a seat and queues its reminder in one transaction', async () => {
    const { db } = ctx().database;
    const [session] = await db.insert(workshops).values({
      slug: `derived-${Date.now()}`, title: 'Retrofit clinic', description: 'Bring a building.', imageUrl: '', joinUrl: 'https://meet.example.org/x',
      startsAt: new Date(ctx().clock.now + 72 * 3_600_000), duration: 60, capacity: 5,
    }).returning({ id: workshops.id });
    const id = session!.id;
    const broken = await breakWrites(ctx().database.db, 'jobs');
    try {
      expect((await send(ctx(), registerWorkshop, { params: { id }, token: reader.token })).statusCode).toBe(500);
    } finally {
      await broken.heal();
    }
    expect(await db.select().from(workshopRegistrations).where(eq(workshopRegistrations.workshopId, id))).toEqual([]);

    expect((await send(ctx(), registerWorkshop, { params: { id }, token: reader.token })).statusCode).toBe(200);
    const [seat] = await db.select().from(workshopRegistrations).where(and(eq(workshopRegistrations.workshopId, id), eq(workshopRegistrations.userId, reader.id)));
    const queued = await db.select({ key: jobs.key }).from(jobs).where(eq(jobs.key, `workshop-reminder:${seat!.id}`));
    expect(queued).toHaveLength(1);
  });
});
