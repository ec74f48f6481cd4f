/**
 * An article's own quiz earns its credit (issue 39, ADR 176), end to end by keyboard with axe on every screen, against
 * the seeded Passivhaus article (whose content file carries the quiz and unapproved AIA and GBCI lines): a visitor is
 * offered a sign-in link; a member with an AIA number answers every question with the arrow keys, is told which one is
 * still unanswered, submits, lands on the mark with the credit recorded, and follows the link to /cpd, where the
 * article's entry counts.
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

test('a member with an AIA number passes an article quiz by keyboard and finds the credit on /cpd', async ({ page }) => {
  test.setTimeout(120_000);
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

  // Every question but the last, by keyboard: Tab into the group, then the arrows choose (Space the first option).
  const choose = async (index: number) => {
    const group = groups.nth(index);
    await tabTo(page, group.getByRole('radio').first());
    if (right[index] === 0) await page.keyboard.press('Space');
    for (let i = 0; i < right[index]!; i++) await page.keyboard.press('ArrowDown');
    await expect(group.getByRole('radio').nth(right[index]!)).toBeChecked();
  };
  for (let index = 0; index < 4; index++) await choose(index);
  await tabTo(page, quiz.getByRole('button', { name: 'Submit answers' }));
  await page.keyboard.press('Enter');
  await expect(quiz.getByRole('alert')).toHaveText('Answer every question before you submit: 1 is left.');
  await expectAccessible(page, 'article quiz, one question unanswered');

  await choose(4);
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
