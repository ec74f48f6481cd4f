/**
 * The search index (ADR 090): PostgreSQL full-text search on both PGlite and PostgreSQL. Documents carry a weighted
 * tsvector (title A, summary B, body C) kept in a generated column with a GIN index; queries are
 * `websearch_to_tsquery`; snippets come from `ts_headline`; 'Did you mean' compares words by trigrams (pg_trgm).
 */
import { and, asc, eq, gte, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { stripHtml } from '../../src/domain/text';
import type { Db, Tx } from './client';
import { searchDocuments, searchWords, workshops, workshopSeries } from './schema';

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

const row = (d: SearchDocument) => ({
  kind: d.kind, refId: d.refId, page: d.page ?? 0, title: d.title, summary: d.summary ?? '', body: d.body ?? '', url: d.url,
  visibility: d.visibility, parentId: d.parentId ?? null,
});

/** Every document of these kinds is replaced by `docs` (the content import rebuilds its kinds in its transaction). */
export async function replaceDocuments(db: Writer, kinds: readonly string[], docs: SearchDocument[]): Promise<void> {
  if (kinds.length) await db.delete(searchDocuments).where(inArray(searchDocuments.kind, [...kinds]));
  for (let i = 0; i < docs.length; i += 500) await db.insert(searchDocuments).values(docs.slice(i, i + 500).map(row));
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
const KIND_WEIGHT = sql`case ${searchDocuments.kind} when 'course' then 1.3 when 'article' then 1.25 when 'workshop' then 1.1
  when 'lesson' then 0.95 when 'discussion' then 0.9 when 'comment' then 0.75 else 1 end`;

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
  kinds: readonly string[];
  limit: number;
  after?: { rank: number; id: string } | undefined;
}

/**
 * One page of hits, best first (rank, then id, so the keyset cursor is stable). The rank is full-text relevance by
 * the weighted vector times a small weight per kind; snippets are made for the page's rows only.
 */
export async function findDocuments(db: Db, query: SearchQuery): Promise<FoundRow[]> {
  if (query.kinds.length === 0) return [];
  // The weights (title A 1.0, summary B 0.4, body C 0.2) already count a title match most.
  const rank = sql`(ts_rank(${searchDocuments.document}, q.query, 32) * ${KIND_WEIGHT})::real`;
  const after = query.after
    ? sql`and (${rank} < ${query.after.rank}::real or (${rank} = ${query.after.rank}::real and ${searchDocuments.id} > ${query.after.id}::uuid))`
    : sql``;
  const result = await db.execute(sql`
    with q as (select websearch_to_tsquery('english', ${query.q}) as query),
    page as (
      select ${searchDocuments.id} as id, ${rank} as rank
      from ${searchDocuments}, q
      where ${searchDocuments.document} @@ q.query and ${searchDocuments.kind} in (${sql.join(query.kinds.map((k) => sql`${k}`), sql`, `)}) ${after}
      order by rank desc, id
      limit ${query.limit}
    )
    select d.id, d.kind, d.title, d.url, d.page, page.rank,
      ts_headline('english', case when d.body <> '' then d.body when d.summary <> '' then d.summary else d.title end, q.query, ${HEADLINE}) as snippet
    from page join ${searchDocuments} d on d.id = page.id, q
    order by page.rank desc, d.id`);
  return (result as unknown as { rows: FoundRow[] }).rows.map((r) => ({ ...r, rank: Number(r.rank), page: Number(r.page) }));
}

/** How many documents of each kind match. */
export async function countByKind(db: Db, q: string, kinds: readonly string[]): Promise<Record<string, number>> {
  if (kinds.length === 0) return {};
  const result = await db.execute(sql`
    select ${searchDocuments.kind} as kind, count(*)::int as n
    from ${searchDocuments}
    where ${searchDocuments.document} @@ websearch_to_tsquery('english', ${q})
      and ${searchDocuments.kind} in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
    group by ${searchDocuments.kind}`);
  return Object.fromEntries((result as unknown as { rows: { kind: string; n: number }[] }).rows.map((r) => [r.kind, Number(r.n)]));
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
