/**
 * A member's continuing-education credit (issue 39, ADR 155): their memberships (numbers checked by format), the ledger
 * per body and period with the requirement, carry-over and what is missing, self-reported activities with evidence, and
 * transcripts (PDF and CSV) whose verification code stays the same while nothing in them changes. Only the caller's own.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { BodyLedger, LedgerEntry } from '../../src/contract/cpd';
import {
  type CreditEntry, creditLabel, membershipNumberProblem, type Period, periodById, periodsUpTo, progressOf,
  roundCredit, selfReportProblem, unitOf,
} from '../../src/domain/cpd';
import { aiaGraceOf, aiaTranscriptLines, aiaYears } from '../../src/domain/cpd-aia';
import { CPD_BODY_NAMES, type CpdBody, type CreditType, type Membership } from '../../src/domain/cpd.schema';
import { isUuid } from '../../src/domain/ids';
import { displayName } from '../../src/domain/user';
import type { Db } from '../data/client';
import {
  dayTotal, type EntryRow, entriesBetween, entryOf, fileAt, insertEntry, insertFile, insertTranscript, latestTranscript, memberName,
  type MembershipRow, membershipsOf, replaceMemberships,
} from '../data/cpd';
import { renderTranscriptPdf } from '../render/cpd-transcript-pdf';
import { toCsv } from '../render/csv';
import { PRODUCT_NAME } from './certificates';
import { invalid, notFound } from './errors';

export const NOT_A_MEMBER = 'Add your number for this body in your profile first';
export const PERIOD_NOT_FOUND = 'There is no such period for this body';
export const ENTRY_NOT_FOUND = 'Evidence not found';
export const EVIDENCE_TYPES = 'Evidence must be a PDF, JPEG or PNG file';
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

export interface Provider {
  name: string;
  address: string | null;
  url: string;
  number: string | null;
}

/** What the bytes are (never what the name or the declared type says): PDF, JPEG or PNG, else null. */
export function evidenceType(bytes: Uint8Array): { contentType: string; extension: string } | null {
  const starts = (...b: number[]) => b.every((v, i) => bytes[i] === v);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return { contentType: 'application/pdf', extension: 'pdf' };
  if (starts(0xff, 0xd8, 0xff)) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { contentType: 'image/png', extension: 'png' };
  return null;
}

function toMembership(row: MembershipRow): Membership {
  return {
    body: row.body as CpdBody,
    ...(row.bodyName ? { bodyName: row.bodyName } : {}),
    number: row.number,
    ...(row.credentials.length ? { credentials: row.credentials } : {}),
    ...(row.since ? { since: row.since } : {}),
  };
}

const bodyNameOf = (m: Pick<Membership, 'body' | 'bodyName'>) => (m.body === 'other' && m.bodyName ? m.bodyName : CPD_BODY_NAMES[m.body]);

export interface TranscriptSnapshot {
  memberName: string;
  body: CpdBody;
  bodyName: string;
  number: string;
  period: Period;
  total: number;
  unit: 'LU' | 'hours' | 'CEU';
  /** Lines under the total: the AIA's carry-over, grace credit in or out, and what counts (ADR 166). */
  notes: string[];
  activities: { title: string; courseNumber: string | null; earnedOn: string; amount: number; type: CreditType; selfReported: boolean }[];
}

export class CpdService {
  constructor(
    private readonly db: Db,
    private readonly options: { now: () => number; publicUrl: string; apiBasePath: string; provider: Provider },
  ) {}

  private today(): string {
    return new Date(this.options.now()).toISOString().slice(0, 10);
  }

  async memberships(userId: string): Promise<Membership[]> {
    return (await membershipsOf(this.db, userId)).map(toMembership);
  }

  /** Replaces the list: one per body ('other' once per name), each number checked where its body has a format. */
  async saveMemberships(userId: string, list: readonly Membership[]): Promise<Membership[]> {
    const seen = new Set<string>();
    const today = this.today();
    const rows = list.map((m, index) => {
      const bodyName = m.body === 'other' ? (m.bodyName ?? '').trim() : '';
      if (m.body === 'other' && !bodyName) throw invalid(`memberships.${index}.bodyName: Name the body`);
      const key = `${m.body}:${bodyName.toLowerCase()}`;
      if (seen.has(key)) throw invalid(`memberships.${index}: ${bodyNameOf(m)} is listed twice`);
      seen.add(key);
      const problem = membershipNumberProblem(m.body, m.number);
      if (problem) throw invalid(`memberships.${index}.number: ${problem}`);
      if (m.since && m.since > today) throw invalid(`memberships.${index}.since: The date cannot be in the future`);
      const credentials = [...new Set((m.credentials ?? []).map((c) => c.trim()).filter(Boolean))];
      return { body: m.body, bodyName, number: m.number.trim(), credentials, since: m.since ?? null };
    });
    await replaceMemberships(this.db, userId, rows);
    return this.memberships(userId);
  }

  /** Every body the member belongs to (or just `body`), each at its current period or the one `periodId` names. */
  async ledger(userId: string, body?: CpdBody, periodId?: string): Promise<BodyLedger[]> {
    return (await this.ledgers(userId, body, periodId)).map(({ notes: _notes, ...ledger }) => ledger);
  }

  /** The ledgers with the transcript's lines under the total (AIA: carry-over and grace). */
  private async ledgers(userId: string, body?: CpdBody, periodId?: string): Promise<(BodyLedger & { notes: string[] })[]> {
    const memberships = (await this.memberships(userId)).filter((m) => !body || m.body === body);
    if (body && !memberships.length) throw notFound(NOT_A_MEMBER);
    const ledgers: (BodyLedger & { notes: string[] })[] = [];
    for (const m of memberships) {
      const ledger = await this.bodyLedger(userId, m, periodId);
      if (ledger) ledgers.push(ledger);
      else if (body) throw notFound(PERIOD_NOT_FOUND);
    }
    return ledgers;
  }

  private async bodyLedger(userId: string, m: Membership, periodId?: string): Promise<(BodyLedger & { notes: string[] }) | null> {
    const today = this.today();
    const periods = periodsUpTo(m.body, m, today);
    const period = periodId ? periodById(m.body, m, today, periodId) : periods[0]!;
    if (!period) return null;
    const rows = (await entriesBetween(this.db, userId, m.body, period.start, period.end)).filter((r) => this.sameBody(r, m));
    // AIA: the years are walked from the member's first, since a year's shortfall takes from the next year's first nine
    // months (and what it takes counts there only) and a surplus carries over (ADR 166).
    const year = Number(period.id);
    const years = m.body === 'aia' ? aiaYears((await entriesBetween(this.db, userId, 'aia', '0001-01-01', `${year + 1}-12-31`)).map(toCredit), year) : null;
    const aia = years?.get(year);
    const progress = progressOf(m.body, m, period, rows.map(toCredit), { ...(aia ? { aia } : {}), today });
    return {
      body: m.body,
      bodyName: bodyNameOf(m),
      number: m.number,
      period,
      periods,
      requirement: progress.requirement,
      carriedOver: progress.carriedOver,
      missing: progress.missing,
      grace: years ? aiaGraceOf(years, year) : null,
      notes: aia ? aiaTranscriptLines(aia) : [],
      entries: rows.map((r) => this.toEntry(r)),
    };
  }

  private sameBody(row: EntryRow, m: Membership): boolean {
    return m.body !== 'other' || !row.bodyName || row.bodyName.toLowerCase() === (m.bodyName ?? '').toLowerCase();
  }

  private toEntry(row: EntryRow): LedgerEntry {
    return {
      id: row.id,
      source: row.source as LedgerEntry['source'],
      title: row.title,
      provider: row.provider,
      courseNumber: row.courseNumber,
      earnedOn: row.earnedOn,
      amount: roundCredit(row.amount),
      type: row.type as CreditType,
      ...(row.credential ? { credential: row.credential } : {}),
      ...(row.topic ? { topic: row.topic } : {}),
      selfReported: row.selfReported,
      evidenceUrl: row.evidencePath ? `${this.options.apiBasePath}/cpd/evidence/${row.id}` : null,
    };
  }

  /** An activity the member did elsewhere, with an optional evidence file (PDF, JPEG or PNG by its bytes). */
  async addActivity(
    userId: string,
    fields: { title: string; provider: string; date: string; amount: number; body: CpdBody; type: CreditType; courseNumber?: string },
    evidence: Uint8Array | null,
  ): Promise<LedgerEntry> {
    const membership = (await this.memberships(userId)).find((m) => m.body === fields.body);
    if (!membership) throw invalid(`body: ${NOT_A_MEMBER}`);
    const day = fields.body === 'aia' ? await dayTotal(this.db, userId, 'aia', fields.date) : 0;
    const problem = selfReportProblem({ body: fields.body, type: fields.type, amount: fields.amount, date: fields.date }, this.today(), day);
    if (problem) throw invalid(problem);
    const kind = evidence ? evidenceType(evidence) : null;
    if (evidence && !kind) throw invalid(`evidence: ${EVIDENCE_TYPES}`);
    const id = randomUUID();
    const row = await this.db.transaction(async (tx) => {
      // Not under /files/: the public files route can never reach it; only GET /cpd/evidence/{id} serves it, to its owner.
      const path = kind && evidence ? `cpd-evidence/${userId}/${id}.${kind.extension}` : null;
      if (path && evidence && kind) await insertFile(tx, { path, contentType: kind.contentType, body: evidence });
      return insertEntry(tx, {
        id, userId, body: fields.body, bodyName: membership.bodyName ?? '', source: 'self', sourceRef: null, title: fields.title,
        provider: fields.provider, courseNumber: fields.courseNumber?.trim() || null, earnedOn: fields.date, amount: fields.amount,
        type: fields.type, selfReported: true, evidencePath: path,
      });
    });
    return this.toEntry(row);
  }

  /** The member's own evidence file; another member's is not found. */
  async evidence(userId: string, entryId: string) {
    const entry = isUuid(entryId) ? await entryOf(this.db, entryId) : undefined;
    if (!entry || entry.userId !== userId || !entry.evidencePath) throw notFound(ENTRY_NOT_FOUND);
    const file = await fileAt(this.db, entry.evidencePath);
    if (!file) throw notFound(ENTRY_NOT_FOUND);
    return { contentType: file.contentType, body: Buffer.from(file.body), filename: entry.evidencePath.split('/').pop()! };
  }

  /**
   * The transcript of one body and period as issued: the snapshot kept in cpd_transcripts for the public page, under
   * the code of the last one issued when nothing in it changed.
   */
  async issueTranscript(userId: string, body: CpdBody, periodId?: string): Promise<{ code: string; snapshot: TranscriptSnapshot; entries: LedgerEntry[] }> {
    const [ledger] = await this.ledgers(userId, body, periodId);
    if (!ledger) throw notFound(NOT_A_MEMBER);
    const names = await memberName(this.db, userId);
    const name = names?.certificateName?.trim() || displayName(names?.firstName ?? '', names?.lastName ?? '');
    const unit = unitOf(body);
    const snapshot: TranscriptSnapshot = {
      memberName: name,
      body,
      bodyName: ledger.bodyName,
      number: ledger.number,
      period: ledger.period,
      total: roundCredit(ledger.entries.reduce((sum, e) => sum + e.amount, 0)),
      unit,
      notes: ledger.notes,
      activities: ledger.entries.map((e) => ({ title: e.title, courseNumber: e.courseNumber, earnedOn: e.earnedOn, amount: e.amount, type: e.type, selfReported: e.selfReported })),
    };
    const last = await latestTranscript(this.db, userId, body, ledger.period.id);
    if (last && canonical(last.snapshot) === canonical(snapshot)) return { code: last.code, snapshot, entries: ledger.entries };
    const code = randomBytes(12).toString('base64url');
    await insertTranscript(this.db, { code, userId, body, periodId: ledger.period.id, snapshot: snapshot as unknown as Record<string, unknown> });
    return { code, snapshot, entries: ledger.entries };
  }

  verificationUrl(code: string): string {
    return `${this.options.publicUrl}/transcripts/${code}`;
  }

  async transcriptPdf(userId: string, body: CpdBody, periodId?: string): Promise<{ bytes: Buffer; filename: string }> {
    const { code, snapshot, entries } = await this.issueTranscript(userId, body, periodId);
    const bytes = await renderTranscriptPdf({
      productName: PRODUCT_NAME,
      memberName: snapshot.memberName,
      number: snapshot.number,
      bodyName: snapshot.bodyName,
      periodLabel: snapshot.period.label,
      provider: this.options.provider,
      activities: entries.map((e) => ({
        title: e.title, provider: e.provider, courseNumber: e.courseNumber, earnedOn: e.earnedOn, credit: creditLabel(body, e.amount, e.type), selfReported: e.selfReported,
      })),
      total: `${snapshot.total} ${snapshot.unit === 'hours' ? 'hours' : snapshot.unit}`,
      notes: snapshot.notes,
      issuedOn: this.today(),
      verificationUrl: this.verificationUrl(code),
    });
    return { bytes, filename: `sustainlearn-${body}-transcript-${snapshot.period.id}.pdf` };
  }

  async transcriptCsv(userId: string, body: CpdBody, periodId?: string): Promise<{ bytes: Buffer; filename: string }> {
    const { code, snapshot, entries } = await this.issueTranscript(userId, body, periodId);
    const provider = this.options.provider;
    const rows = entries.map((e) => [
      snapshot.memberName, snapshot.number, snapshot.bodyName, e.title, e.selfReported ? e.provider : provider.name, e.selfReported ? '' : (provider.number ?? ''),
      e.courseNumber ?? '', e.earnedOn, e.amount, e.type, e.selfReported ? 'yes' : 'no',
    ]);
    rows.push(['Total', '', '', '', '', '', '', '', snapshot.total, snapshot.unit, '']);
    for (const note of snapshot.notes) rows.push([note, '', '', '', '', '', '', '', '', '', '']);
    rows.push(['Verify at', this.verificationUrl(code), '', '', '', '', '', '', '', '', '']);
    const bytes = toCsv(['Member', 'Member number', 'Body', 'Activity', 'Provider', 'Provider number', 'Course number', 'Date', 'Credit', 'Type', 'Self-reported'], rows);
    return { bytes, filename: `sustainlearn-${body}-transcript-${snapshot.period.id}.csv` };
  }
}

/** JSON with object keys sorted: jsonb keeps its own key order, so a stored snapshot compares by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))) : v);
}

function toCredit(row: EntryRow): CreditEntry {
  return { earnedOn: row.earnedOn, amount: row.amount, type: row.type as CreditType, topic: row.topic, selfReported: row.selfReported };
}
