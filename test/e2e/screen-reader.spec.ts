/**
 * What a person hears (issue 17): each journey is driven by the keyboard alone while a virtual screen reader listens,
 * and the phrases it says are checked in order: the step's heading or first field, each field's label, errors read
 * with their field, and status messages from live regions. A countdown is not read every second, only when a new
 * code may be asked for.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createUser, readCode, signIn, uniqueEmail } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { createPost, setProfile, uploadPicture } from './support/members';
import { expectSpoken, forget, spoken, withScreenReader } from './support/screen-reader';
import { makeFigures } from './support/analytics';
import { signInAsStaff } from './support/staff';

test.beforeEach(async ({ page }) => {
  await withScreenReader(page.context());
});

/** The screen reader's own reading keys (browse mode): `count` steps forward from where it is. */
async function readOn(page: Page, count: number) {
  for (let i = 0; i < count; i++) await page.evaluate(() => (window as unknown as { __screenReader: { next(): Promise<void> } }).__screenReader.next());
}

test('signup, from the email to signed in: each step, the code sent, the countdown once, an error with its field', async ({ page }) => {
  await page.clock.install();
  await page.goto('/signup');
  const email = uniqueEmail('hear');
  await expectSpoken(page, ['textbox, Email'], 'the email step');
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['assertive: Please enter your email'], 'an empty email');
  await page.keyboard.type(email);
  await forget(page);
  await page.keyboard.press('Enter');
  const code = await readCode(email);
  // The focus moves to the first box, which is read with where the code went; the toast says it was sent.
  await expectSpoken(page, [`textbox, Verification code, digit 1 of 6, We sent a 6-digit code to ${email}.`, 'polite: OTP sent successfully!'], 'the code step');
  // Two minutes pass: the countdown is never read, and the end of it is said once.
  await page.clock.runFor(121_000);
  await expectSpoken(page, ['polite: You can request a new code now.'], 'the end of the countdown');
  const heard = await spoken(page);
  expect(heard.filter((p) => /\d:\d\d/.test(p)), 'the countdown is not read out').toEqual([]);
  expect(heard.filter((p) => p.includes('You can request a new code now.'))).toHaveLength(1);
  await forget(page);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['First name'], 'the password step opens on the name');
  await page.keyboard.type('Octavia');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Hill');
  await page.keyboard.press('Tab');
  await expectSpoken(page, ['Password, Use 8 to 128 characters.'], 'the password field');
  await page.keyboard.type('correct horse battery');
  await page.keyboard.press('Tab');
  await page.keyboard.type('correct horse batterx');
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['Confirm password', 'assertive: Passwords do not match'], 'a mismatch');
  // The error is read with the field it is about.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expectSpoken(page, [/^Confirm password, .*Passwords do not match$/], 'the field with its error');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('correct horse battery');
  await page.keyboard.press('Enter');
  // The page reloads to /, signed in.
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  // The page loaded puts the focus on its heading, not on <body>, and it is read (issue 41, ADR 164).
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expectSpoken(page, [/^heading, .+, level 1$/], 'the home page after signup');
  await expectAccessible(page, 'signed in after signup');
});

test('login with a wrong password, then the right one: the error with the password field, then the home page', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Lina', lastName: 'Listen' });
  await page.goto('/login');
  await page.getByLabel('Email').focus();
  await expectSpoken(page, ['textbox, Email, required'], 'the email field');
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not my password');
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['Password', 'assertive: Invalid credentials'], 'a wrong password');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expectSpoken(page, [/^Password, .*Invalid credentials/], 'the password field with its error');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(user.password);
  await forget(page);
  await page.keyboard.press('Enter');
  // Signed in, back on the home page: its heading takes the focus and its title is said.
  await expectSpoken(page, [/^heading, .+, level 1$/, /^polite: .*SustainLearn/], 'the home page after signing in');
  await expect(page).toHaveURL(/\/$/);
});

const bank = (category: string): { question: string; options: string[]; correctIndex: number; explanation: string }[] =>
  JSON.parse(readFileSync(join(process.cwd(), 'content', 'quiz', `${category}.json`), 'utf8')).sets[0].questions;

test('a topic quiz: the question, its options, Correct or Incorrect with the explanation, the scorecard', async ({ page, request }) => {
  const questions = bank('sustainable-policies');
  await signIn(page, await createUser(request));
  await page.goto('/quiz/sustainable-policies/set-1');
  for (const [i, q] of questions.entries()) {
    const choice = i === 0 ? (q.correctIndex + 1) % 4 : q.correctIndex;
    // The first question arrives drawn by the server (ADR 100): its live region already holds the words, so it is
    // read with the focused heading; each later question is announced as it comes.
    const heard = [`heading, Question ${i + 1} of ${questions.length}, level 2`];
    if (i > 0) heard.push(`polite: Question ${i + 1} of ${questions.length}.`);
    await expectSpoken(page, heard, `question ${i + 1}`);
    await forget(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    for (let step = 0; step < choice; step++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const right = choice === q.correctIndex;
    const expected = [
      `radio, ${q.options[0]}, not checked, position 1, set size 4`,
      'button, Submit',
      right ? `heading, Correct! (question ${i + 1} of ${questions.length}), level 2` : `heading, Incorrect (question ${i + 1} of ${questions.length}), level 2`,
      right ? `polite: Correct! ${q.explanation}` : `polite: Incorrect. The correct answer is ${q.options[q.correctIndex]}. ${q.explanation}`,
    ];
    await expectSpoken(page, i < 2 ? expected : expected.slice(2), `the answer to question ${i + 1}`);
    await forget(page);
    await tabTo(page, page.getByRole('button', { name: i === questions.length - 1 ? 'Finish Quiz' : 'Next Question' }));
    await page.keyboard.press('Enter');
  }
  await expectSpoken(page, [`polite: Quiz completed. You scored ${questions.length - 1} out of ${questions.length}.`], 'the scorecard');
});

test('creating a post, commenting, replying and liking: each step is said', async ({ page, request }) => {
  const author = await createUser(request, { firstName: 'Noor', lastName: 'Narrate' });
  await signIn(page, author);
  // A topic no other test posts in: the discussion tests expect Greywater Reuse empty after their own post goes.
  await page.goto('/discussion?category=clean-water-and-sanitation&subcategory=water-efficient-fixtures');
  const title = `Low-flow taps in a school refurbishment ${Math.random().toString(36).slice(2, 7)}`;
  await tabTo(page, page.getByRole('button', { name: 'Create a Post' }));
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['textbox, Title'], 'the composer');
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Which flow rates have pupils found acceptable at the basins?');
  await forget(page);
  await page.keyboard.press('Tab');
  await expectSpoken(page, ['button, Publish Post'], 'publish');
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['button, Create a Post', 'polite: Your post was published.'], 'the post published');

  const card = page.getByRole('article', { name: title, exact: true });
  await tabTo(page, card.getByRole('button', { name: /^Like/ }));
  await forget(page);
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['polite: Liked. 1 like'], 'a like counted');
  await tabTo(page, card.getByRole('button', { name: /^Comments/ }));
  await page.keyboard.press('Enter');
  await tabTo(page, card.getByRole('textbox', { name: 'Add a comment' }));
  await expectSpoken(page, ['textbox, Add a comment'], 'the comment box');
  await page.keyboard.type('Size it for one day of hand-basin water, and treat before storage.');
  await forget(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['button, Post Comment', 'polite: Comment posted'], 'a comment posted');
  await tabTo(page, card.getByRole('button', { name: 'Reply to Noor Narrate' }));
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['textbox, Reply to Noor Narrate'], 'the reply box');
  await page.keyboard.type('And add a first-flush diverter.');
  await forget(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['polite: Comment posted'], 'a reply posted');
  // The focus is on the new reply (ADR 164): its own Like comes next.
  await tabTo(page, card.getByRole('button', { name: /^Like comment by Noor Narrate/ }).last());
  await forget(page);
  await page.keyboard.press('Enter');
  await expectSpoken(page, [/^polite: Liked\. 1 like/], 'a comment like counted');
  await expectAccessible(page, 'the thread after the journey');
});

const SLUG = 'material-passports-and-digital-product-data';

test('a course lesson to the certificate: the lesson, its mark, the assessment, the pass and the certificate', async ({ page, request }) => {
  test.setTimeout(300_000);
  const course = JSON.parse(readFileSync(join(process.cwd(), 'content', 'courses', `${SLUG}.json`), 'utf8')) as { title: string; sections: { lessons: { title: string }[] }[] };
  const lessons = course.sections.flatMap((s) => s.lessons);
  const questions: { options: string[]; correctIndex: number; explanation: string }[] =
    JSON.parse(readFileSync(join(process.cwd(), 'content', 'courses', SLUG, 'assessment.json'), 'utf8')).questions;
  await signIn(page, await createUser(request, { firstName: 'Cleo', lastName: 'Course' }));
  await page.goto(`/courses/view/${SLUG}`);
  await tabTo(page, page.getByRole('button', { name: 'Get Started!' }));
  await page.keyboard.press('Enter');
  for (const [i, lesson] of lessons.entries()) {
    await expectSpoken(page, [`heading, ${lesson.title}, level 1`], `lesson ${i + 1}`);
    await forget(page);
    await tabTo(page, page.getByRole('button', { name: 'Mark as complete' }));
    await page.keyboard.press('Enter');
    await expectSpoken(page, ['polite: Lesson marked as complete'], `lesson ${i + 1} marked`);
    await forget(page);
    if (i < lessons.length - 1) {
      await tabTo(page, page.getByRole('link', { name: 'Next lesson' }));
      await page.keyboard.press('Enter');
    }
  }
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Take the assessment' }).last());
  await page.keyboard.press('Enter');
  for (const [i, q] of questions.entries()) {
    await expectSpoken(page, [`heading, Question ${i + 1} of ${questions.length}, level 2`], `assessment question ${i + 1}`);
    await forget(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    for (let step = 0; step < q.correctIndex; step++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectSpoken(page, [`heading, Correct (question ${i + 1} of ${questions.length}), level 2`, `polite: Correct. ${q.explanation}`], `assessment answer ${i + 1}`);
    await forget(page);
    await tabTo(page, page.getByRole('button', { name: i === questions.length - 1 ? 'Finish Assessment' : 'Next Question' }));
    await page.keyboard.press('Enter');
  }
  // The name on the certificate is confirmed first (ADR 131): the dialog opens on its field, offered from the profile.
  await expect(page.getByRole('textbox', { name: 'Name on certificate' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectSpoken(page, [/^heading, You passed, level 2$/], 'the pass');
  await tabTo(page, page.getByRole('link', { name: 'View your certificate' }));
  await forget(page);
  await page.keyboard.press('Enter');
  await expectSpoken(page, ['heading, Cleo Course, level 1'], 'the certificate');
  await readOn(page, 2);
  await expect.poll(async () => (await spoken(page)).join(' | ')).toContain('Valid');
});

test("a byline: the author's name, then their profile with the picture's alternative text (issue 35)", async ({ page, request }) => {
  const author = await createUser(request, { firstName: 'Hana', lastName: 'Sato' });
  await setProfile(request, author, { headline: 'Sustainability consultant, Bristol' });
  await uploadPicture(request, author);
  const title = `Green roofs on a depot ${Math.random().toString(36).slice(2, 7)}`;
  await createPost(request, author, { title, content: '<p>Which substrate depth worked for you?</p>', category: 'life-on-land', subcategory: 'green-roofs-and-walls' });
  const reader = await createUser(request, { firstName: 'Ravi', lastName: 'Listen' });
  await signIn(page, reader);
  await page.goto('/discussion?category=life-on-land&subcategory=green-roofs-and-walls');
  const byline = page.getByRole('article', { name: title, exact: true }).getByRole('link', { name: 'Hana Sato', exact: true });
  await forget(page);
  await tabTo(page, byline);
  // The picture in the link is decorative: the link is read once, by the name.
  const heard = await expectSpoken(page, ['link, Hana Sato'], 'the byline');
  expect(heard.filter((p) => p.includes('profile picture'))).toEqual([]);
  await forget(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Hana Sato' })).toBeVisible();
  await readOn(page, 20);
  await expectSpoken(page, ['Hana Sato', 'Sustainability consultant, Bristol', "Hana Sato's profile picture"], 'the profile: name, headline, picture');
  await expectAccessible(page, 'a member profile, heard');
});

test("the staff analytics page: the screen reader hears each chart's text alternative, then its table (issue 36)", async ({ page, request }) => {
  await makeFigures(request, { firstName: 'Heard', lastName: 'Figures' });
  await signInAsStaff(page, 'editor');
  await page.goto('/staff/analytics?days=7');
  const summaries = await page.locator('.analytics-summary').allTextContents();
  expect(summaries).toHaveLength(5);
  await expectAccessible(page, 'analytics for the screen reader');
  // From the range links on, read on as a screen reader user does, until the last chart's sentence has been said.
  await tabTo(page, page.getByRole('link', { name: 'Last 7 days' }));
  await forget(page);
  for (let step = 0; step < 40; step++) {
    await readOn(page, 20);
    if ((await spoken(page)).some((phrase) => phrase.includes(summaries[4]!))) break;
  }
  // Each chart is heard as an image named by its sentence, and nothing inside it; the sentence shown under it is not
  // read again; the tables follow their charts.
  const heard = await expectSpoken(page, summaries.map((summary) => `image, ${summary}`), 'the charts');
  for (const summary of summaries) expect(heard.filter((p) => p.includes(summary)), summary).toEqual([`image, ${summary}`]);
  expect(heard.filter((p) => p === 'group'), 'nothing of the drawings is read').toEqual([]);
  expect(heard.filter((p) => p.startsWith('table, ')).length).toBeGreaterThanOrEqual(3);
});
