
import {index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, 
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, id } from './columns';

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
  /** The public profile (issue 35): a headline ("Architect, London"), a profession from the spec's audience list. */
  headline: text('headline').notNull().default(''),
  profession: text('profession').notNull().default(''),
  organisation: text('organisation').notNull().default(''),
  /** Plain text, up to 500 characters. */
  bio: text('bio').notNull().default(''),
  /** The name the member confirmed for their certificates; null until they confirm one. */
  certificateName: text('certificate_name'),
  /** An address waiting for its code before it replaces `email`. */
  pendingEmail: text('pending_email'),
  /** Set when the member deleted their account: the row stays, emptied, so their kept posts read "Deleted member". */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** Set by staff (issue 36): signed out everywhere and refused sign-in until lifted; the reason is shown to them. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspendedReason: text('suspended_reason'),
  suspendedBy: uuid('suspended_by'),
  /** Set by a moderator (issue 37): until then the member can read and not write; the reason is shown to them. */
  silencedUntil: timestamp('silenced_until', { withTimezone: true }),
  silencedReason: text('silenced_reason'),
  /** The member's IANA time zone, from their browser: the daily digest goes at 08:00 there (issue 37). */
  timeZone: text('time_zone'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('users_email_unique').on(t.email)]);

/** A member's picture, decoded, stripped of metadata and squared by the server: WebP at 256 and 64 px. */
export const memberAvatars = pgTable('member_avatars', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  large: bytea('large').notNull(),
  small: bytea('small').notNull(),
  /** A hash of the large picture: part of its URL, so a new one is never served from a cache. */
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per token issued at sign-in: the member's signed-in devices. Ending one revokes its token. */
export const userSessions = pgTable('user_sessions', {
  jti: text('jti').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  userAgent: text('user_agent').notNull().default(''),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('user_sessions_user').on(t.userId, t.lastSeenAt), index('user_sessions_expires').on(t.expiresAt)]);

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

/**
 * The text of each page of a stored PDF, read once with pdf.js: an editor's upload at the upload (issue 38 item 3,
 * ADR 158), an imported PDF the first time the search index reads it (ADR 192, dropped when an import writes other
 * bytes). The search index takes a document's pages from here.
 */
export const filePages = pgTable('file_pages', {
  path: text('path').primaryKey().references(() => files.path, { onDelete: 'cascade' }),
  pages: jsonb('pages').$type<string[]>().notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
