/**
 * The public check of a transcript (issue 39 item 5, ADR 156): anyone holding its URL or QR code reads what was issued
 * (the snapshot kept in cpd_transcripts when the member downloaded it): the member's name and number for the body, the
 * period, each activity and the total. Never an email address: the snapshot holds none, and it is read through the
 * contract's schema, which drops anything else.
 */
import { verifyTranscript } from '../../src/contract/cpd';
import type { Db } from '../data/client';
import { issuedTranscript } from '../data/cpd-transcripts';
import { notFound } from './errors';

export const TRANSCRIPT_NOT_FOUND = 'Transcript not found';

const transcriptSchema = verifyTranscript.response.shape.transcript;
const snapshotSchema = transcriptSchema.omit({ code: true, issuedAt: true });
const CODE = /^[A-Za-z0-9_-]{8,64}$/;

export type VerifiedTranscript = ReturnType<typeof transcriptSchema.parse>;

export class TranscriptVerification {
  constructor(private readonly db: Db, private readonly onError: (error: unknown) => void = () => {}) {}

  /** The transcript issued under `code`, or undefined (none, its member gone, or a snapshot this version cannot read). */
  async find(code: string): Promise<VerifiedTranscript | undefined> {
    if (!CODE.test(code)) return undefined;
    const row = await issuedTranscript(this.db, code);
    if (!row) return undefined;
    const snapshot = snapshotSchema.safeParse(row.snapshot);
    if (!snapshot.success) {
      this.onError(new Error(`transcript ${code}: its snapshot does not read (${snapshot.error.issues[0]?.message ?? 'invalid'})`));
      return undefined;
    }
    return { ...snapshot.data, code: row.code, issuedAt: row.issuedAt.toISOString() };
  }

  async verify(code: string): Promise<VerifiedTranscript> {
    const found = await this.find(code);
    if (!found) throw notFound(TRANSCRIPT_NOT_FOUND);
    return found;
  }
}
