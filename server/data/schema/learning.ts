/** Courses, their lessons and assessments, and what members did with them: enrolments, progress, certificates. */
import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, 
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './members';

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
  /** Continuing-education credit lines (issue 39), each a CreditLine of src/domain/cpd.schema.ts. */
  credits: jsonb('credits').$type<import('../../../src/domain/cpd.schema').CreditLine[]>().notNull().default([]),
  /** The assessment's pass mark in percent: 70 by default, 80 where a credit's body asks for it. */
  passPercent: integer('pass_percent').notNull().default(70),
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
  /** Set when the member deleted their account: the verification page reads 'Revoked', the status list lists it. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** Its place in the published revocation status list (a Bitstring Status List index), given at issue. */
  statusIndex: integer('status_index'),
  /** The course's credit lines at issue (issue 39), frozen like the title: what the certificate shows. */
  credits: jsonb('credits').$type<import('../../../src/domain/cpd.schema').CreditLine[]>().notNull().default([]),
}, (t) => [uniqueIndex('certificates_one_per_course').on(t.userId, t.courseId)]);

export const courseObjectives = pgTable('course_objectives', {
  id: id(),
  courseId: uuid('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  description: text('description').notNull(),
}, (t) => [index('course_objectives_course').on(t.courseId, t.position)]);
