/** The newsletter (issue 36 item 4): subscribers with double opt-in, the issues editors write, and who got each. */
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { newsletters } from './content';
import { users } from './members';

/**
 * An address that asked for the newsletter. 'pending' until the link in the confirmation mail is followed; only
 * 'confirmed' addresses receive issues; 'unsubscribed' keeps the row so a resend of an old link changes nothing.
 * `token` (random, unguessable) is the confirmation and the one-click unsubscribe link's key.
 */
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: id(),
  email: text('email').notNull(),
  status: text('status').notNull().default('pending'),
  token: text('token').notNull(),
  createdAt: createdAt(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('newsletter_subscribers_email').on(t.email),
  uniqueIndex('newsletter_subscribers_token').on(t.token),
  index('newsletter_subscribers_status').on(t.status, t.id),
]);

/**
 * An issue an editor writes in the console (Markdown). 'draft' until sent; 'sending' while the job queue mails it in
 * batches; 'sent' when every confirmed subscriber at the start of the send has had it. A sent issue is published to
 * the library's newsletters (`newsletterId`) as a page and a PDF.
 */
export const newsletterIssues = pgTable('newsletter_issues', {
  id: id(),
  subject: text('subject').notNull(),
  bodyMarkdown: text('body_markdown').notNull(),
  status: text('status').notNull().default('draft'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
  sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** How many confirmed subscribers the send is for, and how many have been mailed so far. */
  recipients: integer('recipients').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  newsletterId: uuid('newsletter_id').references(() => newsletters.id, { onDelete: 'set null' }),
}, (t) => [index('newsletter_issues_created').on(t.createdAt)]);

/** One row per issue and subscriber mailed: a batch that runs twice sends nobody a second copy. */
export const newsletterDeliveries = pgTable('newsletter_deliveries', {
  issueId: uuid('issue_id').notNull().references(() => newsletterIssues.id, { onDelete: 'cascade' }),
  subscriberId: uuid('subscriber_id').notNull().references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.issueId, t.subscriberId] })]);
