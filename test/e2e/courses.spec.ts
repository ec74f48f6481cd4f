/**
 * Taking a course end to end (issue 13): the shortest course from 'Get Started!' to the certificate by keyboard
 * alone, with the name on it confirmed in a dialog (ADR 131), a reload mid-course that resumes at the right lesson, the certificate PDF read back with pdftotext, and the
 * verification page opened by a signed-out browser. axe runs on every screen on the way.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, recordPageErrors, test } from './support/fixtures';
import { skipToContent, tabTo } from './support/keyboard';

const SLUG = 'material-passports-and-digital-product-data';

interface CourseFile {
  title: string;
  sections: { lessons: { slug: string; title: string }[] }[];
}
const courseFile: CourseFile = JSON.parse(readFileSync(join(process.cwd(), 'content', 'courses', `${SLUG}.json`), 'utf8'));
const lessons = courseFile.sections.flatMap((s) => s.lessons);
const questions: { question: string; options: string[]; correctIndex: number; explanation: string }[] =
  JSON.parse(readFileSync(join(process.cwd(), 'content', 'courses', SLUG, 'assessment.json'), 'utf8')).questions;

test('a member takes the shortest course from Get Started! to the certificate by keyboard alone', async ({ page, request, browser, consoleErrors }, testInfo) => {
  test.setTimeout(300_000);
  const user = await createUser(request, { firstName: 'Marta', lastName: 'Passport' });
  await signIn(page, user);

  await page.goto(`/courses/view/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: courseFile.title })).toBeVisible();
  // The course says its size as the player will count it (issue 41 item 2).
  await expect(page.locator('.course-facts')).toContainText(`${courseFile.sections.length} ${courseFile.sections.length === 1 ? 'module' : 'modules'} · ${lessons.length} lessons`);
  await expectAccessible(page, 'course page');
  await skipToContent(page);
  await tabTo(page, page.getByRole('button', { name: 'Get Started!' }));
  await page.keyboard.press('Enter');

  for (const [i, lesson] of lessons.entries()) {
    await expect(page).toHaveURL(/\/courses\/view\/[0-9a-f-]{36}\/lessons\/[0-9a-f-]{36}$/);
    const heading = page.getByRole('heading', { level: 1, name: lesson.title });
    await expect(heading).toBeVisible();
    if (i > 0) await expect(heading).toBeFocused();
    const progress = page.getByRole('progressbar', { name: `Progress in ${courseFile.title}` });
    await expect(progress).toHaveAttribute('aria-valuenow', String(Math.floor((i * 100) / lessons.length)));
    await expect(page.getByText(`${i} of ${lessons.length} lessons`)).toBeVisible();
    await expect(page.getByRole('link', { name: lesson.title })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Key takeaways' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Sources' })).toBeVisible();
    // What the lesson's Markdown holds reaches the screen: its tables and its figures (with their text alternatives).
    const markdown = readFileSync(join(process.cwd(), 'content', 'courses', SLUG, `${lesson.slug}.md`), 'utf8');
    if (/^\|\s*-{3}/m.test(markdown)) await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
    for (const [, alt] of markdown.matchAll(/!\[([^\]]+)\]\(/g)) await expect(page.getByRole('img', { name: alt!, exact: true })).toBeVisible();
    if (i === 0 || i === lessons.length - 1) await expectAccessible(page, `lesson ${i + 1}`);

    await tabTo(page, page.getByRole('button', { name: 'Mark as complete' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('You completed this lesson.')).toBeVisible();
    // The focus stays where the member was: on the note that took the button's place.
    await expect(page.getByText('You completed this lesson.')).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Lesson marked as complete' })).toBeAttached();
    await expect(page.getByText(`${i + 1} of ${lessons.length} lessons`)).toBeVisible();
    if (i < lessons.length - 1) {
      await tabTo(page, page.getByRole('link', { name: 'Next lesson' }));
      await page.keyboard.press('Enter');
    }
  }

  await expect(page.getByRole('heading', { level: 2, name: 'You have completed every lesson' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `Progress in ${courseFile.title}` })).toHaveAttribute('aria-valuenow', '100');
  await expectAccessible(page, 'every lesson complete');
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Take the assessment' }).last());
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: `Assessment: ${courseFile.title}` })).toBeVisible();
  for (const [i, q] of questions.entries()) {
    // The first answer is wrong on purpose; the rest are right: a pass above 70%.
    const choice = i === 0 ? (q.correctIndex + 1) % 4 : q.correctIndex;
    await expect(page.getByRole('heading', { level: 2, name: `Question ${i + 1} of ${questions.length}` })).toBeFocused();
    if (i === 0) await expectAccessible(page, 'assessment question');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: q.options[0] })).toBeFocused();
    await page.keyboard.press('Space');
    for (let step = 0; step < choice; step++) await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: q.options[choice] })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused();
    await page.keyboard.press('Enter');
    const right = choice === q.correctIndex;
    await expect(page.getByRole('heading', { level: 2, name: right ? /^Correct/ : /^Incorrect/ })).toBeFocused();
    await expect(page.locator('.assessment__explanation')).toHaveText(q.explanation);
    if (i === 0) await expectAccessible(page, 'assessment answer');
    await tabTo(page, page.getByRole('button', { name: i === questions.length - 1 ? 'Finish Assessment' : 'Next Question' }));
    await page.keyboard.press('Enter');
  }

  // Before the certificate is issued, the member confirms the name on it (ADR 131): offered from the profile.
  const dialog = page.getByRole('dialog', { name: 'The name on your certificate' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Name on certificate' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Marta Passport');
  await expectAccessible(page, 'the name on your certificate');
  // An email address is refused in the dialog, tied to the field.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('marta@example.com');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Enter your name, not an email address');
  await expect(field).toHaveAccessibleDescription(/Enter your name, not an email address/);
  await expectAccessible(page, 'the name refused');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Marta Lena Passport');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('heading', { level: 2, name: 'You passed' })).toBeFocused();
  await expect(page.getByText(`${questions.length - 1} / ${questions.length}`)).toBeVisible();
  await expectAccessible(page, 'assessment passed');
  await tabTo(page, page.getByRole('link', { name: 'View your certificate' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/certificates\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Marta Lena Passport' })).toBeVisible();
  await expect(page.getByText('Valid', { exact: true })).toBeVisible();
  await expectAccessible(page, 'certificate page');
  const verificationPath = new URL(page.url()).pathname;

  // My learning: the course is completed; the PDF carries the name, the course and the verification URL.
  await page.goto('/learning');
  await expect(page.getByRole('heading', { level: 1, name: 'My learning' })).toBeVisible();
  const completed = page.getByRole('region', { name: 'Completed' });
  await expect(completed.getByRole('heading', { level: 3, name: courseFile.title })).toBeVisible();
  await expectAccessible(page, 'my learning');
  await tabTo(page, completed.getByRole('button', { name: /^Certificate \(PDF\)/ }));
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  const file = testInfo.outputPath('certificate.pdf');
  await download.saveAs(file);
  const text = spawnSync('pdftotext', ['-raw', file, '-']);
  expect(text.status).toBe(0);
  const pdf = text.stdout.toString('utf8').replace(/\s+/g, ' ');
  expect(pdf).toContain('Marta Lena Passport');
  expect(pdf).not.toContain(user.email);
  expect(pdf).toContain(courseFile.title);
  // PUBLIC_URL is the server's default, http://localhost:<its port>.
  expect(pdf).toContain(`Verify at: http://localhost:${new URL(process.env.E2E_BASE_URL!).port}${verificationPath}`);

  // Anyone may verify it: a browser that is not signed in sees 'Valid'.
  const stranger = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const visitor = await stranger.newPage();
  recordPageErrors(visitor, consoleErrors);
  await visitor.goto(verificationPath);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Marta Lena Passport' })).toBeVisible();
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Marta Lena Passport: /);
  await expect(visitor.getByText('Valid', { exact: true })).toBeVisible();
  await expect(visitor.getByText(courseFile.title)).toBeVisible();
  await expectAccessible(visitor, 'certificate page, signed out');
  await visitor.goto('/certificates/00000000-0000-4000-8000-000000000000');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible();
  await stranger.close();
});

test('a reload mid-course resumes at the first unfinished lesson', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Rene', lastName: 'Resume' });
  await signIn(page, user);
  await page.goto(`/courses/view/${SLUG}`);
  await page.getByRole('button', { name: 'Get Started!' }).click();
  for (const lesson of lessons.slice(0, 2)) {
    await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible();
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect(page.getByText('You completed this lesson.')).toBeVisible();
    await page.getByRole('link', { name: 'Next lesson' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: lessons[2]!.title })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: lessons[2]!.title })).toBeVisible();
  await expect(page.getByText(`2 of ${lessons.length} lessons`)).toBeVisible();
  await expectAccessible(page, 'lesson after a reload');

  // Back on the course page the button reads Continue and opens the first unfinished lesson.
  await page.goto(`/courses/view/${SLUG}`);
  await expect(page.getByRole('progressbar', { name: `Progress in ${courseFile.title}` })).toHaveAttribute('aria-valuenow', String(Math.floor(200 / lessons.length)));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: lessons[2]!.title })).toBeVisible();
  await page.goto('/learning');
  const inProgress = page.getByRole('region', { name: 'In progress' });
  await expect(inProgress.getByRole('progressbar', { name: `Progress in ${courseFile.title}` })).toBeVisible();
  await expect(inProgress.getByRole('link', { name: `Continue ${courseFile.title}` })).toBeVisible();
});

test('on a phone the lesson comes first: the list of lessons folds behind one control that opens by keyboard', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Pia', lastName: 'Phone' });
  await signIn(page, user);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/courses/view/${SLUG}`);
  await page.getByRole('button', { name: 'Get Started!' }).click();
  const heading = page.getByRole('heading', { level: 1, name: lessons[0]!.title });
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('link', { name: lessons[1]!.title })).toBeHidden();
  const toggle = page.getByText('Lessons in this course');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: lessons[1]!.title })).toBeVisible();
  // A table wider than the phone says that it scrolls, and scrolls by keyboard (issue 41 item 10).
  const table = page.getByRole('region', { name: 'Table: Missing information, Consequence' });
  await expect(table).toHaveAttribute('data-overflow', 'end');
  expect(await table.evaluate((element) => getComputedStyle(element, '::before').content)).toContain('Scroll sideways to see the whole table');
  await table.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(table).toHaveAttribute('data-overflow', /both|start/);
  await expectAccessible(page, 'lesson on a phone, outline open');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});
