/**
 * Staff analytics (issue 36 item 7, ADR 141): what the product already keeps, counted over a range of UTC days.
 * Each figure is one grouped query; the day bounds are parameters, so every query reads only its range.
 */
import { sql } from 'drizzle-orm';
import { COUNTED_QUERY_MAX, OTHER_QUERIES, type PageSection, QUERIES_PER_DAY, SECTION_SEGMENTS } from '../../src/domain/analytics';
import type { Db } from './client';
import {
  assessmentAttempts, certificates, commentLikes, comments, courseLessons, courseSections, courses, discussionLikes, discussions,
  enrolments, lessonProgress, pageViews, quizAttempts, quizTopics, searchQueries,
} from './schema';

export interface DayRange {
  /** First and last UTC day, both counted, as YYYY-MM-DD. */
  from: string;
  to: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
/** The range as instants: from the first day's midnight to the midnight after the last (UTC). */
const start = (r: DayRange) => sql`${`${r.from}T00:00:00Z`}::timestamptz`;
const end = (r: DayRange) => sql`(${`${r.to}T00:00:00Z`}::timestamptz + interval '1 day')`;

/**
 * Counts one search for its day: one statement. A query not yet seen that day is counted under OTHER_QUERIES once the
 * day holds QUERIES_PER_DAY distinct queries, so a flood of unique queries cannot grow the table without bound.
 */
export async function countSearch(db: Db, day: string, query: string, foundNothing: boolean): Promise<void> {
  const q = query.slice(0, COUNTED_QUERY_MAX);
  const empty = foundNothing ? 1 : 0;
  await db.execute(sql`
    insert into ${searchQueries} (day, query, searches, empty_searches)
    select ${day}::date,
      case when exists (select 1 from ${searchQueries} where day = ${day}::date and query = ${q})
        or (select count(*) from (select 1 from ${searchQueries} where day = ${day}::date limit ${QUERIES_PER_DAY}) kept) < ${QUERIES_PER_DAY}
      then ${q} else ${OTHER_QUERIES} end,
      1, ${empty}
    on conflict (day, query) do update
      set searches = ${searchQueries}.searches + 1, empty_searches = ${searchQueries}.empty_searches + excluded.empty_searches`);
}

/** The SQL that names a page view's section from its path's first segment (src/domain/analytics.ts sectionOf). */
function sectionCase() {
  const segment = sql`split_part(${pageViews.path}, '/', 2)`;
  const whens = Object.entries(SECTION_SEGMENTS).map(([section, segments]) =>
    sql`when ${segment} in (${sql.join(segments.map((s) => sql`${s}`), sql`, `)}) then ${section}`);
  return sql`case when ${segment} = '' then 'home' ${sql.join(whens, sql` `)} else 'other' end`;
}

export async function pageViewsBySection(db: Db, r: DayRange) {
  const section = sectionCase();
  const result = await db.execute(sql`
    select to_char(${pageViews.day}, 'YYYY-MM-DD') as day, ${section} as section, sum(${pageViews.views})::int as views
    from ${pageViews}
    where ${pageViews.day} between ${r.from}::date and ${r.to}::date
    group by 1, 2`);
  return rowsOf<{ day: string; section: PageSection; views: number }>(result).map((row) => ({ ...row, views: Number(row.views) }));
}

export async function searchTotals(db: Db, r: DayRange) {
  const result = await db.execute(sql`
    select coalesce(sum(searches), 0)::int as total, coalesce(sum(empty_searches), 0)::int as empty
    from ${searchQueries} where day between ${r.from}::date and ${r.to}::date`);
  const [row] = rowsOf<{ total: number; empty: number }>(result);
  return { total: Number(row?.total ?? 0), empty: Number(row?.empty ?? 0) };
}

/** The most searched queries (by all searches, or by those that found nothing), OTHER_QUERIES left out. */
export async function topQueries(db: Db, r: DayRange, by: 'searches' | 'empty_searches', limit: number) {
  const column = sql.raw(by);
  const result = await db.execute(sql`
    select query, sum(${column})::int as searches
    from ${searchQueries}
    where day between ${r.from}::date and ${r.to}::date and query <> ${OTHER_QUERIES}
    group by query having sum(${column}) > 0
    order by searches desc, query
    limit ${limit}`);
  return rowsOf<{ query: string; searches: number }>(result).map((row) => ({ query: row.query, searches: Number(row.searches) }));
}

/**
 * Per course, the members who enrolled in the range, and of them how many have (by now) finished every lesson,
 * passed the assessment, and hold a certificate that is not revoked.
 */
export async function learningFunnel(db: Db, r: DayRange) {
  const result = await db.execute(sql`
    with cohort as (
      select user_id, course_id from ${enrolments} where ${enrolments.enrolledAt} >= ${start(r)} and ${enrolments.enrolledAt} < ${end(r)}
    ), lessons as (
      select s.course_id, count(l.id)::int as n
      from ${courseSections} s join ${courseLessons} l on l.section_id = s.id
      where s.course_id in (select course_id from cohort)
      group by s.course_id
    )
    select c.id, c.title, count(*)::int as enrolled,
      count(*) filter (where coalesce(lessons.n, 0) > 0 and (
        select count(*) from ${lessonProgress} p where p.user_id = k.user_id and p.course_id = k.course_id) >= lessons.n)::int as "completedLessons",
      count(*) filter (where exists (
        select 1 from ${assessmentAttempts} a where a.user_id = k.user_id and a.course_id = k.course_id and a.passed))::int as passed,
      count(*) filter (where exists (
        select 1 from ${certificates} ce where ce.user_id = k.user_id and ce.course_id = k.course_id and ce.revoked_at is null))::int as certified
    from cohort k join ${courses} c on c.id = k.course_id left join lessons on lessons.course_id = k.course_id
    group by c.id, c.title
    order by enrolled desc, c.title`);
  return rowsOf<{ id: string; title: string; enrolled: number; completedLessons: number; passed: number; certified: number }>(result).map((row) => ({
    id: row.id, title: row.title, enrolled: Number(row.enrolled), completedLessons: Number(row.completedLessons), passed: Number(row.passed), certified: Number(row.certified),
  }));
}

/** Quizzes finished in the range, per topic, with their average score as a percentage. */
export async function quizzesByTopic(db: Db, r: DayRange) {
  const result = await db.execute(sql`
    select a.category as topic, coalesce(t.title, a.category) as title, count(*)::int as attempts,
      round(avg(a.score * 100.0 / nullif(a.total_questions, 0)))::int as "averageScore"
    from ${quizAttempts} a left join ${quizTopics} t on t.id = a.category
    where a.status = 'completed' and a.completed_at >= ${start(r)} and a.completed_at < ${end(r)}
    group by a.category, t.title, t.position
    order by attempts desc, t.position nulls last, a.category`);
  return rowsOf<{ topic: string; title: string; attempts: number; averageScore: number | null }>(result).map((row) => ({
    topic: row.topic, title: row.title, attempts: Number(row.attempts), averageScore: Math.min(100, Math.max(0, Number(row.averageScore ?? 0))),
  }));
}

/** Posts, comments (not removed), likes of either, and the members who did any of those, per week starting Monday. */
export async function communityByWeek(db: Db, r: DayRange) {
  const within = (column: string) => sql`${sql.raw(column)} >= ${start(r)} and ${sql.raw(column)} < ${end(r)}`;
  const result = await db.execute(sql`
    with acts as (
      select created_by as member, created_at as at, 'post' as kind from ${discussions} where ${within('created_at')}
      union all
      select created_by, created_at, 'comment' from ${comments} where ${within('created_at')} and deleted_at is null
      union all
      select user_id, created_at, 'like' from ${discussionLikes} where ${within('created_at')}
      union all
      select user_id, created_at, 'like' from ${commentLikes} where ${within('created_at')}
    )
    select to_char(date_trunc('week', at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      count(*) filter (where kind = 'post')::int as posts,
      count(*) filter (where kind = 'comment')::int as comments,
      count(*) filter (where kind = 'like')::int as likes,
      count(distinct member)::int as "activeMembers"
    from acts group by 1 order by 1`);
  return rowsOf<{ week: string; posts: number; comments: number; likes: number; activeMembers: number }>(result).map((row) => ({
    week: row.week, posts: Number(row.posts), comments: Number(row.comments), likes: Number(row.likes), activeMembers: Number(row.activeMembers),
  }));
}
