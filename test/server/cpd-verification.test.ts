/**
 * Issue 39 item 5: a transcript's public verification, over HTTP on each database. What the member's download kept
 * (cpd_transcripts.snapshot, written here directly: the download itself is tested in cpd.test.ts) is answered to
 * anyone, without sign-in: name, number, body, period, activities and total, never an email, nothing the contract
 * does not name; an unknown or malformed code is not found; a member who deleted their account is named no more.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cpdTranscripts, users } from '../../server/data/schema';
import { verifyTranscript } from '../../src/contract/cpd';
import { getUrl, send } from './api';
import { describeWithApp } from './fixture';
import { member } from './members';

const period = { id: '2026', label: '2026', start: '2026-01-01', end: '2026-12-31', graceEnd: '2027-09-30' };
const snapshot = (memberName: string, email: string) => ({
  memberName, body: 'aia', bodyName: 'AIA CES', number: '38112456', period, total: 2.5, unit: 'LU',
  activities: [
    { title: 'Embodied Carbon Fundamentals', courseNumber: null, earnedOn: '2026-03-02', amount: 1, type: 'LU', selfReported: false },
    { title: 'Site visit: a timber school', courseNumber: null, earnedOn: '2026-04-10', amount: 1.5, type: 'LU', selfReported: true },
  ],
  // Not in the contract: never answered.
  email,
});

describeWithApp('a transcript verifies in public', { seed: true }, (ctx) => {
  it('answers the issued snapshot to anyone, with no email, and not found for an unknown code', async () => {
    const c = ctx();
    const who = await member(c, 'transcript-owner@example.com', 'Nadia', 'Haddad');
    const code = 'Tr4nscript_Code-0001';
    await c.database.db.insert(cpdTranscripts).values({ code, userId: who.id, body: 'aia', periodId: '2026', snapshot: snapshot('Nadia Haddad', who.email) });

    const res = await send(c, verifyTranscript, { params: { code } });
    expect(res.statusCode).toBe(200);
    const { transcript } = res.json();
    expect(transcript).toEqual({
      code, memberName: 'Nadia Haddad', body: 'aia', bodyName: 'AIA CES', number: '38112456', period, issuedAt: expect.any(String), total: 2.5, unit: 'LU',
      // A snapshot issued before transcripts had lines under the total reads with none (ADR 166).
      notes: [],
      activities: [
        { title: 'Embodied Carbon Fundamentals', courseNumber: null, earnedOn: '2026-03-02', amount: 1, type: 'LU', selfReported: false },
        { title: 'Site visit: a timber school', courseNumber: null, earnedOn: '2026-04-10', amount: 1.5, type: 'LU', selfReported: true },
      ],
    });
    expect(res.body).not.toContain('@example.com');

    expect((await send(c, verifyTranscript, { params: { code: 'NoSuchCode0000' } })).statusCode).toBe(404);
    expect((await getUrl(c, '/api/cpd/transcripts/no%20such')).statusCode).toBe(400);
  });

  it('names a member who deleted their account no more', async () => {
    const c = ctx();
    const who = await member(c, 'transcript-gone@example.com', 'Jonas', 'Berg');
    const code = 'Tr4nscript_Code-0002';
    await c.database.db.insert(cpdTranscripts).values({ code, userId: who.id, body: 'aia', periodId: '2026', snapshot: snapshot('Jonas Berg', who.email) });
    expect((await send(c, verifyTranscript, { params: { code } })).statusCode).toBe(200);
    await c.database.db.update(users).set({ deletedAt: new Date(c.clock.now) }).where(eq(users.id, who.id));
    const gone = await send(c, verifyTranscript, { params: { code } });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Jonas');
  });
});
