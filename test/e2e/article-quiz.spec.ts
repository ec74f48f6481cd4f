/**
 * An article's own quiz earns its credit (issue 39, ADR 176), end to end by keyboard with axe on every screen, against
 * the seeded Passivhaus article (whose content file carries the quiz and unapproved AIA and GBCI lines): a visitor is
 * offered a sign-in link; a member with an AIA number answers every question with the arrow keys, is told which one is
 * still unanswered, submits two wrong answers and fails (told the score, what a pass needs and which questions to
 * revisit, not the right answers), tries again with the answers kept, changes the two, passes with the credit recorded,
 * and follows the link to /cpd, where the article's entry counts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';

const SLUG = 'energy--passivhaus-criteria-and-principles';
const TITLE = 'Passivhaus Explained: Criteria, Principles and Common Misconceptions';

/** The right options, read from the content file's header, as the import reads them. */
function rightOptions(): number[] {
  const text = readFileSync(join(process.cwd(), 'content', 'articles', `${SLUG}.html`), 'utf8');
  const header = JSON.parse(/^\s*<!--([\s\S]*?)-->/.exec(text)![1]!) as { quiz: { questions: { correctIndex: number }[] } };
  return header.quiz.questions.map((q) => q.correctIndex);
}

test('a member with an AIA number fails, then passes, an article quiz by keyboard and finds the credit on /cpd', async ({ page }) => {
  const base = process.env.E2E_BASE_URL!;
  const right = rightOptions();

  // Signed out: the quiz says what it is and offers a sign-in link.
  await page.goto(`${base}/articles/${SLUG}`);
  const quiz = page.getByRole('region', { name: 'Check your understanding' });
  await expect(quiz.getByText('5 questions · pass mark 70%')).toBeVisible();
  await expect(quiz.getByRole('list', { name: 'Credit for passing this quiz' })).toContainText('AIA CES · 0.25 LU · not approved by this body');
  await expect(quiz.getByRole('link', { name: 'Sign in to take the quiz' })).toBeVisible();
  await expectAccessible(page, 'article quiz, signed out');

  const member = await createUser(page.request, { firstName: 'Tomas', lastName: 'Lindqvist' });
  const joined = await page.request.put(`${base}/api/cpd/memberships`, {
    data: { memberships: [{ body: 'aia', number: '38054321' }] }, headers: { authorization: `Bearer ${member.token}` },
  });
  expect(joined.ok()).toBe(true);
  await signIn(page, member, base);
  await page.goto(`${base}/articles/${SLUG}`);
  const groups = quiz.getByRole('radiogroup');
  await expect(groups).toHaveCount(5);
  await expectAccessible(page, 'article quiz, its questions');

  // Every question but the last, by keyboard: Tab into the group, then the arrows choose (Space the first option). The
  // first try answers the last two questions wrongly.
  const given: (number | null)[] = right.map(() => null);
  const wrong = right.map((r, i) => (i >= 3 ? (r + 1) % 4 : r));
  const choose = async (index: number, option: number) => {
    const group = groups.nth(index);
    await tabTo(page, group);
    let at = given[index] ?? 0;
    if (given[index] === null) await page.keyboard.press('Space');
    for (; at < option; at++) await page.keyboard.press('ArrowDown');
    for (; at > option; at--) await page.keyboard.press('ArrowUp');
    given[index] = option;
    await expect(group.getByRole('radio').nth(option)).toBeChecked();
  };
  for (let index = 0; index < 4; index++) await choose(index, wrong[index]!);
  await tabTo(page, quiz.getByRole('button', { name: 'Submit answers' }));
  await page.keyboard.press('Enter');
  await expect(quiz.getByRole('alert')).toHaveText('Answer every question before you submit: 1 is left.');
  await expectAccessible(page, 'article quiz, one question unanswered');

  await choose(4, wrong[4]!);
  await tabTo(page, quiz.getByRole('button', { name: 'Submit answers' }));
  await page.keyboard.press('Enter');

  // A fail: the score, what a pass needs and the questions to revisit, never the right answers nor their explanations.
  await expect(quiz.getByRole('heading', { name: 'Not passed yet' })).toBeFocused();
  await expect(quiz.getByText('3 of 5 right; you need 4 (pass mark 70%)')).toBeVisible();
  const revisit = quiz.getByRole('list', { name: 'Questions to revisit' }).getByRole('listitem');
  await expect(revisit).toHaveCount(2);
  await expect(revisit.first()).toContainText(/^4\. /);
  await expect(quiz).not.toContainText('Right answer');
  await expect(quiz.getByText(/EnerPHit is the Passive House Institute's retrofit standard/)).toHaveCount(0);
  await expectAccessible(page, 'article quiz, not passed');

  // Try again keeps the answers; the two wrong ones say so, and are changed by keyboard.
  await tabTo(page, quiz.getByRole('button', { name: 'Try again' }));
  await page.keyboard.press('Enter');
  await expect(groups).toHaveCount(5);
  for (let index = 0; index < 5; index++) await expect(groups.nth(index).getByRole('radio').nth(wrong[index]!)).toBeChecked();
  await expect(quiz.getByText('Answered wrongly last time: revisit this one.')).toHaveCount(2);
  await expect(groups.nth(3)).toHaveAccessibleDescription('Answered wrongly last time: revisit this one.');
  await expectAccessible(page, 'article quiz, trying again');
  await choose(3, right[3]!);
  await choose(4, right[4]!);
  await tabTo(page, quiz.getByRole('button', { name: 'Submit answers' }));
  await page.keyboard.press('Enter');
  const verdict = quiz.getByRole('heading', { name: 'You passed' });
  await expect(verdict).toBeFocused();
  await expect(quiz.getByText('5 / 5 (100%) · pass mark 70%')).toBeVisible();
  await expect(quiz.getByText('Your credit is recorded in your CPD ledger:')).toBeVisible();
  await expect(quiz.getByRole('list', { name: 'Credit recorded' })).toContainText('GBCI · 0.25 general CE hours · not approved by this body');
  await expect(quiz.getByText(/EnerPHit is the Passive House Institute's retrofit standard/)).toBeVisible();
  await expectAccessible(page, 'article quiz, passed with credit');

  // The ledger: the article's entry counts toward the AIA year.
  await tabTo(page, quiz.getByRole('link', { name: 'Open your CPD ledger' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cpd$/);
  const aia = page.getByRole('region', { name: 'AIA CES', exact: true });
  await expect(aia.getByRole('cell', { name: new RegExp(TITLE) })).toBeVisible();
  await expect(aia.getByRole('meter', { name: 'Total' })).toHaveAttribute('aria-valuetext', '0.25 of 18 LU');
  await expectAccessible(page, 'cpd dashboard with an article quiz entry');
});
