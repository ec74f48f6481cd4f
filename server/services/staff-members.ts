/**
 * The staff console's members (issue 36 item 6, ADR 140): search, a member's page, suspend and lift. A suspension
 * signs the member out everywhere in the same transaction as its audit entry; sign-in refuses them until it is lifted.
 */
import { mayAct, type StaffRole } from '../../src/domain/staff';
import { SUSPENSION_TEXT } from '../../src/domain/suspension';
import { displayName } from '../../src/domain/user';
import type { Db } from '../data/client';
import { appendAudit, rolesOf } from '../data/staff';
import { activityOf, devicesOf, liftRow, memberRow, type MemberRecord, searchMemberRows, suspendRow } from '../data/staff-members';
import { deviceOf } from './account-sessions';
import { forbidden, invalid, notFound } from './errors';

export const MEMBERS_PAGE_SIZE = 25;

const nameOf = (row: { firstName: string; lastName: string; deletedAt: Date | null }) =>
  row.deletedAt ? 'Deleted member' : displayName(row.firstName, row.lastName);

function toRow(row: { id: string; firstName: string; lastName: string; email: string; createdAt: Date; suspendedAt: Date | null; deletedAt: Date | null; roles: string[] }) {
  return {
    id: row.id, name: nameOf(row), email: row.deletedAt ? '' : row.email, roles: row.roles as StaffRole[],
    memberSince: row.createdAt.toISOString(), suspended: row.suspendedAt !== null,
  };
}

export class StaffMemberService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async search(q: string, page: number) {
    const { rows, total } = await searchMemberRows(this.db, q, page, MEMBERS_PAGE_SIZE);
    return { members: rows.map(toRow), total, page, pageSize: MEMBERS_PAGE_SIZE };
  }

  async detail(id: string) {
    const row = await memberRow(this.db, id);
    if (!row) throw notFound('Member not found');
    return this.toDetail(row);
  }

  private async toDetail(row: MemberRecord) {
    const [activity, devices] = await Promise.all([
      activityOf(this.db, row.id),
      row.deletedAt || row.suspendedAt ? Promise.resolve([]) : devicesOf(this.db, row, new Date(this.now())),
    ]);
    return {
      ...toRow(row),
      deleted: row.deletedAt !== null,
      activity: activity ?? { posts: 0, comments: 0, likesGiven: 0, coursesEnrolled: 0, certificates: 0, quizAttempts: 0, workshopRegistrations: 0 },
      devices: devices.map((d) => ({ ...deviceOf(d.userAgent), signedInAt: d.createdAt.toISOString(), lastSeenAt: d.lastSeenAt.toISOString() })),
      suspension: row.suspendedAt
        ? {
            at: row.suspendedAt.toISOString(), reason: row.suspendedReason ?? '',
            by: row.suspendedBy ? { id: row.suspendedBy, name: displayName(row.suspenderFirstName ?? '', row.suspenderLastName ?? '') } : null,
          }
        : null,
    };
  }

  /**
   * Suspends the member: refused for yourself, for a deleted account, and for staff unless the actor is an admin.
   * Suspending a member already suspended changes nothing and logs nothing.
   */
  async suspend(actorId: string, id: string, reason: string) {
    if (actorId === id) throw invalid(SUSPENSION_TEXT.notYourself);
    await this.db.transaction(async (tx) => {
      const row = await memberRow(tx, id);
      if (!row) throw notFound('Member not found');
      if (row.deletedAt) throw invalid(SUSPENSION_TEXT.deleted);
      if (row.roles.length > 0 && !mayAct(await rolesOf(tx, actorId), ['admin'])) throw forbidden(SUSPENSION_TEXT.staffNeedsAdmin);
      if (await suspendRow(tx, id, actorId, reason, new Date(this.now()))) {
        await appendAudit(tx, { actorId, action: 'member.suspended', target: `member:${id}`, detail: { reason } });
      }
    });
    return this.detail(id);
  }

  /** Lifts a suspension; lifting one that is not there changes nothing and logs nothing. */
  async lift(actorId: string, id: string) {
    await this.db.transaction(async (tx) => {
      const row = await memberRow(tx, id);
      if (!row) throw notFound('Member not found');
      if (row.roles.length > 0 && !mayAct(await rolesOf(tx, actorId), ['admin'])) throw forbidden(SUSPENSION_TEXT.staffNeedsAdmin);
      if (await liftRow(tx, id)) await appendAudit(tx, { actorId, action: 'member.lifted', target: `member:${id}` });
    });
    return this.detail(id);
  }
}
