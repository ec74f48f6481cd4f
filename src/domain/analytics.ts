/**
 * Staff analytics (issue 36 item 7, ADR 141): the ranges a staff member may choose, the sections page views are
 * counted under (from a path's first segment), how a search is written down (no member, no address), and the
 * sentences that say what each chart shows.
 */

export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_RANGE: AnalyticsRange = 30;

export const PAGE_SECTIONS = ['home', 'articles', 'courses', 'workshops', 'discussion', 'quiz', 'library', 'other'] as const;
export type PageSection = (typeof PAGE_SECTIONS)[number];

export const PAGE_SECTION_LABELS: Record<PageSection, string> = {
  home: 'Home',
  articles: 'Articles',
  courses: 'Courses',
  workshops: 'Workshops',
  discussion: 'Community',
  quiz: 'Quizzes',
  library: 'Library',
  other: 'Other',
};

/** The first segments of a path each section holds; `home` is the bare `/`, `other` everything else. */
export const SECTION_SEGMENTS: Record<Exclude<PageSection, 'home' | 'other'>, readonly string[]> = {
  articles: ['articles'],
  courses: ['courses', 'learning', 'certificates'],
  workshops: ['workshops'],
  discussion: ['discussion', 'sustain-community', 'members'],
  quiz: ['quiz'],
  library: ['ebook', 'research-papers', 'newsletters', 'case-studies'],
};

export function sectionOf(path: string): PageSection {
  const segment = (path.split('?')[0] ?? '').split('/')[1] ?? '';
  if (segment === '') return 'home';
  for (const [section, segments] of Object.entries(SECTION_SEGMENTS)) {
    if (segments.includes(segment)) return section as PageSection;
  }
  return 'other';
}

/** A query as it is counted: at most this many characters. */
export const COUNTED_QUERY_MAX = 80;
/** Distinct queries kept per day; past it, new ones are counted together under OTHER_QUERIES. */
export const QUERIES_PER_DAY = 2000;
export const OTHER_QUERIES = '(other queries)';

/**
 * A search as it is written down: lower-cased, spaces collapsed, trimmed, cut to COUNTED_QUERY_MAX, and an email
 * address someone typed in replaced by "(email)" so no address is kept. Empty when nothing is left.
 */
export function countedQuery(q: string): string {
  return q
    .toLowerCase()
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/[^\s@]+@[^\s@]+/g, '(email)')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, COUNTED_QUERY_MAX)
    .trim();
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** "Page views rose from 120 to 340 a day; articles had the most." */
export function pageViewsSummary(totals: readonly number[], bySection: Readonly<Partial<Record<PageSection, number>>>): string {
  const all = totals.reduce((a, b) => a + b, 0);
  if (all === 0) return 'No page views were counted in this range.';
  const first = totals[0] ?? 0;
  const last = totals.at(-1) ?? 0;
  const trend = last > first ? `rose from ${first} to ${last} a day` : last < first ? `fell from ${first} to ${last} a day` : `stayed at ${first} a day from first to last day`;
  const top = (Object.entries(bySection) as [PageSection, number][]).sort((a, b) => b[1] - a[1])[0]!;
  return `Page views ${trend}, ${plural(all, 'view')} in all; ${PAGE_SECTION_LABELS[top[0]]} had the most, ${top[1].toLocaleString('en-GB')}.`;
}

export function searchesSummary(total: number, empty: number, top: { query: string; searches: number } | undefined): string {
  if (total === 0) return 'Nobody searched in this range.';
  const found = top ? ` The most searched for was "${top.query}", ${plural(top.searches, 'time')}.` : '';
  return `${plural(total, 'search', 'searches')}, of which ${empty.toLocaleString('en-GB')} found nothing.${found}`;
}

export function learningSummary(courses: readonly { title: string; enrolled: number; certified: number }[]): string {
  const enrolled = courses.reduce((a, c) => a + c.enrolled, 0);
  if (enrolled === 0) return 'Nobody enrolled in a course in this range.';
  const certified = courses.reduce((a, c) => a + c.certified, 0);
  const top = [...courses].sort((a, b) => b.enrolled - a.enrolled)[0]!;
  return `${plural(enrolled, 'enrolment')} in ${plural(courses.length, 'course')}; ${certified.toLocaleString('en-GB')} of them went on to a certificate. ${top.title} had the most enrolments, ${top.enrolled.toLocaleString('en-GB')}.`;
}

export function quizzesSummary(topics: readonly { title: string; attempts: number; averageScore: number }[]): string {
  const attempts = topics.reduce((a, t) => a + t.attempts, 0);
  if (attempts === 0) return 'No quiz was finished in this range.';
  const most = [...topics].sort((a, b) => b.attempts - a.attempts)[0]!;
  const best = [...topics].sort((a, b) => b.averageScore - a.averageScore)[0]!;
  return `${plural(attempts, 'quiz', 'quizzes')} finished; ${most.title} was taken most (${plural(most.attempts, 'time')}), and ${best.title} had the best average score, ${best.averageScore}%.`;
}

export function communitySummary(weeks: readonly { posts: number; comments: number; likes: number; activeMembers: number }[]): string {
  const sum = (key: 'posts' | 'comments' | 'likes') => weeks.reduce((a, w) => a + w[key], 0);
  const [posts, comments, likes] = [sum('posts'), sum('comments'), sum('likes')];
  if (posts + comments + likes === 0) return 'Nobody posted, commented or liked in this range.';
  const busiest = Math.max(...weeks.map((w) => w.activeMembers));
  return `${plural(posts, 'post')}, ${plural(comments, 'comment')} and ${plural(likes, 'like')}; at most ${plural(busiest, 'member')} took part in one week.`;
}
