/**
 * The staff console's members (issue 36 item 6): search by name or email, one member's page (roles, activity, signed-in
 * devices, suspension), suspend and lift. Moderators may make every call (an admin too); see ADR 140.
 */
import { z } from 'zod';
import { STAFF_ROLES } from '../domain/staff';
import { SUSPENSION_REASON_MAX, SUSPENSION_TEXT } from '../domain/suspension';
import { call } from './define';

const when = z.string();
export const MEMBERS_PATH = '/staff/members';

export const memberRowSchema = z.object({
  id: z.string(), name: z.string(), email: z.string(), roles: z.array(z.enum(STAFF_ROLES)), memberSince: when, suspended: z.boolean(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

export const searchMembers = call({
  name: 'staffMembers.search', method: 'GET', path: MEMBERS_PATH, auth: 'required', staff: ['moderator'],
  query: z.object({
    q: z.string().trim().max(200).default(''),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  response: z.object({
    success: z.literal(true), members: z.array(memberRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(),
  }),
});

export const activitySchema = z.object({
  posts: z.number().int(), comments: z.number().int(), likesGiven: z.number().int(), coursesEnrolled: z.number().int(),
  certificates: z.number().int(), quizAttempts: z.number().int(), workshopRegistrations: z.number().int(),
});
export type MemberActivity = z.infer<typeof activitySchema>;

export const suspensionSchema = z.object({ at: when, reason: z.string(), by: z.object({ id: z.string(), name: z.string() }).nullable() });

export const memberDetailSchema = memberRowSchema.extend({
  deleted: z.boolean(),
  activity: activitySchema,
  devices: z.array(z.object({ browser: z.string(), system: z.string(), signedInAt: when, lastSeenAt: when })),
  suspension: suspensionSchema.nullable(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

const memberParams = z.object({ id: z.uuid() });

export const memberDetail = call({
  name: 'staffMembers.detail', method: 'GET', path: `${MEMBERS_PATH}/:id`, auth: 'required', staff: ['moderator'],
  params: memberParams,
  response: z.object({ success: z.literal(true), member: memberDetailSchema }),
});

export const suspendMember = call({
  name: 'staffMembers.suspend', method: 'POST', path: `${MEMBERS_PATH}/:id/suspend`, auth: 'required', staff: ['moderator'],
  params: memberParams,
  body: z.object({
    reason: z.string().trim().min(1, SUSPENSION_TEXT.reasonRequired).max(SUSPENSION_REASON_MAX, SUSPENSION_TEXT.reasonTooLong),
  }),
  response: z.object({ success: z.literal(true), member: memberDetailSchema }),
  invalidates: [MEMBERS_PATH, '/staff/audit'],
});

export const liftSuspension = call({
  name: 'staffMembers.lift', method: 'POST', path: `${MEMBERS_PATH}/:id/lift`, auth: 'required', staff: ['moderator'],
  params: memberParams,
  response: z.object({ success: z.literal(true), member: memberDetailSchema }),
  invalidates: [MEMBERS_PATH, '/staff/audit'],
});
