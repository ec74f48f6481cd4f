/**
 * Staff roles (issue 36). Everyone is a member; staff hold one or more roles on top. An admin may do what every role
 * may; an editor writes content; a moderator looks after the community.
 */
export const STAFF_ROLES = ['moderator', 'editor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = { moderator: 'Moderator', editor: 'Editor', admin: 'Admin' };

/** What a member who is not staff reads on a console page (and in the server's 403). */
export const NOT_STAFF = 'This page is for SustainLearn staff only.';

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether a holder of `held` may make a call open to `allowed`: any shared role, and admin may do everything. */
export function mayAct(held: readonly StaffRole[], allowed: readonly StaffRole[]): boolean {
  return held.includes('admin') || held.some((role) => allowed.includes(role));
}

/** The two kinds of message in the staff inbox: the home page's feedback form and the contact form. */
export const INBOX_KINDS = ['feedback', 'contact'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** What the audit log records (issue 36 item 8); later issues add their own kinds. */
export const AUDIT_ACTIONS = [
  'role.granted', 'role.revoked', 'message.handled',
  'member.suspended', 'member.lifted',
  'newsletter.test-sent', 'newsletter.sent', 'subscribers.exported',
  'workshop.attended', 'workshop.unattended', 'workshop.messaged', 'registrations.exported',
  'moderation.kept', 'moderation.hidden', 'moderation.deleted', 'member.silenced', 'post.pinned', 'post.unpinned',
  // Issue 38: an editor's upload, a session moved or cancelled.
  'file.uploaded', 'workshop.moved', 'workshop.cancelled',
  'cpd.exported',
  'content.published', 'content.scheduled', 'content.unpublished', 'content.restored',
  // Uploads no content refers to any more, removed after their grace period (ADR 168).
  'files.removed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
