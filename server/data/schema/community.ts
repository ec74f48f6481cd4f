/** The community (discussions, comments, likes) and the topic quizzes. */
import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './members';

export const discussions = pgTable('discussions', {
  id: id(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  category: text('category').notNull(),
  subcategory: text('subcategory').notNull(),
  createdBy: uuid('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the author last edited the title or content; null when never (the revisions keep each earlier text). */
  editedAt: timestamp('edited_at', { withTimezone: true }),
  /** 'visible', 'held' (a new member's linked post waiting for approval) or 'hidden' (reported or hidden by staff). */
  moderation: text('moderation').notNull().default('visible'),
  /** Why a moderator hid it: told to the author. */
  moderationReason: text('moderation_reason'),
  /** Pinned by a moderator to the top of its subcategory. */
  pinnedAt: timestamp('pinned_at', { withTimezone: true }),
}, (t) => [
  index('discussions_feed').on(t.category, t.subcategory, t.createdAt.desc(), t.id.desc()),
  // A category chosen without a subcategory pages in the same keyset order without sorting the whole category.
  index('discussions_category_feed').on(t.category, t.createdAt.desc(), t.id.desc()),
  index('discussions_recent').on(t.createdAt.desc(), t.id.desc()),
  // A member's own posts: their profile, and how many a new member has had approved (issue 37).
  index('discussions_author').on(t.createdBy, t.createdAt),
  // A subcategory's pinned posts open its feed's first page: without this, a scan of every post (ADR 175).
  index('discussions_pinned').on(t.subcategory, t.pinnedAt.desc()).where(sql`pinned_at is not null`),
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
  editedAt: timestamp('edited_at', { withTimezone: true }),
  /** As on discussions: 'visible', 'held' or 'hidden'. */
  moderation: text('moderation').notNull().default('visible'),
  moderationReason: text('moderation_reason'),
}, (t) => [
  index('comments_discussion').on(t.discussionId, t.createdAt),
  // Finding replies (soft or hard delete, and the cascade of a deleted parent) must not scan every comment.
  index('comments_parent').on(t.parentCommentId),
  index('comments_author').on(t.createdBy, t.createdAt),
]);

export const commentLikes = pgTable('comment_likes', {
  commentId: uuid('comment_id').notNull().references(() => comments.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.commentId, t.userId] })]);

/** 'discussion' or 'comment': what a revision, report, mention or bookmark points at. */
const targetType = () => text('target_type').notNull();

/** Each earlier text of an edited post or comment, kept when it is replaced (issue 37, edit history). */
export const revisions = pgTable('revisions', {
  id: id(),
  targetType: targetType(),
  targetId: uuid('target_id').notNull(),
  /** A post's title at the time; null for a comment. */
  title: text('title'),
  content: text('content').notNull(),
  /** When this text was written (the post's creation or its previous edit). */
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('revisions_target').on(t.targetType, t.targetId, t.writtenAt)]);

/** Who is mentioned in which post or comment: a mention notifies once, however often the text is edited. */
export const mentions = pgTable('mentions', {
  targetType: targetType(),
  targetId: uuid('target_id').notNull(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.userId] })]);

/** A member follows a subcategory ('subcategory', target "category/subcategory") or a post ('discussion', its id). */
export const follows = pgTable('follows', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  targetType: targetType(),
  targetId: text('target_id').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.targetType, t.targetId] }), index('follows_target').on(t.targetType, t.targetId)]);

/** A saved post or comment, listed at /bookmarks. */
export const bookmarks = pgTable('bookmarks', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  targetType: targetType(),
  targetId: uuid('target_id').notNull(),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.targetType, t.targetId] }), index('bookmarks_user').on(t.userId, t.createdAt)]);

/** A member's report of another's post or comment: one per member and item; resolved by a moderator's action. */
export const reports = pgTable('reports', {
  id: id(),
  targetType: targetType(),
  targetId: uuid('target_id').notNull(),
  reporterId: uuid('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  note: text('note'),
  createdAt: createdAt(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  /** keep, hide or delete. */
  resolution: text('resolution'),
}, (t) => [
  uniqueIndex('reports_one_per_member').on(t.targetType, t.targetId, t.reporterId),
  index('reports_open').on(t.createdAt).where(sql`resolved_at is null`),
]);

/**
 * One notification for one member. A like is grouped: one row per member and liked item (`groupKey`), its actor the
 * latest liker and `actorCount` how many liked. `seq` orders the stream and is the SSE event id (Last-Event-ID).
 */
export const notifications = pgTable('notifications', {
  id: id(),
  seq: bigserial('seq', { mode: 'number' }).notNull(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** reply_post, reply_comment, mention, like, followed_post, moderation (src/domain/notifications.ts). */
  kind: text('kind').notNull(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorCount: integer('actor_count').notNull().default(1),
  discussionId: uuid('discussion_id').references(() => discussions.id, { onDelete: 'cascade' }),
  commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
  groupKey: text('group_key'),
  /** A moderator's reason, for the moderation kind. */
  detail: text('detail'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  readAt: timestamp('read_at', { withTimezone: true }),
  /** 'none' (site only), 'pending' (a mail or digest will carry it), 'sent', or 'skipped' (read before it went). */
  emailState: text('email_state').notNull().default('none'),
}, (t) => [
  index('notifications_user').on(t.userId, t.seq.desc()),
  uniqueIndex('notifications_group').on(t.userId, t.groupKey),
  index('notifications_email_pending').on(t.userId).where(sql`email_state = 'pending'`),
]);

/** A member's choice per notification kind: site, email (at once), digest (daily) or off; no row means the default. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  channel: text('channel').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.kind] })]);

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
