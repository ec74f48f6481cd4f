/**
 * Reports and moderation (issue 37 item 7, ADR 149): a member reports another's post or comment; moderators (and
 * admins) work the queue of reported and held items, silence an author for a while, and pin posts.
 */
import { z } from 'zod';
import { HIDE_REASON_MAX, REPORT_NOTE_MAX, REPORT_REASONS, REPORT_TARGETS, SILENCE_DAYS } from '../domain/moderation';
import type { StaffRole } from '../domain/staff';
import { call, okMessageSchema } from './define';

const MODERATORS: readonly StaffRole[] = ['moderator'];
const targetType = z.enum(REPORT_TARGETS);
const targetParams = z.object({ targetType, targetId: z.uuid() });

export const reportBodySchema = z
  .object({
    targetType,
    targetId: z.uuid(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().trim().max(REPORT_NOTE_MAX, `Note must be at most ${REPORT_NOTE_MAX} characters`).optional(),
  })
  .refine((r) => r.reason !== 'other' || Boolean(r.note), { path: ['note'], message: 'Please say what is wrong' });

/** One report per member and item; the third member's report hides it at once. */
export const createReport = call({
  name: 'reports.create', method: 'POST', path: '/reports', auth: 'required',
  body: reportBodySchema,
  response: okMessageSchema,
  invalidates: ['/discussions', '/comments'],
});

export const queueReportSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  reporterName: z.string(),
  createdAt: z.string(),
});

export const queueItemSchema = z.object({
  targetType,
  targetId: z.string(),
  discussionId: z.string(),
  /** The post's title (for a comment, the title of its post). */
  title: z.string(),
  content: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  /** Until when the author is silenced, if they are now. */
  authorSilencedUntil: z.string().nullable(),
  moderation: z.enum(['visible', 'held', 'hidden']),
  createdAt: z.string(),
  pinned: z.boolean(),
  reports: z.array(queueReportSchema),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** Held posts and items with open reports, oldest first (a first come, first looked at queue). */
export const moderationQueue = call({
  name: 'moderation.queue', method: 'GET', path: '/staff/moderation', auth: 'required', staff: MODERATORS,
  response: z.object({ success: z.literal(true), items: z.array(queueItemSchema) }),
});

/** Keep (approve or restore, dismissing the reports), Hide (the author is told the reason) or Delete. */
export const moderateItem = call({
  name: 'moderation.act', method: 'POST', path: '/staff/moderation/:targetType/:targetId', auth: 'required', staff: MODERATORS,
  params: targetParams,
  body: z.discriminatedUnion('action', [
    z.object({ action: z.literal('keep') }),
    z.object({ action: z.literal('hide'), reason: z.string().trim().min(1, 'Please give the author a reason').max(HIDE_REASON_MAX) }),
    z.object({ action: z.literal('delete') }),
  ]),
  response: okMessageSchema,
  invalidates: ['/staff/moderation', '/staff/home', '/discussions', '/comments'],
});

/** The author of a post or comment can read but not write for 1, 7 or 30 days. */
export const silenceMember = call({
  name: 'moderation.silence', method: 'POST', path: '/staff/moderation/members/:userId/silence', auth: 'required', staff: MODERATORS,
  params: z.object({ userId: z.uuid() }),
  body: z.object({
    days: z.literal([...SILENCE_DAYS]),
    reason: z.string().trim().min(1, 'Please give the member a reason').max(HIDE_REASON_MAX),
  }),
  response: z.object({ success: z.literal(true), message: z.string(), silencedUntil: z.string() }),
  invalidates: ['/staff/moderation'],
});

/** Pinned posts come first in their subcategory's feed. */
export const pinDiscussion = call({
  name: 'moderation.pin', method: 'PUT', path: '/staff/moderation/discussions/:id/pin', auth: 'required', staff: MODERATORS,
  params: z.object({ id: z.uuid() }),
  body: z.object({ pinned: z.boolean() }),
  response: okMessageSchema,
  invalidates: ['/discussions', '/staff/moderation'],
});
