/**
 * Certificates carry a confirmed name, never an email (issue 35, ADR 131), over HTTP on PGlite and PostgreSQL: a
 * member without a name gets no certificate until they confirm one; the page the server renders (with its og tags),
 * the PDF's text (pdftotext), the credential and the status list never hold the member's email; a certificate issued
 * under an email is reissued, same id, when My learning is fetched; a revoked one reads 'Revoked', serves no PDF and
 * has its bit on in the published Bitstring Status List.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, expect, it } from 'vitest';
import { answerQuestion, attemptPdf, completeQuiz, startQuiz } from '../../src/contract/quizzes';
import * as learning from '../../src/contract/learning';
import type { AssessmentAttempt } from '../../src/domain/learning';
import { certificates, users } from '../../server/data/schema';
import { statusBitOf } from '../../server/render/status-list';
import { CertificateService, STATUS_LIST_PATH } from '../../server/services/certificates';
import { hashPassword } from '../../server/services/passwords';
import { getUrl, send } from './api';
import { passCourse } from './course-pass';
import { describeWithApp, type TestContext } from './fixture';
import { logIn, type Member, member, PASSWORD } from './members';

const COURSE = 'material-passports-and-digital-product-data';
const PUBLIC_URL = 'http://localhost:3000';
/** Any email address (the credential's '@context' is not one). */
const AN_EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/;

// A page bundle behind the renderer port (as in pages.test.ts): it draws the certificate from the API's answer.
const staticDir = mkdtempSync(join(tmpdir(), 'sl-cert-pages-'));
mkdirSync(join(staticDir, 'ssr'));
writeFileSync(join(staticDir, 'index.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="description" content="template"><title>SustainLearn</title></head><body><div id="root"></div></body></html>');
writeFileSync(join(staticDir, 'ssr', 'pages.json'), JSON.stringify({ shell: [], pages: { certificate: [] } }));
writeFileSync(join(staticDir, 'ssr', 'render.cjs'), `exports.render = async ({ url, fetch }) => {
  const id = url.split('?')[0].split('/').pop();
  const answer = await (await fetch('/api/certificates/' + id, { method: 'GET', headers: {} })).json();
  const c = answer.certificate ?? {};
  const html = c.valid ? '<h1>' + c.learnerName + '</h1><p>Valid</p>' : '<h1>Revoked certificate</h1><p>Revoked</p>';
  return { status: 200, redirect: null, html, data: JSON.stringify(answer), signedIn: false, page: 'certificate' };
};`);
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

function pdfText(bytes: Buffer): string {
  const result = spawnSync('pdftotext', ['-layout', '-', '-'], { input: bytes });
  expect(result.status).toBe(0);
  return result.stdout.toString('utf8');
}

/** A member who signed up before names were asked: no first, last or certificate name. */
async function unnamed(ctx: TestContext, email: string): Promise<Member> {
  await ctx.database.db.insert(users).values({ email, passwordHash: await hashPassword(PASSWORD), tokensValidAfter: new Date(0) });
  return logIn(ctx, email);
}

/** Every lesson done and every question answered right, then the attempt completed: a pass. */
async function pass(ctx: TestContext, m: Member) {
  const { course, done } = await passCourse(ctx, m, COURSE);
  expect(done.statusCode).toBe(200);
  return { course, done: done.json() as { attempt: AssessmentAttempt; certificate: { _id: string } | null; nameOnCertificate: string | null } };
}

const certificateNameOf = async (ctx: TestContext, userId: string) =>
  (await ctx.database.db.select({ name: users.certificateName }).from(users).where(eq(users.id, userId)))[0]?.name;

describeWithApp('certificates carry a confirmed name', { seed: true, env: { STATIC_DIR: staticDir, PUBLIC_URL } }, (ctx) => {
  const service = () => new CertificateService(ctx().database.db, PUBLIC_URL, () => ctx().clock.now);

  it('issues no certificate to a member without a name until they confirm one, and then nothing holds their email', async () => {
    const email = 'no-name-cert@example.com';
    const m = await unnamed(ctx(), email);
    const { course, done } = await pass(ctx(), m);
    // The pass waits for the name: no certificate, and nothing to prefill.
    expect(done.attempt.passed).toBe(true);
    expect(done).toMatchObject({ certificate: null, nameOnCertificate: '' });
    const progress = await send(ctx(), learning.courseProgress, { params: { id: course._id }, token: m.token });
    expect(progress.json()).toMatchObject({ progress: { certificateId: null, assessment: { passed: true } }, nameOnCertificate: '' });

    // Refused: no name, a blank one, an email address, too long. Nothing issued, nothing kept.
    const issue = (name: unknown) => send(ctx(), learning.issueCertificate, { params: { id: course._id }, rawBody: { name }, token: m.token });
    for (const name of [undefined, '', '   ', email, 'x'.repeat(201)]) expect((await issue(name)).statusCode).toBe(400);
    expect((await send(ctx(), learning.courseProgress, { params: { id: course._id }, token: m.token })).json().progress.certificateId).toBeNull();
    expect(await certificateNameOf(ctx(), m.id)).toBeNull();
    // Signed out: refused.
    expect((await send(ctx(), learning.issueCertificate, { params: { id: course._id }, body: { name: 'Grace Hopper' } })).statusCode).toBe(401);

    const issued = await issue('  Grace Hopper ');
    expect(issued.statusCode).toBe(200);
    const certificate = issued.json().certificate as { _id: string; learnerName: string };
    expect(certificate.learnerName).toBe('Grace Hopper');
    expect(await certificateNameOf(ctx(), m.id)).toBe('Grace Hopper');
    // Idempotent: the same certificate, whatever name a second call carries.
    expect((await issue('Someone Else')).json().certificate).toMatchObject({ _id: certificate._id, learnerName: 'Grace Hopper' });

    // The page the server renders, with its title and share tags.
    const page = await ctx().app.inject({ method: 'GET', url: `/certificates/${certificate._id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta property="og:title" content="Grace Hopper: ${course.title} certificate`);
    expect(page.body).toMatch(/<meta name="description" content="Grace Hopper completed/);
    expect(page.body).toContain('<h1>Grace Hopper</h1>');
    expect(page.body).not.toContain(email);
    expect(page.body).not.toContain('@example.com');

    const verified = await send(ctx(), learning.verifyCertificate, { params: { id: certificate._id } });
    expect(verified.json().certificate).toMatchObject({ learnerName: 'Grace Hopper', valid: true });
    expect(verified.body).not.toContain(email);

    const pdf = await send(ctx(), learning.certificatePdf, { params: { id: certificate._id }, token: m.token });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Grace Hopper');
    expect(text).not.toContain(email);
    expect(text).not.toMatch(AN_EMAIL);

    const jwt = (await send(ctx(), learning.certificateCredential, { params: { id: certificate._id }, token: m.token })).json().credential as string;
    const payload = decodeJwt(jwt);
    expect(JSON.stringify(payload)).not.toContain(email);
    expect(JSON.stringify(payload)).not.toMatch(AN_EMAIL);
    // The payload is the credential itself (a VC 2.0 credential, ADR 162).
    const vc = payload as unknown as { credentialSubject: { name: string }; credentialStatus: Record<string, string> };
    expect(vc.credentialSubject.name).toBe('Grace Hopper');
    expect(vc.credentialStatus).toEqual({
      id: `${PUBLIC_URL}${STATUS_LIST_PATH}#${vc.credentialStatus.statusListIndex}`, type: 'BitstringStatusListEntry', statusPurpose: 'revocation',
      statusListIndex: expect.stringMatching(/^\d+$/), statusListCredential: `${PUBLIC_URL}${STATUS_LIST_PATH}`,
    });
  });

  it('offers the confirmed name, then the profile name, in the dialog; the quiz results PDF holds no email either', async () => {
    const named = await member(ctx(), 'named-cert@example.com', 'Ada', 'Lovelace');
    const { course, done } = await pass(ctx(), named);
    expect(done.nameOnCertificate).toBe('Ada Lovelace');
    await ctx().database.db.update(users).set({ certificateName: 'Augusta Ada King' }).where(eq(users.id, named.id));
    expect((await send(ctx(), learning.courseProgress, { params: { id: course._id }, token: named.token })).json().nameOnCertificate).toBe('Augusta Ada King');

    const bare = await unnamed(ctx(), 'quiz-no-name@example.com');
    const start = await send(ctx(), startQuiz, { body: { category: 'biodiversity', sdgSet: 'set-1' }, token: bare.token });
    const attempt = start.json().attempt as { _id: string; totalQuestions: number };
    for (let questionIndex = 0; questionIndex < attempt.totalQuestions; questionIndex++) {
      await send(ctx(), answerQuestion, { params: { id: attempt._id }, body: { questionIndex, selectedOption: 0, timeSpent: 1 }, token: bare.token });
    }
    expect((await send(ctx(), completeQuiz, { params: { id: attempt._id }, token: bare.token })).statusCode).toBe(200);
    const results = await send(ctx(), attemptPdf, { params: { id: attempt._id }, token: bare.token });
    expect(results.statusCode).toBe(200);
    const text = pdfText(results.rawPayload);
    expect(text).toContain('Learner');
    expect(text).not.toMatch(AN_EMAIL);
  });

  it('reissues a certificate issued under an email address, same id, when My learning is fetched', async () => {
    const email = 'old-cert@example.com';
    const m = await unnamed(ctx(), email);
    const { course } = await pass(ctx(), m);
    // What the product did before ADR 131: the certificate under the email.
    const [old] = await ctx().database.db.insert(certificates).values({
      userId: m.id, courseId: course._id, learnerName: email, courseTitle: course.title, minutes: 60, score: 8, totalQuestions: 8, issuedAt: new Date('2026-05-04T10:00:00Z'),
    }).returning({ id: certificates.id });
    // Until it is reissued, nothing shows the address.
    const before = await send(ctx(), learning.verifyCertificate, { params: { id: old!.id } });
    expect(before.body).not.toContain(email);
    expect((await ctx().app.inject({ method: 'GET', url: `/certificates/${old!.id}` })).body).not.toContain(email);

    // No name yet: My learning asks for one, and the certificate waits.
    const first = await send(ctx(), learning.myLearning, { token: m.token });
    expect(first.json().nameNeeded).toBe(true);
    expect(first.body).not.toContain(email);

    await ctx().database.db.update(users).set({ firstName: 'Mary', lastName: 'Jackson' }).where(eq(users.id, m.id));
    const mine = await send(ctx(), learning.myLearning, { token: m.token });
    expect(mine.json().nameNeeded).toBe(false);
    expect(mine.json().completed).toEqual([expect.objectContaining({ certificate: expect.objectContaining({ _id: old!.id, learnerName: 'Mary Jackson', score: 8 }) })]);
    const [row] = await ctx().database.db.select().from(certificates).where(eq(certificates.id, old!.id));
    expect(row).toMatchObject({ learnerName: 'Mary Jackson', issuedAt: new Date('2026-05-04T10:00:00Z'), statusIndex: expect.any(Number) });
    // A new credential, under the name.
    const jwt = (await send(ctx(), learning.certificateCredential, { params: { id: old!.id }, token: m.token })).json().credential as string;
    expect((decodeJwt(jwt) as unknown as { credentialSubject: { name: string } }).credentialSubject.name).toBe('Mary Jackson');
    expect(jwt).not.toContain(email);
  });

  it("revokes a member's certificates: 'Revoked' without a name, no PDF or credential, the bit on in the status list", async () => {
    const kept = await member(ctx(), 'kept-cert@example.com', 'Kept', 'Holder');
    const gone = await member(ctx(), 'gone-cert@example.com', 'Gone', 'Member');
    const ids: Record<string, string> = {};
    const indexes: Record<string, number> = {};
    for (const [who, m] of [['kept', kept], ['gone', gone]] as const) {
      const { course } = await pass(ctx(), m);
      const issued = await send(ctx(), learning.issueCertificate, { params: { id: course._id }, body: { name: `${who} name` }, token: m.token });
      const id = issued.json().certificate._id as string;
      ids[who] = id;
      const jwt = (await send(ctx(), learning.certificateCredential, { params: { id }, token: m.token })).json().credential as string;
      indexes[who] = Number((decodeJwt(jwt) as unknown as { credentialStatus: { statusListIndex: string } }).credentialStatus.statusListIndex);
    }
    expect(indexes.kept).not.toBe(indexes.gone);

    await service().revokeCertificatesOf(gone.id);
    await service().revokeCertificatesOf(gone.id);

    const verified = await send(ctx(), learning.verifyCertificate, { params: { id: ids.gone! } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().certificate).toMatchObject({ _id: ids.gone, valid: false, revokedAt: expect.any(String) });
    expect(verified.json().certificate).not.toHaveProperty('learnerName');
    const page = await ctx().app.inject({ method: 'GET', url: `/certificates/${ids.gone}` });
    expect(page.body).toContain('Revoked');
    expect(page.body).toContain('<meta property="og:title" content="Revoked certificate');
    expect(page.body).not.toContain('gone name');
    expect((await send(ctx(), learning.certificatePdf, { params: { id: ids.gone! }, token: gone.token })).statusCode).toBe(404);
    expect((await send(ctx(), learning.certificateCredential, { params: { id: ids.gone! }, token: gone.token })).statusCode).toBe(404);
    expect((await send(ctx(), learning.verifyCertificate, { params: { id: ids.kept! } })).json().certificate.valid).toBe(true);

    const list = await getUrl(ctx(), STATUS_LIST_PATH);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('application/jwt');
    const jwks = createLocalJWKSet((await getUrl(ctx(), '/.well-known/jwks.json')).json());
    const { payload } = await jwtVerify(list.body, jwks, { algorithms: ['EdDSA'], currentDate: new Date(ctx().clock.now + 1000) });
    const vc = payload as unknown as { type: string[]; credentialSubject: { type: string; statusPurpose: string; encodedList: string } };
    expect(payload).not.toHaveProperty('vc');
    expect(payload).toMatchObject({ iss: PUBLIC_URL, jti: `${PUBLIC_URL}${STATUS_LIST_PATH}`, sub: `${PUBLIC_URL}${STATUS_LIST_PATH}#list` });
    expect(vc.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    expect(vc.credentialSubject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList: expect.stringMatching(/^u[A-Za-z0-9_-]+$/) });
    expect(statusBitOf(vc.credentialSubject.encodedList, indexes.gone!)).toBe(true);
    expect(statusBitOf(vc.credentialSubject.encodedList, indexes.kept!)).toBe(false);
  });
});
