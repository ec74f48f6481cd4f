/**
 * Search (issue 14): the kinds of things found, which a visitor may see, and the shape of an answer. The snippet is
 * HTML holding only <mark> around the words that matched; everything else in it is escaped text. No zod here, so the
 * nav box loads without it; the schemas live in search.schema.ts.
 */

export const SEARCH_TYPES = [
  'article', 'course', 'lesson', 'workshop', 'ebook', 'research-paper', 'newsletter', 'case-study', 'quiz', 'about', 'discussion', 'comment',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  article: 'Articles',
  course: 'Courses',
  lesson: 'Lessons',
  workshop: 'Workshops',
  ebook: 'eBooks',
  'research-paper': 'Research papers',
  newsletter: 'Newsletters',
  'case-study': 'Case studies',
  quiz: 'Quizzes',
  about: 'About SustainLearn',
  discussion: 'Discussions',
  comment: 'Comments',
};

/**
 * The community's kinds: they grow with every post and comment, while every other kind grows only with what the editors
 * publish. Only the newest matches of each are ranked, and their counts stop at a cap (ADR 178).
 */
export const COMMUNITY_TYPES = ['discussion', 'comment'] as const satisfies readonly SearchType[];

/** What a visitor who is not signed in may find: what they may open (course titles lead to sign-in). */
export const PUBLIC_TYPES: readonly SearchType[] = ['article', 'about', 'course'];

export const SEARCH_QUERY_MAX = 200;
/** The nav box waits this long after the last keystroke before it asks. */
export const SEARCH_DEBOUNCE_MS = 60;
/** The nav box shows this many content hits; the results page pages by SEARCH_PAGE_SIZE. */
export const SEARCH_PREVIEW_SIZE = 5;
export const SEARCH_PAGE_SIZE = 20;

export interface SearchHit {
  type: SearchType;
  title: string;
  url: string;
  /** Text with <mark>…</mark> around the matched words; nothing else is markup. */
  snippet: string;
  /** For a hit inside a PDF, the page it is on. */
  page: number | null;
}

export interface SearchAnswer {
  success: true;
  hits: SearchHit[];
  /** How many hits of each type the query has (for the type filters), whatever `type` asked for. */
  counts: Partial<Record<SearchType, number>>;
  /** The types whose count reached its cap (ADR 178): they have at least that many matches ("300+"). */
  capped: SearchType[];
  total: number;
  nextCursor: string | null;
  /** When nothing matched: a spelling that would ('heat pump' for 'heatpump'). */
  suggestion: string | null;
}

/** A count as shown: "300+" when it reached its cap (at least that many), the number alone when it is exact. */
export function countText(count: number, atLeast: boolean): string {
  return atLeast ? `${count}+` : String(count);
}

/** A snippet's parts, for a view that renders it without HTML: text and marked runs. */
export function snippetParts(snippet: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  let rest = snippet;
  for (;;) {
    const at = rest.indexOf('<mark>');
    if (at < 0) break;
    const end = rest.indexOf('</mark>', at);
    if (end < 0) break;
    if (at > 0) parts.push({ text: decode(rest.slice(0, at)), marked: false });
    parts.push({ text: decode(rest.slice(at + 6, end)), marked: true });
    rest = rest.slice(end + 7);
  }
  if (rest) parts.push({ text: decode(rest), marked: false });
  return parts;
}
