/**
 * Reports to the bodies in the staff console (issue 39 item 6, ADR 156): completions not yet reported per body, with
 * the business days left of the AIA's 10, and 'Export for AIA CES': the provider's upload file, one row per member
 * completion that is ready (the body's course number and the member's number), marked reported and written in the
 * audit log in one transaction. An empty export is refused (409), so a second click makes no second file.
 */
import type { Completion } from '../../src/contract/cpd';
import { businessDaysLeft, reportingDeadline } from '../../src/domain/business-days';
import type { CpdBody, CreditType } from '../../src/domain/cpd.schema';
import { displayName } from '../../src/domain/user';
import type { Db } from '../data/client';
import { appendAudit } from '../data/staff';
import { markReadyReported, type UnreportedRow, unreportedEntries } from '../data/staff-cpd';
import { toCsv } from '../render/csv';
import { conflict } from './errors';

export const NOTHING_TO_EXPORT = 'Nothing to export: every completion with a course number and a member number is already reported.';

/**
 * The AIA CES provider upload's columns, in order: the fields. The AIA's published guide confirms only the
 * member number and dates as MM/DD/YYYY; the bulk template's own headers were not found in any source we could reach,
 * so check them against the template in the AIA CES dashboard before the first upload (ADR 166).
 */
export const AIA_EXPORT_COLUMNS = ['AIA Member Number', 'Course Number', 'Completion Date', 'Credit', 'Credit Type'] as const;

/** AIA's credit designations in the upload: an elective learning unit or a health, safety and welfare one. */
export function aiaCreditType(type: string): 'LU|Elective' | 'LU|HSW' {
  return type === 'LU/HSW' ? 'LU|HSW' : 'LU|Elective';
}

/** 2026-11-02 as 11/02/2026. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const hasNumber = (value: string | null) => Boolean(value?.trim());

export class StaffCpdService {
  constructor(
    private readonly db: Db,
    private readonly options: { now: () => number; provider: { name: string; number: string | null } },
  ) {}

  private today(): string {
    return new Date(this.options.now()).toISOString().slice(0, 10);
  }

  private toCompletion(row: UnreportedRow, today: string): Completion {
    return {
      id: row.id,
      memberName: displayName(row.firstName, row.lastName),
      memberNumber: hasNumber(row.memberNumber) ? row.memberNumber!.trim() : null,
      title: row.title,
      courseNumber: hasNumber(row.courseNumber) ? row.courseNumber!.trim() : null,
      completedOn: row.earnedOn,
      amount: row.amount,
      type: row.type as CreditType,
      businessDaysLeft: businessDaysLeft(row.earnedOn, today),
      reportBy: reportingDeadline(row.earnedOn),
      waitsFor: !hasNumber(row.courseNumber) ? 'approval' : !hasNumber(row.memberNumber) ? 'member-number' : null,
    };
  }

  async completions(body: CpdBody) {
    const today = this.today();
    const rows = await unreportedEntries(this.db, body);
    return {
      provider: { name: this.options.provider.name, number: this.options.provider.number },
      completions: rows.map((row) => this.toCompletion(row, today)),
    };
  }

  /** The AIA CES upload CSV of every ready completion, marked reported and audited at once; 409 when there is none. */
  async exportAia(actorId: string): Promise<{ body: Buffer; filename: string; rows: number }> {
    const at = new Date(this.options.now());
    return this.db.transaction(async (tx) => {
      const made = await markReadyReported(tx, 'aia', actorId, at);
      if (!made) throw conflict(NOTHING_TO_EXPORT);
      await appendAudit(tx, { actorId, action: 'cpd.exported', target: `cpd-export:${made.exportId}`, detail: { body: 'aia', rows: made.rows.length } });
      const body = toCsv(
        AIA_EXPORT_COLUMNS,
        made.rows.map((r) => [r.memberNumber!.trim(), r.courseNumber!.trim(), usDate(r.earnedOn), r.amount, aiaCreditType(r.type)]),
      );
      return { body, filename: `aia-ces-completions-${at.toISOString().slice(0, 10)}.csv`, rows: made.rows.length };
    });
  }
}
