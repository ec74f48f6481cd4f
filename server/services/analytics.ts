/**
 * Staff analytics (issue 36 item 7, ADR 141): the figures of the last `days` UTC days (today included) as tables, each
 * drawn as a chart with a sentence saying what it shows; and the counting of searches for them.
 */
import {
  type AnalyticsRange, communitySummary, countedQuery, learningSummary, PAGE_SECTION_LABELS, PAGE_SECTIONS, type PageSection,
  pageViewsSummary, quizzesSummary, searchesSummary,
} from '../../src/domain/analytics';
import type { Analytics } from '../../src/contract/staff-analytics';
import {
  communityByWeek, countSearch, type DayRange, learningFunnel, pageViewsBySection, quizzesByTopic, searchTotals, topQueries,
} from '../data/analytics';
import type { Db } from '../data/client';
import { barChart, funnelChart, lineChart } from '../render/charts';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The queries listed in each table. */
const TOP_QUERIES = 10;
/** The courses drawn in the funnel (the table lists every one). */
const FUNNEL_COURSES = 6;

export function rangeOf(days: number, now: number): DayRange & { dayList: string[] } {
  const dayList = Array.from({ length: days }, (_, i) => isoDay(now - (days - 1 - i) * DAY_MS));
  return { from: dayList[0]!, to: dayList.at(-1)!, dayList };
}

/** The Monday starting each week that holds a day of the range. */
function weeksOf(dayList: readonly string[]): string[] {
  const weeks = dayList.map((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return isoDay(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS);
  });
  return [...new Set(weeks)];
}

export class AnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Counts one search (the first page of its answers): never fails the search it counts. */
  async countSearch(q: string, foundNothing: boolean): Promise<void> {
    const query = countedQuery(q);
    if (!query) return;
    try {
      await countSearch(this.db, isoDay(this.now()), query, foundNothing);
    } catch (error) {
      this.onError(error);
    }
  }

  async figures(days: AnalyticsRange): Promise<Analytics> {
    const range = rangeOf(days, this.now());
    const [views, totals, top, nothingFound, courses, topics, weekly] = await Promise.all([
      pageViewsBySection(this.db, range),
      searchTotals(this.db, range),
      topQueries(this.db, range, 'searches', TOP_QUERIES),
      topQueries(this.db, range, 'empty_searches', TOP_QUERIES),
      learningFunnel(this.db, range),
      quizzesByTopic(this.db, range),
      communityByWeek(this.db, range),
    ]);
    return {
      success: true, days, from: range.from, to: range.to,
      pageViews: this.pageViews(range.dayList, views),
      searches: {
        ...totals, top, nothingFound,
        chart: barChart('Top searches', searchesSummary(totals.total, totals.empty, top[0]),
          top.map((q) => ({ label: q.query, value: q.searches, text: String(q.searches) })), 'Searches'),
      },
      learning: {
        courses,
        chart: funnelChart('Courses, from enrolment to certificate', learningSummary(courses),
          courses.slice(0, FUNNEL_COURSES).map((c) => ({ title: c.title, counts: [c.enrolled, c.completedLessons, c.passed, c.certified] }))),
      },
      quizzes: {
        topics,
        chart: barChart('Quiz scores by topic', quizzesSummary(topics),
          topics.map((t) => ({ label: t.title, value: t.averageScore, text: `${t.averageScore}% · ${t.attempts} taken` })), 'Average score (%)', 100),
      },
      community: this.community(weeksOf(range.dayList), weekly),
    };
  }

  private pageViews(dayList: readonly string[], rows: readonly { day: string; section: PageSection; views: number }[]): Analytics['pageViews'] {
    const bySection: Partial<Record<PageSection, number>> = {};
    const cell = new Map<string, number>();
    for (const row of rows) {
      bySection[row.section] = (bySection[row.section] ?? 0) + row.views;
      cell.set(`${row.day} ${row.section}`, (cell.get(`${row.day} ${row.section}`) ?? 0) + row.views);
    }
    const sections = PAGE_SECTIONS.filter((s) => bySection[s] !== undefined);
    const days = dayList.map((day) => {
      const views = sections.map((s) => cell.get(`${day} ${s}`) ?? 0);
      return { day, views, total: views.reduce((a, b) => a + b, 0) };
    });
    const points = sections.flatMap((s, i) => days.map((d) => ({ date: d.day, series: PAGE_SECTION_LABELS[s], value: d.views[i]! })));
    const chart = lineChart('Page views per day, by section', pageViewsSummary(days.map((d) => d.total), bySection), points, 'Views');
    return { sections, days, chart };
  }

  private community(weekList: readonly string[], rows: Analytics['community']['weeks']): Analytics['community'] {
    const found = new Map(rows.map((row) => [row.week, row]));
    const weeks = weekList.map((week) => found.get(week) ?? { week, posts: 0, comments: 0, likes: 0, activeMembers: 0 });
    const series = [['Posts', 'posts'], ['Comments', 'comments'], ['Likes', 'likes'], ['Active members', 'activeMembers']] as const;
    const points = series.flatMap(([label, key]) => weeks.map((w) => ({ date: w.week, series: label, value: w[key] })));
    return { weeks, chart: lineChart('Community activity per week', communitySummary(weeks), points, 'Per week') };
  }
}
