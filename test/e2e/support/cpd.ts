/**
 * Continuing-education rows for end-to-end tests (issue 39): a learner persona (illustrative) with an AIA number, one
 * completion of an approved line ready to report (a test course number, not a real approval) and an issued
 * transcript, written into the run's seeded data folder before any server starts. The ledger's own writing is the
 * CPD helper's and is tested there.
 */
import type { Db } from '../../../server/data/client';
import { cpdEntries, cpdMemberships, cpdTranscripts } from '../../../server/data/schema';
import { ensureUser, setPasswordHash } from '../../../server/data/users';
import { hashPassword } from '../../../server/services/passwords';

export const CPD_LEARNER = { email: 'cpd-learner@e2e.example.com', firstName: 'Marisol', lastName: 'Vega', aiaNumber: '38112456' };
export const CPD_COURSE_NUMBER = 'E2E-TEST-101';
export const CPD_TRANSCRIPT_CODE = 'e2eTranscriptCode01';

export async function seedCpd(db: Db): Promise<void> {
  const user = await ensureUser(db, CPD_LEARNER.email);
  await setPasswordHash(db, user.id, await hashPassword('cpd learner e2e password'), new Date(0), '', { firstName: CPD_LEARNER.firstName, lastName: CPD_LEARNER.lastName });
  await db.insert(cpdMemberships).values({ userId: user.id, body: 'aia', number: CPD_LEARNER.aiaNumber });
  const today = new Date().toISOString().slice(0, 10);
  await db.insert(cpdEntries).values({
    userId: user.id, body: 'aia', source: 'course', sourceRef: 'e2e-course', title: 'Embodied Carbon Fundamentals', provider: 'SustainLearn',
    courseNumber: CPD_COURSE_NUMBER, earnedOn: today, amount: 1, type: 'LU/HSW',
  });
  await db.insert(cpdTranscripts).values({
    code: CPD_TRANSCRIPT_CODE, userId: user.id, body: 'aia', periodId: today.slice(0, 4),
    snapshot: {
      memberName: `${CPD_LEARNER.firstName} ${CPD_LEARNER.lastName}`, body: 'aia', bodyName: 'AIA CES', number: CPD_LEARNER.aiaNumber, total: 1, unit: 'LU',
      period: { id: today.slice(0, 4), label: today.slice(0, 4), start: `${today.slice(0, 4)}-01-01`, end: `${today.slice(0, 4)}-12-31`, graceEnd: null },
      activities: [{ title: 'Embodied Carbon Fundamentals', courseNumber: CPD_COURSE_NUMBER, earnedOn: today, amount: 1, type: 'LU/HSW', selfReported: false }],
    },
  });
}
