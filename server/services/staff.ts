/**
 * The staff side (issue 36): who holds which role, the inbox of feedback and contact messages, the console's home,
 * and the audit log every staff action is appended to in the same transaction as the action itself.
 */
import { displayName } from '../../src/domain/user';
import { mayAct, NOT_STAFF, type AuditAction, type InboxKind, type StaffRole } from '../../src/domain/staff';
import type { Db } from '../data/client';
import { moderationCounts } from '../data/moderation';
import {
  appendAudit, auditEntries, countNewMessages, findStaffOrMembers, inboxItem, inboxPage, type InboxRow, insertContactMessage, markMessageHandled,
  memberByEmail, memberWithRoles, replaceRoles, rolesOf, upcomingWorkshopSeats,
} from '../data/staff';
import { contactMessageMail } from '../mail/staff-mails';
import type { Mailer } from '../mail/mailer';
import { DomainError, forbidden, invalid, notFound } from './errors';

export const INBOX_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 50;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const nameOf = (first: string | null, last: string | null, deleted?: Date | null) => (deleted ? 'Deleted member' : displayName(first ?? '', last ?? ''));

export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly options: { staffEmail: string | undefined; publicUrl: string; now: () => number; onMailFailure: (error: unknown) => void },
  ) {}

  roles(userId: string): Promise<StaffRole[]> {
    return rolesOf(this.db, userId);
  }

  /** Refuses a member who holds none of `allowed` (an admin holds them all). */
  async require(userId: string, allowed: readonly StaffRole[]): Promise<StaffRole[]> {
    const held = await this.roles(userId);
    if (!mayAct(held, allowed)) throw forbidden(NOT_STAFF);
    return held;
  }

  /** The contact form: stored first, then mailed to STAFF_EMAIL; a failed mail loses nothing (the inbox has it). */
  async receiveContact(message: { name: string; email: string; phone: string; message: string }): Promise<void> {
    await insertContactMessage(this.db, message);
    const { staffEmail, publicUrl } = this.options;
    if (!staffEmail) return;
    await this.mailer.send(contactMessageMail(staffEmail, message, `${publicUrl}/staff/inbox`)).catch(this.options.onMailFailure);
  }

  async home() {
    const [newMessages, sessions, moderation] = await Promise.all([
      countNewMessages(this.db), upcomingWorkshopSeats(this.db, new Date(this.options.now())), moderationCounts(this.db),
    ]);
    return { newMessages, upcomingWorkshops: sessions.map((s) => ({ ...s, startsAt: s.startsAt.toISOString() })), ...moderation };
  }

  async inbox(status: 'new' | 'handled' | 'all', page: number) {
    const { rows, total } = await inboxPage(this.db, status, page, INBOX_PAGE_SIZE);
    return { items: rows.map(toInboxItem), total, page, pageSize: INBOX_PAGE_SIZE };
  }

  async markHandled(actorId: string, kind: InboxKind, id: string) {
    const at = new Date(this.options.now());
    await this.db.transaction(async (tx) => {
      const result = await markMessageHandled(tx, kind, id, actorId, at);
      if (!result) throw notFound('Message not found');
      if (result.changed) await appendAudit(tx, { actorId, action: 'message.handled', target: `${kind}:${id}` });
    });
    const item = await inboxItem(this.db, kind, id);
    if (!item) throw notFound('Message not found');
    return toInboxItem(item);
  }

  async listStaff(q: string) {
    const rows = await findStaffOrMembers(this.db, q);
    return rows.map((row) => ({ ...toMember(row), roles: row.roles as StaffRole[] }));
  }

  /** Sets a member's roles; every grant and revoke is one audit entry. `actorId` null: the command line. */
  async setRoles(actorId: string | null, userId: string, roles: readonly StaffRole[]) {
    if (actorId === userId && !roles.includes('admin')) throw invalid('An admin cannot remove their own admin role; ask another admin.');
    return this.db.transaction(async (tx) => {
      const member = await memberWithRoles(tx, userId);
      if (!member) throw notFound('Member not found');
      const { granted, revoked } = await replaceRoles(tx, userId, [...new Set(roles)], actorId);
      const audit = (action: AuditAction, role: StaffRole) => appendAudit(tx, { actorId, action, target: `member:${userId}`, detail: { role } });
      for (const role of granted) await audit('role.granted', role);
      for (const role of revoked) await audit('role.revoked', role);
      return { ...toMember(member), roles: (await rolesOf(tx, userId)) as StaffRole[] };
    });
  }

  /** The command line's `grant` and `revoke`: by email; an unknown email is refused. */
  async changeRoleByEmail(email: string, role: StaffRole, change: 'grant' | 'revoke') {
    const member = await memberByEmail(this.db, email);
    if (!member) throw new DomainError('not-found', `No member has the email ${email.trim().toLowerCase()}.`);
    const held = await this.roles(member.id);
    const roles = change === 'grant' ? [...held, role] : held.filter((r) => r !== role);
    return this.setRoles(null, member.id, roles);
  }

  async audit(filter: { actorId?: string | undefined; action?: string | undefined }, page: number) {
    const rows = await auditEntries(this.db, filter, page, AUDIT_PAGE_SIZE);
    return {
      entries: rows.map((row) => ({
        id: row.id, at: row.at.toISOString(), action: row.action, target: row.target, detail: row.detail,
        actor: row.actorId ? { id: row.actorId, name: nameOf(row.actorFirstName, row.actorLastName, row.actorDeleted) } : null,
      })),
      page, pageSize: AUDIT_PAGE_SIZE,
    };
  }
}

function toMember(row: { id: string; firstName: string; lastName: string; email: string; createdAt: Date }) {
  return { id: row.id, name: displayName(row.firstName, row.lastName), email: row.email, memberSince: row.createdAt.toISOString() };
}

function toInboxItem(row: InboxRow) {
  return {
    kind: row.kind, id: row.id, name: row.name, email: row.email, phone: row.phone, message: row.message,
    createdAt: row.createdAt.toISOString(), handledAt: iso(row.handledAt),
    handledBy: row.handledById ? { id: row.handledById, name: nameOf(row.handlerFirstName, row.handlerLastName) } : null,
  };
}
