/**
 * Authoring (issue 38): each piece of content editors manage, whether written in the browser or imported, with its
 * state and version, and the revisions of its saves. The live tables (articles, workshops, …) stay what pages read;
 * publishing writes them in the same transaction.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './members';

export const contentItems = pgTable('content_items', {
  id: id(),
  kind: text('kind').notNull(),
  /** The item's key in its kind (the slug; 'banner' for the one banner): how the import finds it again. */
  key: text('key').notNull(),
  /** 'draft' | 'published' | 'archived'. */
  status: text('status').notNull().default('draft'),
  /** Raised by every save; a save names the version it started from, and a stale one is refused. */
  version: integer('version').notNull().default(1),
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
  /** The live row while published (articles.id, …), else null. */
  liveId: uuid('live_id'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
  /** The last content import that wrote the item, and a hash of what it wrote (issue 38 item 8). */
  importedAt: timestamp('imported_at', { withTimezone: true }),
  importedHash: text('imported_hash'),
  /** The last save in the browser: after `importedAt`, the next import leaves the item alone unless --force. */
  editedAt: timestamp('edited_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('content_items_kind_key').on(t.kind, t.key),
  index('content_items_kind_status').on(t.kind, t.status, t.updatedAt),
]);

export const contentRevisions = pgTable('content_revisions', {
  id: id(),
  itemId: uuid('item_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
  changes: jsonb('changes').$type<{ field: string; before: unknown; after: unknown }[]>().notNull(),
  byId: uuid('by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('content_revisions_item_version').on(t.itemId, t.version)]);
