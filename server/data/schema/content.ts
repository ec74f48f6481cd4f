/** Editorial content (articles, workshops, library, home), the job queue, feedback, page views and the search index. */
import { sql } from 'drizzle-orm';
import {
  boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, 
} from 'drizzle-orm/pg-core';
import { COMMUNITY_TYPES } from '../../../src/domain/search';
import { createdAt, id, tsvector } from './columns';
import { files, users } from './members';

export const articles = pgTable('articles', {
  id: id(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  content: text('content').notNull(),
  imageUrl: text('image_url').notNull(),
  category: text('category').notNull(),
  author: text('author').notNull(),
  readTime: integer('read_time').notNull(),
  featured: boolean('featured').notNull().default(false),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  /** When its words last changed (published again from the console, or imported changed): JSON-LD's dateModified. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** A member who signed it (issue 38 item 5); null with `author` 'SustainLearn editorial team'. */
  authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  /** Continuing-education credit lines for an article with a quiz (issue 39). */
  credits: jsonb('credits').$type<import('../../../src/domain/cpd.schema').CreditLine[]>().notNull().default([]),
  /** The article's own quiz (ADR 176): passing it writes the credit lines above; null for an article without one. */
  quiz: jsonb('quiz').$type<import('../../../src/domain/article-quiz').ArticleQuiz>(),
}, (t) => [uniqueIndex('articles_slug_unique').on(t.slug), index('articles_category_published').on(t.category, t.publishedAt)]);

/** A workshop series: what it covers, who hosts it, its seats and its schedule (content/workshops.json). */
export const workshopSeries = pgTable('workshop_series', {
  id: id(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  imageUrl: text('image_url').notNull(),
  duration: integer('duration').notNull(),
  capacity: integer('capacity').notNull(),
  joinUrl: text('join_url').notNull(),
  hosts: jsonb('hosts').$type<{ name: string; role: string }[]>().notNull(),
  agenda: jsonb('agenda').$type<{ minutes: number; item: string }[]>().notNull(),
  audience: text('audience').notNull(),
  prepare: jsonb('prepare').$type<string[]>().notNull(),
  schedule: jsonb('schedule').$type<import('../../../src/domain/workshops').Schedule>().notNull(),
  /** Continuing-education credit lines for attending a session live (issue 39). */
  credits: jsonb('credits').$type<import('../../../src/domain/cpd.schema').CreditLine[]>().notNull().default([]),
}, (t) => [uniqueIndex('workshop_series_slug_unique').on(t.slug)]);

/** One session of a series: generated on a rolling window from the series' schedule (ADR 080). */
export const workshops = pgTable('workshops', {
  id: id(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  duration: integer('duration').notNull(),
  joinUrl: text('join_url').notNull().default(''),
  seriesId: uuid('series_id').references(() => workshopSeries.id, { onDelete: 'cascade' }),
  capacity: integer('capacity').notNull().default(30),
  /**
   * Raised each time staff move the session (issue 38 item 1): its calendar file keeps its UID with this SEQUENCE,
   * so a calendar updates the event; a session staff changed is never pruned or made again by its schedule.
   */
  sequence: integer('sequence').notNull().default(0),
  /** Set when staff cancel the session: it leaves the listings and takes no registration; its row stays (its slug). */
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('workshops_slug_unique').on(t.slug),
  index('workshops_starts').on(t.startsAt),
  uniqueIndex('workshops_series_start').on(t.seriesId, t.startsAt),
]);

/** A member's place at a session: registered or on the waitlist (oldest first); one row per member and session. */
export const workshopRegistrations = pgTable('workshop_registrations', {
  id: id(),
  workshopId: uuid('workshop_id').notNull().references(() => workshops.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  createdAt: createdAt(),
  /** When the member took a seat (from the waitlist too); the waitlist is ordered by createdAt. */
  seatedAt: timestamp('seated_at', { withTimezone: true }),
  /** Marked by staff after the session (issue 36): the member attended; used for continuing-education credit. */
  attendedAt: timestamp('attended_at', { withTimezone: true }),
  attendedMarkedBy: uuid('attended_marked_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [
  uniqueIndex('workshop_registrations_one_per_member').on(t.workshopId, t.userId),
  index('workshop_registrations_workshop').on(t.workshopId, t.status, t.createdAt),
  index('workshop_registrations_user').on(t.userId),
]);

/**
 * Jobs kept in the database (ADR 081): due at `runAt`, claimed by one process at a time (`lockedUntil`), done once
 * (`doneAt`). `key` makes enqueueing the same job twice a no-op.
 */
export const jobs = pgTable('jobs', {
  id: id(),
  key: text('key').notNull(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').$type<Record<string, string>>().notNull(),
  runAt: timestamp('run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  doneAt: timestamp('done_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('jobs_key_unique').on(t.key), index('jobs_due').on(t.doneAt, t.runAt)]);

const documentColumns = () => ({
  id: id(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  filePath: text('file_path').notNull().references(() => files.path),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ebooks = pgTable('ebooks', documentColumns(), (t) => [uniqueIndex('ebooks_slug_unique').on(t.slug)]);
export const researchPapers = pgTable('research_papers', { ...documentColumns(), category: text('category').notNull() },
  (t) => [uniqueIndex('research_papers_slug_unique').on(t.slug)]);
export const newsletters = pgTable('newsletters', documentColumns(), (t) => [uniqueIndex('newsletters_slug_unique').on(t.slug)]);
export const caseStudies = pgTable('case_studies', {
  ...documentColumns(),
  imageUrl: text('image_url').notNull(),
  featured: boolean('featured').notNull().default(false),
  /** A teaching composite, not one real project: its card says so (ADR 153). */
  illustrative: boolean('illustrative').notNull().default(false),
}, (t) => [uniqueIndex('case_studies_slug_unique').on(t.slug)]);

export const slides = pgTable('slides', {
  id: id(),
  slug: text('slug').notNull(),
  position: integer('position').notNull(),
  imageUrl: text('image_url').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  source: text('source').notNull(),
}, (t) => [uniqueIndex('slides_slug_unique').on(t.slug)]);

export const salesBanners = pgTable('sales_banners', {
  id: id(),
  text: text('text').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const feedback = pgTable('feedback', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  mobile: text('mobile').notNull(),
  feedback: text('feedback').notNull(),
  createdAt: createdAt(),
  /** The staff inbox (issue 36): when a staff member marked it handled, and who. */
  handledAt: timestamp('handled_at', { withTimezone: true }),
  handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * What visitors searched for (issue 36 item 7), per UTC day and query, lower-cased and trimmed; no member or address is
 * kept. `emptySearches` counts the searches that found nothing.
 */
export const searchQueries = pgTable('search_queries', {
  day: date('day').notNull(),
  query: text('query').notNull(),
  searches: integer('searches').notNull().default(0),
  emptySearches: integer('empty_searches').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.day, t.query] })]);

export const pageViews = pgTable('page_views', {
  path: text('path').notNull(),
  day: date('day').notNull(),
  views: integer('views').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.path, t.day] })]);

/** The community's kinds as literal SQL, from the domain's fixed list (never from a request): `'discussion', 'comment'`. */
const communityList = COMMUNITY_TYPES.map((k) => {
  if (!/^[a-z-]+$/.test(k)) throw new Error(`not a kind: ${k}`);
  return `'${k}'`;
}).join(', ');
/** The partial indexes' predicates (ADR 178), which the search statements repeat word for word. */
export const COMMUNITY_PREDICATE = sql.raw(`kind in (${communityList})`);
export const CONTENT_PREDICATE = sql.raw(`kind not in (${communityList})`);
/** One community kind's own predicate: `kind = 'comment'`. */
export const kindPredicate = (kind: (typeof COMMUNITY_TYPES)[number]) => sql.raw(`kind = '${kind}'`);

/**
 * The search index (ADR 090): one row per thing found (a PDF: one per page). `document` is weighted text: the title
 * (A), a summary (B) and the body (C), kept current by the content import and by every post or comment write.
 */
export const searchDocuments = pgTable('search_documents', {
  id: id(),
  kind: text('kind').notNull(),
  refId: text('ref_id').notNull(),
  page: integer('page').notNull().default(0),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  body: text('body').notNull().default(''),
  url: text('url').notNull(),
  /** 'public' (a visitor may open it) or 'members'. */
  visibility: text('visibility').notNull(),
  /** The post a comment belongs to, so deleting a post takes its comments out of the index. */
  parentId: text('parent_id'),
  document: tsvector('document').generatedAlwaysAs(
    sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '')), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')`,
  ),
  /** A post's or comment's own time (only the newest community matches are ranked, ADR 178); for content, when indexed. */
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('search_documents_ref').on(t.kind, t.refId, t.page),
  // The words' index in parts (ADR 178): the editors' bounded kinds, and each of the community's unbounded ones (a
  // post's matches are not looked for among ten times as many comments). A query must repeat a partial index's
  // predicate as written (literal SQL, not a bound parameter) for the planner to use it.
  index('search_documents_content').using('gin', t.document).where(CONTENT_PREDICATE),
  index('search_documents_discussions').using('gin', t.document).where(kindPredicate('discussion')),
  index('search_documents_comments').using('gin', t.document).where(kindPredicate('comment')),
  // A community kind's documents newest first, read until enough match a common word (ADR 178).
  index('search_documents_community_recent').on(t.kind, t.createdAt.desc(), t.id.desc()).where(COMMUNITY_PREDICATE),
  index('search_documents_parent').on(t.parentId),
]);

/** Words (and adjacent pairs written as one) of the indexed titles and summaries, for 'Did you mean' (pg_trgm). */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  /** What to suggest: the word itself, or the pair with its space ('heat pump' for 'heatpump'). */
  phrase: text('phrase').notNull(),
}, (t) => [index('search_words_trgm').using('gin', sql`${t.word} gin_trgm_ops`)]);
