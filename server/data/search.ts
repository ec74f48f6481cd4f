/**
 * The search index (ADR 090): PostgreSQL full-text search on both PGlite and PostgreSQL. Documents carry a weighted
 * tsvector (title A, summary B, body C) kept in a generated column with a GIN index; queries are
 * `websearch_to_tsquery`; snippets come from `ts_headline`; 'Did you mean' compares words by trigrams (pg_trgm).
 */
import { and, asc, eq, gte, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../src/domain/ids';
import { COMMUNITY_TYPES } from '../../src/domain/search';
import { stripHtml } from '../../src/domain/text';
import type { Db, Tx } from './client';
import { COMMUNITY_PREDICATE, CONTENT_PREDICATE, kindPredicate, searchDocuments, searchWords, workshops, workshopSeries } from './schema';

type Writer = Db | Tx;

export interface SearchDocument {
  kind: string;
  refId: string;
  page?: number;
  title: string;
  summary?: string;
  body?: string;
  url: string;
  visibility: 'public' | 'members';
  parentId?: string | null;
}

export interface PostFacts {
  id: string;
  title: string;
  content: string;
  category: string;
  subcategory: string;
}

/** A post's place: its topic's feed (the post is there, newest first). */
const topicUrl = (p: Pick<PostFacts, 'category' | 'subcategory'>) =>
  `/discussion?category=${encodeURIComponent(p.category)}&subcategory=${encodeURIComponent(p.subcategory)}`;

/** Posts and comments as documents (comments still standing; a deleted one's "[deleted]" is not searchable). */
export function discussionDocument(d: PostFacts): SearchDocument {
  return { kind: 'discussion', refId: d.id, title: d.title, body: stripHtml(d.content), url: topicUrl(d), visibility: 'members' };
}
export function commentDocument(c: { id: string; discussionId: string; content: string }, post: Omit<PostFacts, 'content'>): SearchDocument {
  return {
    kind: 'comment', refId: c.id, title: `Comment on: ${post.title}`, body: stripHtml(c.content), url: topicUrl(post),
    visibility: 'members', parentId: c.discussionId,
  };
}

/**
 * Workshops are found by series, each hit leading to the series' next session (so the index follows the rolling
 * window: the content import and the hourly window fill call this).
 */
export async function reindexWorkshops(db: Writer, now: Date): Promise<void> {
  const series = await db.select().from(workshopSeries);
  const upcoming = await db
    .select({ id: workshops.id, seriesId: workshops.seriesId })
    .from(workshops)
    .where(and(gte(sql`${workshops.startsAt} + make_interval(mins => ${workshops.duration})`, now), isNull(workshops.cancelledAt)))
    .orderBy(asc(workshops.startsAt));
  const next = new Map<string, string>();
  for (const s of upcoming) if (s.seriesId && !next.has(s.seriesId)) next.set(s.seriesId, s.id);
  // Each series' entry is written in place, and only the entries of series that are gone are taken out: the hourly fill
  // of every process and the content import may run this at once, and a delete then insert would collide (and leave
  // the workshops out of search in between).
  for (const w of series) {
    await upsertDocument(db, {
      kind: 'workshop', refId: w.id, title: w.title, summary: w.description,
      body: [w.audience, ...w.agenda.map((a) => a.item), ...w.hosts.map((h) => `${h.name}, ${h.role}`), ...w.prepare].join('. '),
      url: next.has(w.id) ? `/workshops/${next.get(w.id)}` : '/workshops', visibility: 'members',
    });
  }
  const kept = series.map((w) => w.id);
  await db.delete(searchDocuments).where(and(eq(searchDocuments.kind, 'workshop'), kept.length ? notInArray(searchDocuments.refId, kept) : undefined));
}

/** A post's comments follow its title and topic in the index when the post is edited. */
export async function retitleComments(db: Writer, post: Omit<PostFacts, 'content'>): Promise<void> {
  await db.update(searchDocuments).set({ title: `Comment on: ${post.title}`, url: topicUrl(post) })
    .where(and(eq(searchDocuments.kind, 'comment'), eq(searchDocuments.parentId, post.id)));
}

/**
 * A post's or comment's document carries the time it was written (only the newest community matches are ranked, ADR
 * 178), read from its own row by the statement that writes the document; content is stamped when indexed.
 */
const WRITTEN_IN: Record<string, SQL> = { discussion: sql.raw('discussions'), comment: sql.raw('comments') };

function writtenAt(d: SearchDocument): SQL | undefined {
  const table = WRITTEN_IN[d.kind];
  if (!table || !isUuid(d.refId)) return undefined;
  return sql`coalesce((select w.created_at from ${table} w where w.id = ${d.refId}::uuid), now())`;
}

const row = (d: SearchDocument) => {
  const createdAt = writtenAt(d);
  return {
    kind: d.kind, refId: d.refId, page: d.page ?? 0, title: d.title, summary: d.summary ?? '', body: d.body ?? '', url: d.url,
    visibility: d.visibility, parentId: d.parentId ?? null, ...(createdAt ? { createdAt } : {}),
  };
};

const FIELDS = ['title', 'summary', 'body', 'url', 'visibility', 'parentId'] as const;
const keyOf = (d: { kind: string; refId: string; page: number }) => `${d.kind}\u0000${d.refId}\u0000${d.page}`;

/**
 * The documents of these kinds become `docs` (the content import rebuilds its kinds in its transaction). Only what
 * changed is written (ADR 192): a document the same as before is left as it is, with its words' index entries; one
 * gone or changed is deleted, and one new or changed is inserted.
 */
export async function replaceDocuments(db: Writer, kinds: readonly string[], docs: SearchDocument[]): Promise<void> {
  const held = kinds.length === 0 ? [] : await db
    .select({ id: searchDocuments.id, kind: searchDocuments.kind, refId: searchDocuments.refId, page: searchDocuments.page, title: searchDocuments.title,
      summary: searchDocuments.summary, body: searchDocuments.body, url: searchDocuments.url, visibility: searchDocuments.visibility, parentId: searchDocuments.parentId,
      // A post's or comment's document also keeps the time of its row (writtenAt): one that no longer does is written.
      inStep: sql<boolean>`case ${searchDocuments.kind} ${sql.join(Object.entries(WRITTEN_IN).map(([kind, table]) =>
        sql`when ${kind} then ${searchDocuments.createdAt} = (select w.created_at from ${table} w where w.id::text = ${searchDocuments.refId})`), sql` `)} else true end` })
    .from(searchDocuments)
    .where(inArray(searchDocuments.kind, [...kinds]));
  const before = new Map(held.map((d) => [keyOf(d), d]));
  const fresh: ReturnType<typeof row>[] = [];
  for (const doc of docs.map(row)) {
    const old = before.get(keyOf(doc));
    if (old?.inStep && FIELDS.every((field) => old[field] === doc[field])) {
      before.delete(keyOf(doc));
      continue;
    }
    fresh.push(doc);
  }
  const stale = [...before.values()].map((d) => d.id);
  for (let i = 0; i < stale.length; i += 1000) await db.delete(searchDocuments).where(inArray(searchDocuments.id, stale.slice(i, i + 1000)));
  for (let i = 0; i < fresh.length; i += 500) await db.insert(searchDocuments).values(fresh.slice(i, i + 500));
}

/** Adds a document or brings it up to date (a post or comment written or edited). */
export async function upsertDocument(db: Writer, doc: SearchDocument): Promise<void> {
  const values = row(doc);
  await db
    .insert(searchDocuments)
    .values(values)
    .onConflictDoUpdate({ target: [searchDocuments.kind, searchDocuments.refId, searchDocuments.page], set: values });
}

/** Takes documents out: by kind and id, and every document whose parent is one of `refIds` (a post's comments). */
export async function removeDocuments(db: Writer, kind: string, refIds: string[]): Promise<void> {
  if (refIds.length === 0) return;
  await db.delete(searchDocuments).where(and(eq(searchDocuments.kind, kind), inArray(searchDocuments.refId, refIds)));
  await db.delete(searchDocuments).where(inArray(searchDocuments.parentId, refIds));
}

/** Words of the titles and summaries (and adjacent pairs written as one), for 'Did you mean'. */
export async function rebuildWords(db: Writer): Promise<void> {
  const rows = await db.select({ title: searchDocuments.title, summary: searchDocuments.summary }).from(searchDocuments)
    .where(inArray(searchDocuments.kind, ['article', 'course', 'lesson', 'workshop', 'ebook', 'research-paper', 'newsletter', 'case-study', 'quiz', 'about']));
  const words = new Map<string, string>();
  for (const { title, summary } of rows) {
    const tokens = `${title} ${summary}`.toLowerCase().match(/[a-z]+/g) ?? [];
    tokens.forEach((token, i) => {
      if (token.length >= 3) words.set(token, token);
      const next = tokens[i + 1];
      if (next && token.length >= 3 && next.length >= 3 && !words.has(token + next)) words.set(token + next, `${token} ${next}`);
    });
  }
  await db.delete(searchWords);
  const list = [...words].map(([word, phrase]) => ({ word, phrase }));
  for (let i = 0; i < list.length; i += 1000) await db.insert(searchWords).values(list.slice(i, i + 1000)).onConflictDoNothing();
}

/** Kinds ranked a little above the others when equally relevant: a course or an article before one of its lessons. */
const kindWeight = (kind: SQL) => sql`case ${kind} when 'course' then 1.3 when 'article' then 1.25 when 'workshop' then 1.1
  when 'lesson' then 0.95 when 'discussion' then 0.9 when 'comment' then 0.75 else 1 end`;

/**
 * Per community kind, only its newest this many matches are candidates (ADR 178): ranked for the page, and counted.
 * So a query's work no longer grows with its number of matches, and a kind's count stops here ("300+"). Measured on
 * the scale bench's 240 two-word queries: 1,000 cost two to four times as much; at 200 the planner walked all
 * million comments for a rare word it took for a common one.
 */
export const COMMUNITY_CANDIDATES = 300;
/** A community kind's count is its number of candidates: at most COMMUNITY_CANDIDATES, and "at least" when it gets there. */
export const COUNT_CAP = COMMUNITY_CANDIDATES;

type CommunityType = (typeof COMMUNITY_TYPES)[number];
const isCommunity = (kind: string): kind is CommunityType => (COMMUNITY_TYPES as readonly string[]).includes(kind);
const matches = (q: string) => sql`${searchDocuments.document} @@ websearch_to_tsquery('english', ${q})`;

/**
 * Every match of the content kinds among `kinds` (bounded by what the editors publish), on the content GIN index.
 * The query is written in each statement's WHERE, not joined from a CTE, so the planner sees how common its words are.
 */
function contentMatches(q: string, kinds: readonly string[], columns: SQL): SQL | null {
  const content = kinds.filter((k) => !isCommunity(k));
  if (content.length === 0) return null;
  return sql`select ${columns} from ${searchDocuments} where ${CONTENT_PREDICATE} and ${inArray(searchDocuments.kind, content)} and ${matches(q)}`;
}

/**
 * A community kind's newest `limit` matches. The planner weighs how common the words are: for a common word it reads
 * `search_documents_community_recent` newest first until enough match; for a rarer one, the kind's GIN index
 * (`search_documents_discussions` or `_comments`), then sorts the matches. The kind is written as the indexes'
 * predicates are: literal SQL, from the domain's list (never a request's text).
 */
function newestMatches(q: string, kind: CommunityType, limit: number, columns: SQL): SQL {
  return sql`(select ${columns} from ${searchDocuments}
    where ${COMMUNITY_PREDICATE} and ${kindPredicate(kind)} and ${matches(q)}
    order by ${searchDocuments.createdAt} desc nulls last, ${searchDocuments.id} desc nulls last
    limit ${sql.raw(String(limit))})`;
}

/** Markers ts_headline puts around matched words; the service turns them into <mark> after escaping the rest. */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';
const HEADLINE = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=10, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

export interface FoundRow {
  id: string;
  kind: string;
  title: string;
  url: string;
  page: number;
  rank: number;
  snippet: string;
}

export interface SearchQuery {
  q: string;
  /** What the caller may find: every one of these is counted. */
  allowed: readonly string[];
  /** The kinds the page's hits are of (the type filter), among `allowed`. */
  kinds: readonly string[];
  limit: number;
  after?: { rank: number; id: string } | undefined;
}

export interface SearchPage {
  rows: FoundRow[];
  /** Matches per allowed kind (kinds without any left out); a community kind's at most COUNT_CAP. */
  counts: Record<string, number>;
  /** The community kinds whose count reached COUNT_CAP: they have at least that many matches. */
  capped: string[];
}

/**
 * One page of hits, best first (rank, then id, so the keyset cursor is stable), and the counts, in one statement over
 * one set of candidates (ADR 178): every content match, and each community kind's newest COMMUNITY_CANDIDATES matches.
 * The page's are ranked together: full-text relevance by the weighted vector times a small weight per kind. Snippets
 * are made for the page's rows only.
 */
export async function findDocuments(db: Db, query: SearchQuery): Promise<SearchPage> {
  const columns = sql`${searchDocuments.id} as id, ${searchDocuments.kind} as kind, ${searchDocuments.document} as document`;
  const candidates = [
    contentMatches(query.q, query.allowed, columns),
    ...COMMUNITY_TYPES.filter((k) => query.allowed.includes(k)).map((k) => newestMatches(query.q, k, COMMUNITY_CANDIDATES, columns)),
  ].filter((c) => c !== null);
  if (candidates.length === 0) return { rows: [], counts: {}, capped: [] };
  const kinds = query.kinds.filter((k) => query.allowed.includes(k));
  const after = query.after
    ? sql`where rank < ${query.after.rank}::real or (rank = ${query.after.rank}::real and id > ${query.after.id}::uuid)`
    : sql``;
  // The weights (title A 1.0, summary B 0.4, body C 0.2) already count a title match most. The page's rows, then one
  // row per kind with its count (n), in one answer.
  const result = await db.execute(sql`
    with q as (select websearch_to_tsquery('english', ${query.q}) as query),
    found as (${sql.join(candidates, sql` union all `)}),
    page as (
      select id, rank from (
        select found.id, (ts_rank(found.document, q.query, 32) * ${kindWeight(sql`found.kind`)})::real as rank
        from found, q
        where ${kinds.length ? sql`found.kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})` : sql`false`}
      ) ranked ${after}
      order by rank desc, id
      limit ${query.limit}
    )
    select d.id, d.kind, d.title, d.url, d.page, page.rank, null::int as n,
      ts_headline('english', case when d.body <> '' then d.body when d.summary <> '' then d.summary else d.title end, q.query, ${HEADLINE}) as snippet
    from page join ${searchDocuments} d on d.id = page.id, q
    union all
    select null, kind, null, null, null, null, count(*)::int, null from found group by kind
    order by rank desc nulls last, id`);
  const rows: FoundRow[] = [];
  const counts: Record<string, number> = {};
  const capped: string[] = [];
  for (const r of (result as unknown as { rows: (FoundRow & { n: number | null })[] }).rows) {
    if (r.n === null) {
      rows.push({ id: r.id, kind: r.kind, title: r.title, url: r.url, page: Number(r.page), rank: Number(r.rank), snippet: r.snippet });
    } else {
      counts[r.kind] = Number(r.n);
      if (isCommunity(r.kind) && Number(r.n) >= COUNT_CAP) capped.push(r.kind);
    }
  }
  return { rows, counts, capped };
}

/** Whether anything of `kinds` matches at all ('Did you mean' asks before it suggests): each index stops at a first match. */
export async function anyMatch(db: Db, q: string, kinds: readonly string[]): Promise<boolean> {
  const tests = [
    contentMatches(q, kinds, sql`1`),
    ...COMMUNITY_TYPES.filter((k) => kinds.includes(k)).map((k) => newestMatches(q, k, 1, sql`1`)),
  ].filter((t) => t !== null);
  if (tests.length === 0) return false;
  const result = await db.execute(sql`select ${sql.join(tests.map((t) => sql`exists (${t})`), sql` or `)} as found`);
  return (result as unknown as { rows: { found: boolean }[] }).rows[0]?.found === true;
}

/** The closest known word or pair for each word of a query that the index does not know; null when none is close. */
export async function closestWords(db: Db, words: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const word of words) {
    const result = await db.execute(sql`
      select ${searchWords.phrase} as phrase, ${searchWords.word} = ${word} as exact, similarity(${searchWords.word}, ${word}) as s
      from ${searchWords}
      where ${searchWords.word} % ${word}
      order by exact desc, s desc, length(${searchWords.word})
      limit 1`);
    const best = (result as unknown as { rows: { phrase: string; exact: boolean; s: number }[] }).rows[0];
    if (best && !best.exact) found.set(word, best.phrase);
  }
  return found;
}

/** Whether the index has this word at all (as a word of a title or summary). */
export async function knownWords(db: Db, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const rows = await db.select({ word: searchWords.word }).from(searchWords).where(inArray(searchWords.word, words));
  return new Set(rows.map((r) => r.word));
}
