/**
 * The demo community (`npm run demo`, issue 18): it loads members, posts, comments, replies and likes across several
 * goals, marks its members as demo, loads again without adding anything, and refuses a production environment.
 */
import { count, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { CONTENT_DIR } from '../../server/app';
import { DEMO_EMAIL_DOMAIN, DEMO_NAME_MARK, loadDemoCommunity, readDemoCommunity } from '../../server/content-import/demo';
import { commentLikes, comments, discussionLikes, discussions, users } from '../../server/data/schema';
import { listComments } from '../../src/contract/comments';
import { listDiscussions } from '../../src/contract/discussions';
import { send } from './api';
import { describeWithApp } from './fixture';
import { member } from './members';

describeWithApp('the demo community', { seed: true }, (ctx) => {
  it('loads once: members marked as demo, posts in several goals with threads and likes; a second load adds nothing', async () => {
    const demo = await readDemoCommunity(CONTENT_DIR);
    const first = await loadDemoCommunity(ctx().database.db, CONTENT_DIR, new Date(), {});
    const likes = demo.likes.length;
    expect(first).toEqual({ members: demo.members.length, posts: demo.posts.length, comments: demo.comments.length, likes });
    expect(new Set(demo.posts.map((p) => p.category)).size).toBeGreaterThanOrEqual(5);
    expect(demo.comments.some((c) => c.parent !== null)).toBe(true);

    expect(await loadDemoCommunity(ctx().database.db, CONTENT_DIR, new Date(), {})).toEqual({ members: 0, posts: 0, comments: 0, likes: 0 });
    const { db } = ctx().database;
    const total = async (table: typeof discussions | typeof comments | typeof discussionLikes | typeof commentLikes) => (await db.select({ n: count() }).from(table))[0]!.n;
    expect(await total(discussions)).toBe(demo.posts.length);
    expect(await total(comments)).toBe(demo.comments.length);
    expect((await total(discussionLikes)) + (await total(commentLikes))).toBe(likes);
    const demoMembers = await db.select().from(users).where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`));
    expect(demoMembers).toHaveLength(demo.members.length);
    for (const m of demoMembers) {
      expect(m.lastName.endsWith(DEMO_NAME_MARK)).toBe(true);
      // Nobody can sign in as a demo member.
      expect(m.passwordHash).toBeNull();
    }

    // A member sees a demo post in its goal's feed, by its demo author, with its thread.
    const reader = await member(ctx(), 'reader@example.com', 'Rea', 'Der');
    const post = demo.posts[0]!;
    const feed = await send(ctx(), listDiscussions, { token: reader.token, query: { category: post.category, subcategory: post.subcategory } });
    const listed = feed.json().discussions.find((d: { title: string }) => d.title === post.title);
    const author = demo.members.find((m) => m.key === post.author)!;
    expect(listed.createdBy.name).toBe(`${author.firstName} ${author.lastName} ${DEMO_NAME_MARK}`);
    const thread = await send(ctx(), listComments, { token: reader.token, params: { id: listed._id } });
    expect(thread.json().comments).toHaveLength(demo.comments.filter((c) => c.post === post.key).length);
  });

  it('refuses to load when NODE_ENV is production: the configuration stops the start, and the loader itself refuses', async () => {
    expect(() => loadConfig({ DEMO_COMMUNITY: 'on', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO_COMMUNITY: 'on', NODE_ENV: 'production' })).toThrow(/^Invalid configuration: DEMO_COMMUNITY="on"/);
    expect(loadConfig({ DEMO_COMMUNITY: 'on' }).demoCommunity).toBe(true);
    await expect(loadDemoCommunity(ctx().database.db, CONTENT_DIR, new Date(), { NODE_ENV: 'production' })).rejects.toThrow(/NODE_ENV is production/);
  });
});
