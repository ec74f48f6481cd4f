/** A transcript as issued (issue 39 item 5), for its public verification page: its snapshot, while its member is here. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { cpdTranscripts, users } from './schema';

export async function issuedTranscript(db: Db, code: string): Promise<{ code: string; snapshot: unknown; issuedAt: Date } | undefined> {
  const [row] = await db
    .select({ code: cpdTranscripts.code, snapshot: cpdTranscripts.snapshot, issuedAt: cpdTranscripts.issuedAt })
    .from(cpdTranscripts)
    .innerJoin(users, eq(users.id, cpdTranscripts.userId))
    // A member who deleted their account is named nowhere: their transcripts no longer verify.
    .where(and(eq(cpdTranscripts.code, code), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
