/**
 * Issue 36 item 6: the staff console's members. The role matrix generated from src/contract/staff-members.ts; search;
 * a member's page; a suspended member is signed out everywhere and refused at every way in with the reason, until the
 * suspension is lifted; who may suspend whom; each suspension and lift appears once in the audit log (ADR 140).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../../server/data/schema';
import * as accountSessions from '../../src/contract/account-sessions';
import * as auth from '../../src/contract/auth';
import type { Call } from '../../src/contract/define';
import { createDiscussion, sdgConstants } from '../../src/contract/discussions';
import * as staffCalls from '../../src/contract/staff';
import * as memberCalls from '../../src/contract/staff-members';
import { suspendedMessage, SUSPENSION_TEXT } from '../../src/domain/suspension';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { codeFrom, logIn, mailSent, type Member, member, PASSWORD } from './members';
import { grant, roleMatrix, staffCallsOf, staffPeople } from './staff-matrix';

const CALLS = staffCallsOf(memberCalls);
const REASON = 'Repeated advertising in the community after two warnings';

const suspend = (c: TestContext, by: Member, id: string, reason = REASON) => send(c, memberCalls.suspendMember, { params: { id }, body: { reason }, token: by.token });
const lift = (c: TestContext, by: Member, id: string) => send(c, memberCalls.liftSuspension, { params: { id }, token: by.token });
const login = (c: TestContext, email: string) => send(c, auth.login, { body: { email, password: PASSWORD } });

describeWithApp('staff: members, suspend and lift', {}, (ctx) => {
  const people = staffPeople(ctx, 'members');
  let matrixTarget: Member;
  let ada: Member;

  beforeAll(async () => {
    const c = ctx();
    matrixTarget = await member(c, 'matrix-target@example.com', 'Matrix', 'Target');
    ada = await member(c, 'ada.suspended@example.com', 'Ada', 'Byron');
  }, 120_000);

  const requestFor = (c: Call) => {
    if (c === memberCalls.memberDetail || c === memberCalls.liftSuspension) return { params: { id: matrixTarget.id } };
    if (c === memberCalls.suspendMember) return { params: { id: matrixTarget.id }, body: { reason: 'Matrix' } };
    return {};
  };

  it('lists the calls it checks', () => {
    expect(CALLS.map((c) => c.name).sort()).toEqual(['staffMembers.detail', 'staffMembers.lift', 'staffMembers.search', 'staffMembers.suspend']);
  });

  roleMatrix(ctx, CALLS, people, requestFor);

  it('finds members by name or email, paged, deleted accounts left out', async () => {
    const c = ctx();
    const byName = await send(c, memberCalls.searchMembers, { query: { q: 'ada byr' }, token: people.moderator.token });
    expect(byName.json().members).toEqual([expect.objectContaining({ id: ada.id, name: 'Ada Byron', email: ada.email, roles: [], suspended: false })]);
    const byEmail = await send(c, memberCalls.searchMembers, { query: { q: 'SUSPENDED@example' }, token: people.moderator.token });
    expect(byEmail.json().members.map((m: { id: string }) => m.id)).toEqual([ada.id]);
    const staff = await send(c, memberCalls.searchMembers, { query: { q: 'members-' }, token: people.moderator.token });
    expect(staff.json()).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(staff.json().members.find((m: { id: string }) => m.id === people.admin.id).roles).toEqual(['admin']);
    const wild = await send(c, memberCalls.searchMembers, { query: { q: '%' }, token: people.moderator.token });
    expect(wild.json().members).toEqual([]);
    const beyond = await send(c, memberCalls.searchMembers, { query: { q: 'members-', page: 2 }, token: people.moderator.token });
    expect(beyond.json()).toMatchObject({ members: [], total: 4, page: 2 });
  });

  it("shows a member's roles, join date, activity and signed-in devices", async () => {
    const c = ctx();
    const constants = (await send(c, sdgConstants, { token: ada.token })).json();
    const category = Object.values(constants.categories as Record<string, string>)[0]!;
    const subcategory = (constants.subcategories[category] as { value: string }[])[0]!.value;
    const post = await send(c, createDiscussion, { body: { title: 'Timber', content: '<p>Timber</p>', category, subcategory }, token: ada.token });
    expect(post.statusCode).toBe(200);
    const res = await send(c, memberCalls.memberDetail, { params: { id: ada.id }, token: people.moderator.token });
    expect(res.statusCode).toBe(200);
    const detail = res.json().member;
    expect(detail).toMatchObject({ id: ada.id, name: 'Ada Byron', email: ada.email, roles: [], deleted: false, suspension: null, suspended: false });
    expect(detail.activity).toEqual({ posts: 1, comments: 0, likesGiven: 0, coursesEnrolled: 0, certificates: 0, quizAttempts: 0, workshopRegistrations: 0 });
    expect(detail.devices.length).toBeGreaterThan(0);
    // The row's created_at is the database's own time, not the test clock's (which signups move on by a second each).
    expect(new Date(detail.memberSince).getTime()).toBeLessThanOrEqual(Date.now());
    const missing = await send(c, memberCalls.memberDetail, { params: { id: '00000000-0000-4000-8000-000000000000' }, token: people.moderator.token });
    expect(missing.statusCode).toBe(404);
  });

  it('a suspended member is signed out and cannot sign in', async () => {
    const c = ctx();
    const other = await logIn(c, ada.email);
    // Read once, so the token is kept in this process's memory of sessions: the suspension must drop it.
    expect((await send(c, auth.profile, { token: other.token })).statusCode).toBe(200);
    const res = await suspend(c, people.moderator, ada.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member).toMatchObject({ suspended: true, devices: [], suspension: { reason: REASON, by: { id: people.moderator.id, name: 'Staff moderator' } } });

    // Every token issued before is refused, for reads and writes.
    for (const token of [ada.token, other.token]) {
      expect((await send(c, auth.profile, { token })).statusCode).toBe(401);
      expect((await send(c, accountSessions.endOtherSessions, { token })).statusCode).toBe(401);
    }
    const message = suspendedMessage(REASON);
    expect(message).toBe(`Your account is suspended: ${REASON}. If you think this is wrong, write to us through the contact page.`);
    // The password: refused with the reason, only when it is right.
    const refused = await login(c, ada.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message });
    const wrong = await send(c, auth.login, { body: { email: ada.email, password: 'not the password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).not.toContain('suspended');
    // A reset code: the right code is refused with the reason, and no token comes of it.
    c.clock.advance(121_000);
    expect((await send(c, auth.forgotPassword, { body: { email: ada.email } })).statusCode).toBe(200);
    await mailSent();
    const reset = await send(c, auth.verifyResetOtp, { body: { email: ada.email, otp: codeFrom(c, ada.email)! } });
    expect(reset.statusCode).toBe(403);
    expect(reset.json().message).toBe(message);

    const lifted = await lift(c, people.moderator, ada.id);
    expect(lifted.json().member).toMatchObject({ suspended: false, suspension: null });
    // Lifting does not bring old tokens back; signing in works again.
    expect((await send(c, auth.profile, { token: ada.token })).statusCode).toBe(401);
    const again = await login(c, ada.email);
    expect(again.statusCode).toBe(200);
    expect((await send(c, auth.profile, { token: again.json().token })).statusCode).toBe(200);
  });

  it('refuses a suspended member finishing a signup they had started', async () => {
    const c = ctx();
    const email = 'half.signed@example.com';
    expect((await send(c, auth.requestSignupOtp, { body: { email } })).statusCode).toBe(200);
    await mailSent();
    const first = await send(c, auth.verifySignupOtp, { body: { email, otp: codeFrom(c, email)! } });
    expect(first.statusCode).toBe(200);
    const [row] = await c.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect((await suspend(c, people.moderator, row!.id, 'Spam sign-ups.')).statusCode).toBe(200);
    c.clock.advance(121_000);
    expect((await send(c, auth.requestSignupOtp, { body: { email } })).statusCode).toBe(200);
    await mailSent();
    const again = await send(c, auth.verifySignupOtp, { body: { email, otp: codeFrom(c, email)! } });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(suspendedMessage('Spam sign-ups'));
    expect((await send(c, auth.setPassword, { body: { password: PASSWORD, firstName: 'Half', lastName: 'Signed' }, token: first.json().token })).statusCode).toBe(401);
  });

  it('refuses suspending yourself, staff unless an admin does it, a deleted member, and a reason empty or too long', async () => {
    const c = ctx();
    const self = await suspend(c, people.moderator, people.moderator.id);
    expect(self.json()).toEqual({ success: false, message: SUSPENSION_TEXT.notYourself });
    const staff = await suspend(c, people.moderator, people.editor.id);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(SUSPENSION_TEXT.staffNeedsAdmin);
    const editorTarget = await member(c, 'staff-target@example.com', 'Staff', 'Target');
    await grant(c, editorTarget, 'editor');
    expect((await suspend(c, people.admin, editorTarget.id)).statusCode).toBe(200);
    expect((await send(c, staffCalls.staffHome, { token: editorTarget.token })).statusCode).toBe(401);
    expect((await lift(c, people.moderator, editorTarget.id)).statusCode).toBe(403);
    expect((await lift(c, people.admin, editorTarget.id)).statusCode).toBe(200);

    await c.database.db.update(users).set({ deletedAt: new Date(c.clock.now) }).where(eq(users.email, 'staff-target@example.com'));
    const deleted = await suspend(c, people.admin, editorTarget.id);
    expect(deleted.json()).toEqual({ success: false, message: SUSPENSION_TEXT.deleted });

    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      expect((await suspend(c, people.moderator, ada.id, reason)).statusCode).toBe(400);
    }
    expect((await suspend(c, people.moderator, ada.id, 'x'.repeat(500))).statusCode).toBe(200);
    expect((await lift(c, people.moderator, ada.id)).statusCode).toBe(200);
  });

  it('writes each suspension and lift to the audit log once', async () => {
    const c = ctx();
    const grace = await member(c, 'grace.audit@example.com', 'Grace', 'Audit');
    expect((await suspend(c, people.moderator, grace.id, 'First reason')).statusCode).toBe(200);
    // Again while suspended: nothing changes, the first reason stays, nothing is logged.
    const twice = await suspend(c, people.admin, grace.id, 'Second reason');
    expect(twice.json().member.suspension.reason).toBe('First reason');
    expect((await lift(c, people.moderator, grace.id)).statusCode).toBe(200);
    expect((await lift(c, people.admin, grace.id)).statusCode).toBe(200);
    const audit = await send(c, staffCalls.auditLog, { token: people.admin.token });
    const entries = (audit.json().entries as { action: string; target: string; detail: { reason?: string }; actor: { id: string } }[])
      .filter((e) => e.target === `member:${grace.id}`)
      .map((e) => `${e.action} ${e.detail.reason ?? '-'} ${e.actor.id === people.moderator.id ? 'moderator' : 'other'}`);
    expect(entries.sort()).toEqual(['member.lifted - moderator', 'member.suspended First reason moderator']);
  });
});
