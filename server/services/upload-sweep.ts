/**
 * Uploads nothing refers to any more (issue 38 item 3, ADR 168): a picture replaced by a save, one uploaded and never
 * used, a PDF of a draft that changed its file. Every process asks for the sweep each hour; the job's key (the hour)
 * makes it one job, run once by whichever process claims it. An upload is kept for a grace period first, so a file
 * uploaded and not yet saved, or open in another editor's form, is never taken from under them.
 */
import type { Db } from '../data/client';
import { enqueueJob } from '../data/jobs';
import { appendAudit } from '../data/staff';
import { removeUnreferencedUploads } from '../data/uploads';

export const UPLOAD_SWEEP_JOB = 'uploads-sweep';
/** How long an upload is kept before it may be removed for want of a reference. */
export const UPLOAD_GRACE_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

export class UploadSweep {
  constructor(private readonly db: Db, private readonly now: () => number) {}

  /**
   * Asks for the sweep at the top of the next hour (a second ask before then, from any process, changes nothing): a
   * process just started sweeps nothing at once, and its first jobs are the ones it was started for.
   */
  async schedule(): Promise<void> {
    const at = new Date(Math.floor(this.now() / HOUR_MS) * HOUR_MS + HOUR_MS);
    await enqueueJob(this.db, { key: `${UPLOAD_SWEEP_JOB}:${at.toISOString().slice(0, 13)}`, kind: UPLOAD_SWEEP_JOB, payload: {}, runAt: at });
  }

  /** The job: removes the unreferenced uploads older than the grace period, and logs what went. */
  async run(): Promise<void> {
    const removed = await removeUnreferencedUploads(this.db, new Date(this.now() - UPLOAD_GRACE_MS));
    if (removed.length) await appendAudit(this.db, { actorId: null, action: 'files.removed', target: 'files:uploads', detail: { paths: removed } });
  }
}
