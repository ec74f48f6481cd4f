/**
 * Continuing-education credit (issue 39): members' professional numbers, the ledger of credit they earned (ours and
 * self-reported), the transcripts they issued (for the public verification page), and the exports sent to the bodies.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { files, users } from './members';

/** One row per member and body ('other' bodies are told apart by name). */
export const cpdMemberships = pgTable('cpd_memberships', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  bodyName: text('body_name').notNull().default(''),
  number: text('number').notNull(),
  credentials: jsonb('credentials').$type<string[]>().notNull().default([]),
  since: date('since'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('cpd_memberships_one_per_body').on(t.userId, t.body, t.bodyName)]);

/** What a staff export sent to a body, and who made it (also in the audit log). */
export const cpdExports = pgTable('cpd_exports', {
  id: id(),
  body: text('body').notNull(),
  rows: integer('rows').notNull(),
  madeBy: uuid('made_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * One credit line earned once: `sourceRef` is the course, workshop session or article for our own activities (so a
 * second pass or a second attendance mark adds nothing: the unique index), null for a self-reported one.
 */
export const cpdEntries = pgTable('cpd_entries', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  bodyName: text('body_name').notNull().default(''),
  source: text('source').notNull(),
  sourceRef: text('source_ref'),
  title: text('title').notNull(),
  provider: text('provider').notNull(),
  courseNumber: text('course_number'),
  earnedOn: date('earned_on').notNull(),
  amount: numeric('amount', { mode: 'number' }).notNull(),
  type: text('type').notNull(),
  credential: text('credential'),
  topic: text('topic'),
  selfReported: boolean('self_reported').notNull().default(false),
  evidencePath: text('evidence_path').references(() => files.path, { onDelete: 'set null' }),
  /** Reported to the body by a staff export. */
  reportedAt: timestamp('reported_at', { withTimezone: true }),
  exportId: uuid('export_id').references(() => cpdExports.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('cpd_entries_once').on(t.userId, t.source, t.sourceRef, t.body, t.type).where(sql`${t.sourceRef} is not null`),
  index('cpd_entries_member').on(t.userId, t.body, t.earnedOn),
  index('cpd_entries_unreported').on(t.body, t.createdAt).where(sql`${t.reportedAt} is null and not ${t.selfReported}`),
]);

/** A transcript as issued: the public page at /transcripts/{code} shows this snapshot (no email in it). */
export const cpdTranscripts = pgTable('cpd_transcripts', {
  code: text('code').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  periodId: text('period_id').notNull(),
  snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cpd_transcripts_member').on(t.userId, t.body, t.periodId)]);
