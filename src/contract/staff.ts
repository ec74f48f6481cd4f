/**
 * The staff console's calls (issue 36). Each names the roles that may make it (`staff`); the server checks them on
 * every call, and test/server/staff.test.ts walks this module to try every call as every kind of person.
 */
import { z } from 'zod';
import { AUDIT_ACTIONS, INBOX_KINDS, STAFF_ROLES } from '../domain/staff';
import { call } from './define';

const role = z.enum(STAFF_ROLES);
const when = z.string();
const person = z.object({ id: z.string(), name: z.string() });

/** The roles of the member making the call: empty for everyone who is not staff. Any signed-in member may ask. */
export const myRoles = call({
  name: 'staff.myRoles', method: 'GET', path: '/account/roles', auth: 'required',
  response: z.object({ success: z.literal(true), roles: z.array(role) }),
});

export const staffHome = call({
  name: 'staff.home', method: 'GET', path: '/staff/home', auth: 'required', staff: ['moderator', 'editor'],
  response: z.object({
    success: z.literal(true),
    newMessages: z.number().int(),
    /** Issue 37: posts waiting for approval, and items with open reports. */
    heldPosts: z.number().int(),
    reportedItems: z.number().int(),
    upcomingWorkshops: z.array(z.object({
      id: z.string(), title: z.string(), startsAt: when, capacity: z.number().int(), registered: z.number().int(), waitlisted: z.number().int(),
    })),
  }),
});

export const inboxItemSchema = z.object({
  kind: z.enum(INBOX_KINDS),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: when,
  handledAt: when.nullable(),
  handledBy: person.nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inbox = call({
  name: 'staff.inbox', method: 'GET', path: '/staff/inbox', auth: 'required', staff: ['moderator', 'editor'],
  query: z.object({
    status: z.enum(['new', 'handled', 'all']).default('new'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  response: z.object({
    success: z.literal(true), items: z.array(inboxItemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(),
  }),
});

export const markHandled = call({
  name: 'staff.markHandled', method: 'POST', path: '/staff/inbox/:kind/:id/handled', auth: 'required', staff: ['moderator', 'editor'],
  params: z.object({ kind: z.enum(INBOX_KINDS), id: z.uuid() }),
  response: z.object({ success: z.literal(true), item: inboxItemSchema }),
  invalidates: ['/staff/inbox', '/staff/home'],
});

export const staffMemberSchema = z.object({
  id: z.string(), name: z.string(), email: z.string(), roles: z.array(role), memberSince: when,
});

/** The staff and their roles, or members found by name or email (to grant a first role). Admin only. */
export const listStaff = call({
  name: 'staff.listStaff', method: 'GET', path: '/staff/roles', auth: 'required', staff: ['admin'],
  query: z.object({ q: z.string().trim().max(200).default('') }),
  response: z.object({ success: z.literal(true), members: z.array(staffMemberSchema) }),
});

export const setRoles = call({
  name: 'staff.setRoles', method: 'PUT', path: '/staff/members/:id/roles', auth: 'required', staff: ['admin'],
  params: z.object({ id: z.uuid() }),
  body: z.object({ roles: z.array(role).max(STAFF_ROLES.length) }),
  response: z.object({ success: z.literal(true), member: staffMemberSchema }),
  // An admin may change their own roles too: the menu and the console read them again.
  invalidates: ['/staff/roles', '/staff/audit', '/account/roles'],
});

export const auditEntrySchema = z.object({
  id: z.string(), at: when, actor: person.nullable(), action: z.string(), target: z.string(), detail: z.record(z.string(), z.unknown()),
});

export const auditLog = call({
  name: 'staff.audit', method: 'GET', path: '/staff/audit', auth: 'required', staff: ['admin'],
  query: z.object({
    actor: z.uuid().optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  response: z.object({ success: z.literal(true), entries: z.array(auditEntrySchema), page: z.number().int(), pageSize: z.number().int() }),
});
