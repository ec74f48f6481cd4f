/**
 * Screenshots of the course screens (issue 13) at 1280 and 375 px: a lesson, 'My learning' and a certificate. A member
 * takes a course through the API first, so every screen shows real progress, a pass and a certificate.
 */
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, signIn } from '../e2e/support/accounts';
import { expect, test } from '../e2e/support/fixtures';

const SLUG = 'material-passports-and-digital-product-data';
const OUT = join(process.cwd(), 'docs', 'screenshots');
const WIDTHS = [{ width: 1280, height: 900 }, { width: 375, height: 812 }];

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function shoot(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    // Let the layout settle at the new width (carousels, sticky bars) before the picture.
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `${name}-${size.width}.png`), fullPage: true });
  }
}

test('lesson, My learning and certificate', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await createUser(request, { firstName: 'Amara', lastName: 'Okafor' });
  const { course } = await call<{ course: { _id: string; sections: { content: { _id: string }[] }[] } }>(request, user.token, 'GET', `/courses/${SLUG}`);
  const lessonIds = course.sections.flatMap((s) => s.content.map((l) => l._id));
  await call(request, user.token, 'POST', `/courses/${course._id}/enrol`);
  for (const id of lessonIds) await call(request, user.token, 'POST', `/courses/${course._id}/lessons/${id}/complete`);
  // A second course in progress, so 'My learning' shows both parts.
  const { courses } = await call<{ courses: { _id: string; sections: { content: { _id: string }[] }[] }[] }>(request, user.token, 'GET', '/courses?status=1');
  const other = courses.find((c) => c._id !== course._id)!;
  await call(request, user.token, 'POST', `/courses/${other._id}/lessons/${other.sections[0]!.content[0]!._id}/complete`);

  const { attempt } = await call<{ attempt: { _id: string; totalQuestions: number } }>(request, user.token, 'POST', `/courses/${course._id}/assessment/start`);
  const { readFileSync } = await import('node:fs');
  const questions: { correctIndex: number }[] = JSON.parse(readFileSync(join(process.cwd(), 'content', 'courses', SLUG, 'assessment.json'), 'utf8')).questions;
  for (const [questionIndex, q] of questions.entries()) {
    await call(request, user.token, 'POST', `/assessment-attempts/${attempt._id}/answer`, { questionIndex, selectedOption: q.correctIndex });
  }
  const { certificate } = await call<{ certificate: { _id: string } }>(request, user.token, 'POST', `/assessment-attempts/${attempt._id}/complete`);

  await signIn(page, user);
  await page.goto(`/courses/view/${course._id}/lessons/${lessonIds[1]}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Key takeaways' })).toBeVisible();
  await shoot(page, 'lesson');

  await page.goto('/learning');
  await expect(page.getByRole('region', { name: 'Completed' }).getByRole('heading', { level: 3 })).toBeVisible();
  await shoot(page, 'my-learning');

  await page.goto(`/certificates/${certificate._id}`);
  await expect(page.getByText('Valid', { exact: true })).toBeVisible();
  await shoot(page, 'certificate');
});
