/** The database schema: one table per entity of spec section 3, the same for PGlite and PostgreSQL. */
import { sql } from 'drizzle-orm';
import {
  boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  address: text('address').notNull().default(''),
  profilePicture: text('profile_picture').notNull().default(''),
  /** Tokens issued before this instant are refused (password change, reset)... */
  tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }).notNull().defaultNow(),
  /** ...except this one: the token the password was changed with, so the member stays signed in where they are. */
  keptTokenJti: text('kept_token_jti'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('users_email_unique').on(t.email)]);

export const otpCodes = pgTable('otp_codes', {
  id: id(),
  email: text('email').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('otp_codes_email_purpose').on(t.email, t.purpose, t.createdAt)]);

export const revokedTokens = pgTable('revoked_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('revoked_tokens_expires').on(t.expiresAt)]);

/** Counters of rate limits, shared by every server process on the database: one row per key and window. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('rate_limits_expires').on(t.expiresAt)]);

/** Secrets generated once and shared by every server process on the database (JWT signing key, credential key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const files = pgTable('files', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  body: bytea('body').notNull(),
  createdAt: createdAt(),
});

export const courses = pgTable('courses', {
  id: id(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  level: text('level').notNull(),
  price: integer('price').notNull().default(0),
  status: integer('status').notNull().default(1),
  thumbnail: text('thumbnail').notNull().default(''),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('courses_slug_unique').on(t.slug), index('courses_filters').on(t.status, t.category, t.level)]);

export const courseSections = pgTable('course_sections', {
  id: id(),
  courseId: uuid('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  title: text('title').notNull(),
}, (t) => [index('course_sections_course').on(t.courseId, t.position)]);

export const courseLessons = pgTable('course_lessons', {
  id: id(),
  sectionId: uuid('section_id').notNull().references(() => courseSections.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  title: text('title').notNull(),
  /** Minutes: the reading time of the body (200 words a minute). */
  duration: integer('duration').notNull(),
  /** The lesson file's name; the id is derived from the course's slug and this, so progress survives re-imports. */
  slug: text('slug').notNull().default(''),
  /** The lesson, as sanitised HTML rendered from its Markdown at import. */
  body: text('body').notNull().default(''),
  words: integer('words').notNull().default(0),
}, (t) => [index('course_lessons_section').on(t.sectionId, t.position)]);

/** A course's assessment: 6 to 10 questions written from its lessons (the quiz bank's shape). */
export const courseQuestions = pgTable('course_questions', {
  id: id(),
  courseId: uuid('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  question: text('question').notNull(),
  options: jsonb('options').$type<string[]>().notNull(),
  correctIndex: integer('correct_index').notNull(),
  explanation: text('explanation').notNull(),
  /** The lesson the question is written from (null when that lesson is gone). */
  lessonId: uuid('lesson_id').references(() => courseLessons.id, { onDelete: 'set null' }),
}, (t) => [uniqueIndex('course_questions_position').on(t.courseId, t.position)]);

/** A member taking a course: one row per member and course, made by 'Get Started!' (idempotent). */
export const enrolments = pgTable('enrolments', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  courseId: uuid('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
  enrolledAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('enrolments_course').on(t.courseId)]);

/** A lesson a member marked complete: the key makes a second mark (or sixteen at once) count once. */
export const lessonProgress = pgTable('lesson_progress', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  lessonId: uuid('lesson_id').notNull().references(() => courseLessons.id, { onDelete: 'cascade' }),
  courseId: uuid('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
  completedAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('lesson_progress_course').on(t.userId, t.courseId)]);

export const assessmentAttempts = pgTable('assessment_attempts', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  courseId: uuid('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('in-progress'),
  score: integer('score').notNull().default(0),
  totalQuestions: integer('total_questions').notNull(),
  passed: boolean('passed').notNull().default(false),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  index('assessment_attempts_user').on(t.userId, t.courseId, t.createdAt),
  uniqueIndex('assessment_attempts_one_in_progress').on(t.userId, t.courseId).where(sql`status = 'in-progress'`),
]);

export const assessmentAnswers = pgTable('assessment_answers', {
  attemptId: uuid('attempt_id').notNull().references(() => assessmentAttempts.id, { onDelete: 'cascade' }),
  questionIndex: integer('question_index').notNull(),
  questionId: uuid('question_id').notNull().references(() => courseQuestions.id, { onDelete: 'cascade' }),
  selectedOption: integer('selected_option').notNull(),
  isCorrect: boolean('is_correct').notNull(),
  answeredAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.attemptId, t.questionIndex] })]);

/**
 * A certificate: one per member and course (the unique key), with what it certified frozen at issue (the learner's
 * name then, the course title, the minutes, the score), so a later rename changes nothing it says.
 */
export const certificates = pgTable('certificates', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  // A certificate outlives its course: what it certified is frozen below, so it still verifies.
  courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
  learnerName: text('learner_name').notNull(),
  courseTitle: text('course_title').notNull(),
  minutes: integer('minutes').notNull(),
  score: integer('score').notNull(),
  totalQuestions: integer('total_questions').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('certificates_one_per_course').on(t.userId, t.courseId)]);

export const courseObjectives = pgTable('course_objectives', {
  id: id(),
  courseId: uuid('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  description: text('description').notNull(),
}, (t) => [index('course_objectives_course').on(t.courseId, t.position)]);

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
  schedule: jsonb('schedule').$type<import('../../src/domain/workshops').Schedule>().notNull(),
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

export const discussions = pgTable('discussions', {
  id: id(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  category: text('category').notNull(),
  subcategory: text('subcategory').notNull(),
  createdBy: uuid('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('discussions_feed').on(t.category, t.subcategory, t.createdAt.desc(), t.id.desc()),
  // A category chosen without a subcategory pages in the same keyset order without sorting the whole category.
  index('discussions_category_feed').on(t.category, t.createdAt.desc(), t.id.desc()),
  index('discussions_recent').on(t.createdAt.desc(), t.id.desc()),
]);

export const discussionLikes = pgTable('discussion_likes', {
  discussionId: uuid('discussion_id').notNull().references(() => discussions.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.discussionId, t.userId] })]);

export const comments = pgTable('comments', {
  id: id(),
  discussionId: uuid('discussion_id').notNull().references(() => discussions.id, { onDelete: 'cascade' }),
  parentCommentId: uuid('parent_comment_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  createdBy: uuid('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [
  index('comments_discussion').on(t.discussionId, t.createdAt),
  // Finding replies (soft or hard delete, and the cascade of a deleted parent) must not scan every comment.
  index('comments_parent').on(t.parentCommentId),
]);

export const commentLikes = pgTable('comment_likes', {
  commentId: uuid('comment_id').notNull().references(() => comments.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.commentId, t.userId] })]);

export const quizTopics = pgTable('quiz_topics', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  position: integer('position').notNull(),
  /** The grid shows topics; every topic is also a category, and some categories are not topics. */
  isTopic: boolean('is_topic').notNull().default(true),
});

export const quizQuestions = pgTable('quiz_questions', {
  id: id(),
  category: text('category').notNull().references(() => quizTopics.id, { onDelete: 'cascade' }),
  setId: text('set_id').notNull(),
  position: integer('position').notNull(),
  question: text('question').notNull(),
  options: jsonb('options').$type<string[]>().notNull(),
  correctIndex: integer('correct_index').notNull(),
  explanation: text('explanation').notNull(),
}, (t) => [uniqueIndex('quiz_questions_position').on(t.category, t.setId, t.position)]);

export const quizAttempts = pgTable('quiz_attempts', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  category: text('category').notNull(),
  setId: text('set_id').notNull(),
  status: text('status').notNull().default('in-progress'),
  score: integer('score').notNull().default(0),
  totalQuestions: integer('total_questions').notNull(),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
}, (t) => [
  index('quiz_attempts_user').on(t.userId, t.createdAt),
  uniqueIndex('quiz_attempts_one_in_progress').on(t.userId, t.category, t.setId).where(sql`status = 'in-progress'`),
]);

export const quizAnswers = pgTable('quiz_answers', {
  attemptId: uuid('attempt_id').notNull().references(() => quizAttempts.id, { onDelete: 'cascade' }),
  questionIndex: integer('question_index').notNull(),
  questionId: uuid('question_id').notNull().references(() => quizQuestions.id, { onDelete: 'cascade' }),
  selectedOption: integer('selected_option').notNull(),
  isCorrect: boolean('is_correct').notNull(),
  timeSpent: integer('time_spent').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.attemptId, t.questionIndex] })]);

export const feedback = pgTable('feedback', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  mobile: text('mobile').notNull(),
  feedback: text('feedback').notNull(),
  createdAt: createdAt(),
});

export const pageViews = pgTable('page_views', {
  path: text('path').notNull(),
  day: date('day').notNull(),
  views: integer('views').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.path, t.day] })]);

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
}, (t) => [
  uniqueIndex('search_documents_ref').on(t.kind, t.refId, t.page),
  index('search_documents_document').using('gin', t.document),
  index('search_documents_parent').on(t.parentId),
]);

/** Words (and adjacent pairs written as one) of the indexed titles and summaries, for 'Did you mean' (pg_trgm). */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  /** What to suggest: the word itself, or the pair with its space ('heat pump' for 'heatpump'). */
  phrase: text('phrase').notNull(),
}, (t) => [index('search_words_trgm').using('gin', sql`${t.word} gin_trgm_ops`)]);
