/** Staff roles, the contact form's messages and the append-only audit log (issue 36). */
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './members';

/** One row per member and role held: moderator, editor or admin (src/domain/staff.ts). */
export const staffRoles = pgTable('staff_roles', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  /** Who granted it; null when it was granted on the command line (`npm run staff -- grant`). */
  grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.role] })]);

/** A message sent with the contact form: kept for the staff inbox, and mailed to STAFF_EMAIL when it is set. */
export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [index('contact_messages_created').on(t.createdAt)]);

/**
 * Every staff action, appended: who (the member's id, kept even after they leave; null for the command line), when,
 * what and on what. A trigger refuses every UPDATE and DELETE of a row (migration 0006): nothing can rewrite it.
 */
export const auditLog = pgTable('audit_log', {
  id: id(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorId: uuid('actor_id'),
  action: text('action').notNull(),
  /** What was acted on, as "kind:id" (member:…, feedback:…, contact:…). */
  target: text('target').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
}, (t) => [index('audit_log_at').on(t.at), index('audit_log_actor').on(t.actorId, t.at)]);
