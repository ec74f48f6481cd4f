/**
 * Continuing-education credit, the member's half (issue 39), end to end by keyboard with axe on every screen, on a
 * private server whose copy of the seeded database gives one course an AIA LU/HSW line: a member adds an AIA number in
 * Profile Settings, sees what is missing on /cpd, passes the course (through the API: the course screens have their
 * own tests), sees the bars move, downloads the transcript PDF (its text read back) and adds an external activity with
 * a PDF as evidence.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/data/client';
import { courses, cpdEntries, cpdMemberships } from '../../server/data/schema';
import { ensureUser, setPasswordHash } from '../../server/data/users';
import { hashPassword } from '../../server/services/passwords';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { chooserFromEnter, tabTo } from './support/keyboard';
import { type PrivateServer, startPrivateServer } from './support/public-site';

const SLUG = 'material-passports-and-digital-product-data';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function call<T>(request: APIRequestContext, base: string, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`${base}/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Every lesson done and every answer right, through the API. */
async function passCourse(request: APIRequestContext, base: string, token: string) {
  const { course } = await call<{ course: { _id: string; sections: { content: { _id: string }[] }[] } }>(request, base, token, 'GET', `/courses/${SLUG}`);
  for (const lesson of course.sections.flatMap((s) => s.content)) await call(request, base, token, 'POST', `/courses/${course._id}/lessons/${lesson._id}/complete`);
  const { attempt } = await call<{ attempt: { _id: string } }>(request, base, token, 'POST', `/courses/${course._id}/assessment/start`);
  const questions: { correctIndex: number }[] = JSON.parse(readFileSync(join(process.cwd(), 'content', 'courses', SLUG, 'assessment.json'), 'utf8')).questions;
  for (const [questionIndex, q] of questions.entries()) {
    await call(request, base, token, 'POST', `/assessment-attempts/${attempt._id}/answer`, { questionIndex, selectedOption: q.correctIndex });
  }
  await call(request, base, token, 'POST', `/assessment-attempts/${attempt._id}/complete`);
}

/** A member with 10 LU/HSW last year (8 LU short) who earned 10 LU/HSW on 15 January this year (ADR 166: the grace). */
const GRACE = { email: 'cpd-grace@e2e.example.com', password: 'cpd grace e2e password', number: '38077777' };
const YEAR = new Date().getUTCFullYear();

async function seedGraceLearner(db: Db) {
  const user = await ensureUser(db, GRACE.email);
  await setPasswordHash(db, user.id, await hashPassword(GRACE.password), new Date(0), '', { firstName: 'Ines', lastName: 'Moreau' });
  await db.insert(cpdMemberships).values({ userId: user.id, body: 'aia', number: GRACE.number });
  const entry = (earnedOn: string, amount: number, title: string) => ({
    userId: user.id, body: 'aia', source: 'course', sourceRef: `e2e-grace-${title}`, title, provider: 'SustainLearn', courseNumber: null,
    earnedOn, amount, type: 'LU/HSW', reportedAt: new Date(),
  });
  await db.insert(cpdEntries).values([entry(`${YEAR - 1}-03-02`, 6, 'Fire and life safety'), entry(`${YEAR - 1}-03-03`, 4, 'Accessible design'), entry(`${YEAR}-01-15`, 10, 'Healthy materials')]);
}

let server: PrivateServer;
test.beforeAll(async () => {
  server = await startPrivateServer({
    env: { SMTP_URL: process.env.E2E_SMTP_URL! },
    // A test fixture, not content: the seeded files claim no approval (issue 39).
    prepare: async (db) => {
      await db.update(courses).set({ credits: [{ body: 'aia', amount: 1.5, type: 'LU/HSW', courseNumber: 'SL-E2E-101' }] }).where(eq(courses.slug, SLUG));
      await seedGraceLearner(db);
    },
  });
});
test.afterAll(async () => server?.dispose());

test('a member adds an AIA number, earns LU/HSW, downloads the transcript and adds an activity, by keyboard', async ({ page }) => {
  const base = server.url;
  const member = await createUser(page.request, { firstName: 'Nadia', lastName: 'Rahman' }, base);
  await signIn(page, member, base);

  // Profile Settings: add the AIA membership.
  await page.goto(`${base}/profile`);
  const section = page.getByRole('region', { name: 'Professional memberships' });
  await expect(section.getByText('No memberships yet.')).toBeVisible();
  await tabTo(page, section.getByRole('button', { name: 'Add a membership' }));
  await page.keyboard.press('Enter');
  await tabTo(page, section.getByRole('button', { name: /Body/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'AIA CES' })).toBeFocused();
  await page.keyboard.press('Enter');
  // The list closes and gives the focus back to its button before Tab goes on from there: a Tab pressed while the
  // list was still closing went elsewhere on a slow machine.
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(section.getByRole('button', { name: /Body/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('AIA member number')).toBeFocused();
  await page.keyboard.type('AIA-1');
  await tabTo(page, section.getByRole('button', { name: 'Save memberships' }));
  await page.keyboard.press('Enter');
  await expect(section.getByText('An AIA member number is 5 to 10 digits')).toBeVisible();
  await expectAccessible(page, 'profile memberships');
  await section.getByLabel('AIA member number').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('38012345');
  await tabTo(page, section.getByRole('button', { name: 'Save memberships' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Memberships saved')).toBeVisible();

  // /cpd before: nothing earned.
  await page.goto(`${base}/cpd`);
  const aia = page.getByRole('region', { name: 'AIA CES', exact: true });
  await expect(aia.getByRole('meter', { name: 'HSW' })).toHaveAttribute('aria-valuetext', '0 of 12 LU');
  await expect(aia.getByText(/^12 LU\/HSW more by 31 December \d{4}$/)).toBeVisible();
  await expectAccessible(page, 'cpd dashboard, nothing earned');

  // The course passed: the bars move.
  await passCourse(page.request, base, member.token);
  await page.reload();
  await expect(aia.getByRole('meter', { name: 'HSW' })).toHaveAttribute('aria-valuetext', '1.5 of 12 LU');
  await expect(aia.getByRole('meter', { name: 'Total' })).toHaveAttribute('aria-valuetext', '1.5 of 18 LU');
  await expect(aia.getByRole('cell', { name: 'SL-E2E-101' })).toBeVisible();
  await expectAccessible(page, 'cpd dashboard, credit earned');

  // The transcript, by keyboard: its text has the number, the course number, the credit and the total.
  const downloading = page.waitForEvent('download');
  await tabTo(page, aia.getByRole('button', { name: 'Transcript PDF' }));
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sustainlearn-aia-transcript-\d{4}\.pdf$/);
  const text = spawnSync('pdftotext', ['-layout', (await download.path())!, '-']).stdout.toString('utf8');
  expect(text).toContain('38012345');
  expect(text).toContain('SL-E2E-101');
  expect(text).toContain('1.5 LU/HSW');
  expect(text).toMatch(/Total: 1\.5 LU/);
  expect(text).not.toContain(member.email);

  // An external activity with a file as evidence.
  await tabTo(page, page.getByRole('button', { name: 'Add an external activity' }));
  await page.keyboard.press('Enter');
  const form = page.getByRole('region', { name: 'Add an external activity' });
  await expect(form.getByLabel('Title')).toBeFocused();
  await page.keyboard.type('Daylight and glare: a site visit');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Local AIA chapter');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Date')).toBeFocused();
  const today = new Date();
  await page.keyboard.type(`${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}${today.getFullYear()}`);
  await tabTo(page, form.getByLabel('Credit earned'));
  await page.keyboard.type('2');
  await tabTo(page, form.getByRole('button', { name: /Type of credit/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'LU', exact: true })).toBeFocused();
  await expect(page.getByRole('option', { name: 'LU/HSW' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await tabTo(page, form.getByRole('button', { name: 'Choose a file' }));
  await (await chooserFromEnter(page)).setFiles({ name: 'attendance.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByText('attendance.pdf')).toBeVisible();
  await expectAccessible(page, 'the external-activity form');
  await tabTo(page, form.getByRole('button', { name: 'Add activity' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Activity added' })).toBeVisible();
  await expect(aia.getByRole('meter', { name: 'Total' })).toHaveAttribute('aria-valuetext', '3.5 of 18 LU');
  const evidence = aia.getByRole('link', { name: /Evidence for Daylight and glare/ });
  await expect(evidence).toBeVisible();
  const served = await page.request.get(`${base}${await evidence.getAttribute('href')}`);
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body()).equals(PDF)).toBe(true);
  await expectAccessible(page, 'cpd dashboard with a self-reported activity');

  if (process.env.CPD_SCREENSHOTS) {
    const out = join(process.cwd(), 'docs', 'screenshots');
    await page.getByRole('button', { name: 'Close', exact: true }).press('Enter');
    await expect(page.getByText(/Activity added to your record/)).toHaveCount(0, { timeout: 10_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const size of [{ width: 1280, height: 900 }, { width: 375, height: 812 }]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(out, `cpd-dashboard-${size.width}.png`), fullPage: true });
      // The transcript: its first page drawn by pdftoppm at the width of the screen.
      const scale = size.width === 1280 ? 1280 : 375;
      spawnSync('pdftoppm', ['-png', '-singlefile', '-f', '1', '-l', '1', '-scale-to-x', String(scale), '-scale-to-y', '-1', (await download.path())!, join(out, `transcript-${size.width}`)]);
    }
  }
});

test('a member short last year sees this year\'s grace credit made it up, and switches period by keyboard', async ({ page }) => {
  const base = server.url;
  const res = await page.request.post(`${base}/api/auth/login`, { data: { email: GRACE.email, password: GRACE.password } });
  expect(res.ok()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  await signIn(page, { email: GRACE.email, password: GRACE.password, firstName: 'Ines', lastName: 'Moreau', token }, base);

  // This year: 10 LU/HSW of its own, 8 of them gone to last year's shortfall.
  await page.goto(`${base}/cpd`);
  const aia = page.getByRole('region', { name: 'AIA CES', exact: true });
  await expect(aia.getByRole('meter', { name: 'Total' })).toHaveAttribute('aria-valuetext', '2 of 18 LU');
  await expect(aia.getByText(`8 LU (8 of them HSW) earned by 30 September ${YEAR} made up ${YEAR - 1}'s shortfall: it counts for ${YEAR - 1}, not for this year.`)).toBeVisible();
  await expectAccessible(page, 'cpd dashboard, credit gone to last year');

  // Last year, by keyboard: met with the grace credit, and it says so.
  await tabTo(page, aia.getByRole('button', { name: /Period/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: String(YEAR) })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: String(YEAR - 1) })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(aia.getByRole('meter', { name: 'Total' })).toHaveAttribute('aria-valuetext', '18 of 18 LU');
  await expect(aia.getByRole('meter', { name: 'HSW' })).toHaveAttribute('aria-valuetext', '18 of 12 LU');
  await expect(aia.getByText(`8 LU (8 of them HSW) earned in the grace period, 1 January to 30 September ${YEAR}, made up this year's shortfall.`)).toBeVisible();
  await expect(aia.getByText('Requirement met for this period.')).toBeVisible();
  await expectAccessible(page, 'cpd dashboard, last year made up');
});
