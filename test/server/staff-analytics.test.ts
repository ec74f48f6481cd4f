/**
 * Issue 36 item 7: staff analytics. The role matrix of src/contract/staff-analytics.ts; searches counted (a kept answer
 * too, a next page not, no address kept, a flood of unique queries capped); and the figures, their tables, charts and
 * sentences right for data this file makes: page views, searches, enrolments and progress, quiz attempts, posts.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { countSearch } from '../../server/data/analytics';
import {
  assessmentAttempts, certificates, comments, courseLessons, courseSections, courses, discussionLikes, discussions, enrolments,
  lessonProgress, pageViews, quizAttempts, quizTopics, searchQueries,
} from '../../server/data/schema';
import type { Call } from '../../src/contract/define';
import { search } from '../../src/contract/search';
import * as analyticsCalls from '../../src/contract/staff-analytics';
import type { Analytics, Chart } from '../../src/contract/staff-analytics';
import { OTHER_QUERIES, QUERIES_PER_DAY } from '../../src/domain/analytics';
import type { SvgNode } from '../../src/domain/quiz-cards';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { type Member, members } from './members';
import { roleMatrix, staffCallsOf, staffPeople } from './staff-matrix';

const CALLS = staffCallsOf(analyticsCalls);
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function texts(nodes: readonly SvgNode[]): string[] {
  return nodes.flatMap((n) => [...(n.text !== undefined ? [n.text] : []), ...texts(n.children ?? [])]);
}
const chartTexts = (chart: Chart) => texts(chart.nodes);

describeWithApp('staff analytics', { seed: true }, (ctx) => {
  const people = staffPeople(ctx, 'analytics');
  let learners: Member[];
  let before: Analytics;
  let course: { id: string; title: string };
  let topic: { id: string; title: string };

  const figures = async (c: TestContext, days: number): Promise<Analytics> => {
    const res = await send(c, analyticsCalls.analytics, { token: people.moderator.token, query: { days } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    const c = ctx();
    const { db } = c.database;
    learners = await members(c, 3, 'analytics-learner');
    await db.delete(pageViews);
    await db.delete(searchQueries);
    before = await figures(c, 30);
    const [first] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.status, 1)).limit(1);
    course = first!;
    const used = new Set(before.quizzes.topics.map((t) => t.topic));
    const topics = await db.select({ id: quizTopics.id, title: quizTopics.title }).from(quizTopics);
    topic = topics.find((t) => !used.has(t.id))!;
  }, 120_000);

  it('lists the staff calls it checks', () => {
    expect(CALLS.map((c) => c.name)).toEqual(['staff.analytics']);
  });

  roleMatrix(ctx, CALLS, people, (_c: Call) => ({ query: { days: 7 } }));

  it('refuses a range that is not 7, 30 or 90 days', async () => {
    for (const days of ['14', '0', 'x']) {
      const res = await send(ctx(), analyticsCalls.analytics, { token: people.editor.token, query: { days } as never });
      expect(res.statusCode, days).toBe(400);
    }
  });

  it('counts searches: lower-cased and trimmed, a kept answer too, not a next page, no address, the empty ones apart', async () => {
    const c = ctx();
    for (const q of ['Carbon', '  carbon ', 'zzqxvw nothing', 'ada@example.com carbon']) {
      const res = await send(c, search, { query: { q } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const again = await send(c, search, { query: { q: 'Carbon' } });
    const next = again.json().nextCursor as string | null;
    if (next) expect((await send(c, search, { query: { q: 'Carbon', cursor: next } })).statusCode).toBe(200);
    const rows = await c.database.db.select().from(searchQueries).orderBy(searchQueries.query);
    expect(rows.map((r) => [r.query, r.searches, r.emptySearches])).toEqual([
      ['(email) carbon', 1, expect.any(Number)],
      ['carbon', 3, 0],
      ['zzqxvw nothing', 1, 1],
    ]);
  });

  it('counts a flood of unique queries past the day’s cap as one row', async () => {
    const { db } = ctx().database;
    const day = '2020-01-01';
    await db.execute(sql`insert into ${searchQueries} (day, query, searches) select ${day}::date, 'flood ' || g, 1 from generate_series(1, ${QUERIES_PER_DAY}) g`);
    await countSearch(db, day, 'flood 1', false);
    await countSearch(db, day, 'one more', true);
    await countSearch(db, day, 'and another', false);
    const rows = await db.select().from(searchQueries).where(sql`${searchQueries.day} = ${day}::date and ${searchQueries.query} in ('flood 1', 'one more', ${OTHER_QUERIES})`).orderBy(searchQueries.query);
    expect(rows.map((r) => [r.query, r.searches, r.emptySearches])).toEqual([[OTHER_QUERIES, 2, 1], ['flood 1', 2, 0]]);
  });

  it('answers the figures of known data, in its tables, its charts and its sentences', async () => {
    const c = ctx();
    const { db } = c.database;
    const now = c.clock.now;
    const today = dayOf(now);
    const yesterday = dayOf(now - DAY_MS);
    const longAgo = dayOf(now - 40 * DAY_MS);
    await db.insert(pageViews).values([
      { path: '/articles/a', day: today, views: 7 }, { path: '/articles/b', day: today, views: 5 }, { path: '/', day: today, views: 3 },
      { path: '/quiz/energy', day: today, views: 2 }, { path: '/nowhere', day: today, views: 1 },
      { path: '/articles/a', day: yesterday, views: 4 }, { path: '/articles/a', day: longAgo, views: 100 },
    ]);
    // Three learners enrol; two finish every lesson, one passes and is certified; a fourth enrolment is 40 days old.
    const lessons = await db.select({ id: courseLessons.id }).from(courseLessons).innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId)).where(eq(courseSections.courseId, course.id));
    expect(lessons.length).toBeGreaterThan(0);
    await db.insert(enrolments).values(learners.map((l) => ({ userId: l.id, courseId: course.id })));
    await db.insert(enrolments).values({ userId: people.member.id, courseId: course.id, enrolledAt: new Date(now - 40 * DAY_MS) });
    await db.insert(lessonProgress).values(learners.slice(0, 2).flatMap((l) => lessons.map((lesson) => ({ userId: l.id, lessonId: lesson.id, courseId: course.id }))));
    await db.insert(assessmentAttempts).values({ userId: learners[0]!.id, courseId: course.id, status: 'completed', score: 8, totalQuestions: 10, passed: true, completedAt: new Date() });
    await db.insert(certificates).values({
      userId: learners[0]!.id, courseId: course.id, learnerName: 'Illustrative Learner', courseTitle: course.title, minutes: 30, score: 8, totalQuestions: 10, issuedAt: new Date(),
    });
    // Two quizzes of one topic: 3 of 5 and 5 of 5, an 80% average; one left in progress does not count.
    await db.insert(quizAttempts).values([
      { userId: learners[0]!.id, category: topic.id, setId: 's1', status: 'completed', score: 3, totalQuestions: 5, completedAt: new Date() },
      { userId: learners[1]!.id, category: topic.id, setId: 's1', status: 'completed', score: 5, totalQuestions: 5, completedAt: new Date() },
      { userId: learners[2]!.id, category: topic.id, setId: 's1', status: 'in-progress', score: 1, totalQuestions: 5 },
    ]);
    // Two posts, three comments (one removed), one like, by three members.
    const [post] = await db.insert(discussions).values([
      { title: 'Timber', content: 'On timber', category: 'goal-11', subcategory: 'x', createdBy: learners[0]!.id },
      { title: 'Steel', content: 'On steel', category: 'goal-11', subcategory: 'x', createdBy: learners[0]!.id },
    ]).returning({ id: discussions.id });
    await db.insert(comments).values([
      { discussionId: post!.id, content: 'Yes', createdBy: learners[1]!.id },
      { discussionId: post!.id, content: 'No', createdBy: learners[1]!.id },
      { discussionId: post!.id, content: 'Gone', createdBy: learners[1]!.id, deletedAt: new Date() },
    ]);
    await db.insert(discussionLikes).values({ discussionId: post!.id, userId: learners[2]!.id });

    const week = await figures(c, 7);
    expect(week.days).toBe(7);
    expect(week.to).toBe(today);
    expect(week.pageViews.sections).toEqual(['home', 'articles', 'quiz', 'other']);
    expect(week.pageViews.days).toHaveLength(7);
    expect(week.pageViews.days.at(-1)).toEqual({ day: today, views: [3, 12, 2, 1], total: 18 });
    expect(week.pageViews.days.at(-2)).toEqual({ day: yesterday, views: [0, 4, 0, 0], total: 4 });
    expect(week.pageViews.days.slice(0, 5).every((d) => d.total === 0)).toBe(true);
    expect(week.pageViews.chart.summary).toBe('Page views rose from 0 to 18 a day, 22 views in all; Articles had the most, 16.');
    expect(chartTexts(week.pageViews.chart)).toEqual(expect.arrayContaining(['Home', 'Articles', 'Quizzes', 'Other']));
    expect((await figures(c, 90)).pageViews.days.find((d) => d.day === longAgo)?.views).toEqual([0, 100, 0, 0]);

    expect(week.searches.total).toBe(5);
    expect(week.searches.empty).toBeGreaterThanOrEqual(1);
    expect(week.searches.top[0]).toEqual({ query: 'carbon', searches: 3 });
    expect(week.searches.nothingFound).toContainEqual({ query: 'zzqxvw nothing', searches: 1 });
    expect(chartTexts(week.searches.chart)).toEqual(expect.arrayContaining(['carbon', '3']));
    expect(week.searches.chart.summary).toMatch(/^5 searches, of which \d found nothing\. The most searched for was "carbon", 3 times\.$/);

    const month = await figures(c, 30);
    const row = month.learning.courses.find((r) => r.id === course.id)!;
    const was = before.learning.courses.find((r) => r.id === course.id) ?? { enrolled: 0, completedLessons: 0, passed: 0, certified: 0 };
    expect([row.enrolled - was.enrolled, row.completedLessons - was.completedLessons, row.passed - was.passed, row.certified - was.certified]).toEqual([3, 2, 1, 1]);
    const ninety = (await figures(c, 90)).learning.courses.find((r) => r.id === course.id)!;
    expect(ninety.enrolled - row.enrolled).toBe(1);
    if (month.learning.courses.indexOf(row) < 6) {
      expect(chartTexts(month.learning.chart)).toEqual(expect.arrayContaining([course.title, String(row.enrolled), String(row.completedLessons)]));
    }

    expect(month.quizzes.topics.find((t) => t.topic === topic.id)).toEqual({ topic: topic.id, title: topic.title, attempts: 2, averageScore: 80 });
    expect(chartTexts(month.quizzes.chart)).toContain('80% · 2 taken');

    const thisWeek = month.community.weeks.at(-1)!;
    const wasWeek = before.community.weeks.at(-1)!;
    expect([thisWeek.posts - wasWeek.posts, thisWeek.comments - wasWeek.comments, thisWeek.likes - wasWeek.likes, thisWeek.activeMembers - wasWeek.activeMembers]).toEqual([2, 2, 1, 3]);
    expect(month.community.weeks.length).toBeGreaterThanOrEqual(5);
    expect(chartTexts(month.community.chart)).toEqual(expect.arrayContaining(['Posts', 'Comments', 'Likes', 'Active members']));
  });

  it('sends charts as shapes only: no style, script or markup in them', async () => {
    const month = await figures(ctx(), 30);
    const walk = (nodes: readonly SvgNode[]): SvgNode[] => nodes.flatMap((n) => [n, ...walk(n.children ?? [])]);
    const all = walk([month.pageViews.chart, month.searches.chart, month.learning.chart, month.quizzes.chart, month.community.chart].flatMap((c) => c.nodes));
    expect(new Set(all.map((n) => n.tag))).toEqual(new Set(['g', 'path', 'line', 'rect', 'text']));
    const names = new Set(all.flatMap((n) => Object.keys(n.attrs)));
    expect([...names].filter((name) => /^(on|style|class|href|aria)/i.test(name))).toEqual([]);
    for (const chart of [month.pageViews.chart, month.searches.chart, month.learning.chart, month.quizzes.chart, month.community.chart]) {
      expect(chart.width).toBeGreaterThan(0);
      expect(chart.summary.length).toBeGreaterThan(10);
    }
  });
});
