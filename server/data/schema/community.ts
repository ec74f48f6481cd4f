/** The community (discussions, comments, likes) and the topic quizzes. */
import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn,
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
