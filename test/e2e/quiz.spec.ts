/**
 * Quizzes end to end: a whole set by keyboard alone (topic grid, topic page, twelve questions, scorecard, PDF), a
 * reload mid-quiz that resumes, and a start failure. axe runs on every screen on the way.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripHtml } from '../../src/domain/text';
import { BUSY_OVERLAY_DELAY_MS } from '../../src/ui/components/states';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { skipToContent, tabTo } from './support/keyboard';
import { slowDown, timeToAppear } from './support/slow-answers';

interface BankQuestion {
  question: string;
  options: string[];
  correctIndex: number;
  explanation: string;
}

function bank(category: string): BankQuestion[] {
  const file = JSON.parse(readFileSync(join(process.cwd(), 'content', 'quiz', `${category}.json`), 'utf8'));
  return file.sets.find((s: { id: string }) => s.id === 'set-1').questions;
}



test('a whole quiz by keyboard alone: topics, set, twelve answers with reveal cards, scorecard and the PDF', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const questions = bank('green-buildings');
  const user = await createUser(request);
  await signIn(page, user);

  await page.goto('/quiz');
  await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
  const topicLinks = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Green Buildings' }) }).getByRole('link');
  await expect(topicLinks).toHaveText([
    'Green Buildings', 'Green Vocabulary', 'Passive Design Strategies', 'Green Architects',
    'Sustainable Development Goals', 'Sustainable Policies', 'Sustainable Materials', 'Biodiversity',
  ]);
  await expectAccessible(page, 'topic grid');
  await skipToContent(page);
  await tabTo(page, page.getByRole('link', { name: 'Green Buildings' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/quiz\/green-buildings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Green Buildings' })).toBeVisible();
  const categories = page.getByRole('navigation', { name: 'Categories' }).getByRole('link');
  await expect(categories).toHaveCount(9);
  await expect(categories.last()).toHaveText('Biodiversity Conservation');
  await expect(page.getByRole('link', { name: 'Green Buildings', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('You have not taken this quiz yet.')).toBeVisible();
  await expectAccessible(page, 'topic page');
  await tabTo(page, page.getByRole('link', { name: /^Set 1/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/quiz\/green-buildings\/set-1$/);

  // The page draws every question card and reveal card itself: it never asks for one.
  const cardRequests: string[] = [];
  page.on('request', (req) => {
    if (/\/quizzes\/(questions\/[^/]+\/image|attempts\/.+\/reveal)\.svg/.test(req.url())) cardRequests.push(req.url());
  });
  let score = 0;
  for (const [i, q] of questions.entries()) {
    // Every third answer is wrong on purpose, so the score is known.
    const choice = i % 3 === 0 ? (q.correctIndex + 1) % 4 : q.correctIndex;
    const last = i === questions.length - 1;
    const heading = page.getByRole('heading', { level: 2, name: `Question ${i + 1} of ${questions.length}` });
    await expect(heading).toBeFocused();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('radiogroup', { name: q.question })).toBeVisible();
    // The question's card, decorative (the heading says what it says), with the topic and the question's number.
    const card = page.locator('svg.quiz-card__image');
    await expect(card).toHaveAttribute('aria-hidden', 'true');
    await expect(card).toContainText(`GREEN BUILDINGS · QUESTION ${i + 1} OF 12`);
    // Questions 3 to 11 are the screen of question 2 with other words: axe measures the first two and the last of
    // each screen (about a second a run, 18 runs saved; issue 40 item 11).
    const measured = i < 2 || last;
    if (measured) await expectAccessible(page, `question ${i + 1}`);

    // Tab into the group, Space selects the first option, arrow keys move the choice.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: q.options[0] })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: q.options[0] })).toBeChecked();
    await expect(submit).toBeEnabled();
    for (let step = 0; step < choice; step++) await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: q.options[choice] })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(submit).toBeFocused();
    const answered = page.waitForResponse((res) => res.url().endsWith('/answer') && res.request().method() === 'POST');
    await page.keyboard.press('Enter');
    const answer = (await (await answered).json()) as { revealingCardImage: string };

    const correct = choice === q.correctIndex;
    if (correct) score++;
    await expect(page.getByRole('heading', { level: 2, name: correct ? /^Correct!/ : /^Incorrect/ })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: correct ? 'Correct!' : 'Incorrect.' })).toContainText(`Score: ${score} of 12.`);
    // The reveal card, with its words for screen readers, drawn in the page with the verdict (ADR 122)...
    const reveal = page.getByRole('img', { name: `Correct answer: ${q.options[q.correctIndex]}. ${q.explanation}` });
    await expect(reveal).toBeVisible();
    // ...as the very drawing the server serves at the answer's revealingCardImage: the same size and the same lines.
    const served = await page.request.get(answer.revealingCardImage);
    expect(served.status()).toBe(200);
    const file = await served.text();
    const lines = (markup: string) => [...markup.matchAll(/<(?:text|tspan)\b[^>]*>([^<]+)</g)].map((m) => stripHtml(m[1]!));
    const drawn = await reveal.evaluate((svg) => ({ markup: svg.innerHTML, width: svg.getAttribute('width'), height: svg.getAttribute('height') }));
    expect(lines(drawn.markup)).toEqual(lines(file));
    expect(lines(drawn.markup).join(' ')).toContain(q.options[q.correctIndex]!.split(' ')[0]!);
    expect(file).toContain(`width="${drawn.width}" height="${drawn.height}"`);
    if (measured) await expectAccessible(page, `reveal ${i + 1}`);
    await page.keyboard.press('Tab');
    const next = page.getByRole('button', { name: last ? 'Finish Quiz' : 'Next Question' });
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
  }

  await expect(page.getByRole('heading', { level: 2, name: 'Your ScoreCard' })).toBeFocused();
  await expect(page.locator('.quiz-score__value')).toHaveText(`${score}/12`);
  await expect(page.getByText(`You answered ${score} of 12 questions correctly`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Answer 1 of 12' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Correct answer: ${questions[0]!.options[questions[0]!.correctIndex]}. ${questions[0]!.explanation}` })).toBeVisible();
  await expectAccessible(page, 'scorecard');
  expect(cardRequests).toEqual([]);
  // Browse the revealed answers: Tab to Next, then back with Previous.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Previous answer' })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Next answer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 3, name: 'Answer 2 of 12' })).toBeVisible();
  await expect(page.getByText(questions[1]!.question)).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 3, name: 'Answer 1 of 12' })).toBeVisible();
  await expectAccessible(page, 'scorecard browsing');

  await tabTo(page, page.getByRole('button', { name: 'Download Results' }));
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('quiz-results.pdf');
  await expect(page.getByText('Redirecting...')).toBeVisible();
  const file = testInfo.outputPath('quiz-results.pdf');
  await download.saveAs(file);
  const text = spawnSync('pdftotext', ['-layout', file, '-']);
  expect(text.status).toBe(0);
  const pdf = text.stdout.toString('utf8');
  expect(pdf).toContain('Learner: Ada Lovelace');
  expect(pdf).toContain(`Score: ${score}/12`);
  expect(pdf).toContain('Topic: Green Buildings (Set 1)');

  // About a second later, back at the topic grid; the history shows the score.
  await expect(page).toHaveURL(/\/quiz$/, { timeout: 5000 });
  await expectAccessible(page, 'topic grid after the quiz');
  await page.goto('/quiz/green-buildings');
  await expect(page.getByRole('listitem').filter({ hasText: 'Green Buildings, Set 1' })).toContainText(`${score}/12`);
  await expectAccessible(page, 'topic page with history');
});

test('a reload mid-quiz resumes at the next unanswered question with the score so far', async ({ page, request }) => {
  const questions = bank('passive-design-strategies');
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/quiz/passive-design-strategies/set-1');

  let overlayAfterPress: (() => Promise<number>) | undefined;
  for (const [i, choice] of [questions[0]!.correctIndex, (questions[1]!.correctIndex + 1) % 4].entries()) {
    await expect(page.getByRole('heading', { level: 2, name: `Question ${i + 1} of 12` })).toBeFocused();
    await page.locator('.quiz-option', { hasText: questions[i]!.options[choice] }).click();
    if (i === 1) {
      // The second answer is slow to come back: its overlay shows once the wait is long enough to notice, not at the
      // press (BUSY_OVERLAY_DELAY_MS), and goes with the reveal. The page notes when it showed, by its own clock.
      await slowDown(page, '**/api/quizzes/attempts/*/answer');
      overlayAfterPress = await timeToAppear(page, '.busy-overlay');
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    if (i === 1) {
      await expect(page.getByRole('status').filter({ hasText: 'Submitting answer...' })).toBeVisible();
      await expectAccessible(page, 'a slow answer');
      expect(await overlayAfterPress!()).toBeGreaterThanOrEqual(BUSY_OVERLAY_DELAY_MS);
    }
    await expect(page.getByRole('button', { name: 'Next Question' })).toBeVisible();
    await expect(page.locator('.busy-overlay')).toHaveCount(0);
    if (i === 0) await page.getByRole('button', { name: 'Next Question' }).click();
  }
  // Reload while the second reveal is showing: both answers were saved when given.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Question 3 of 12' })).toBeFocused();
  await expect(page.getByText('2 of 12 answered')).toBeVisible();
  await expect(page.getByText('Score: 1', { exact: true })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: questions[2]!.question })).toBeVisible();
  await expectAccessible(page, 'resumed question');

  // The topic page lists it as in progress, with a way back in.
  await page.getByRole('link', { name: 'Back to Passive Design Strategies' }).click();
  await page.getByRole('link', { name: /^Resume Passive Design Strategies, Set 1/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Question 3 of 12' })).toBeVisible();

  // Another topic's page lists only its own attempts: this one is not there.
  await page.goto('/quiz/green-vocabulary');
  await expect(page.getByRole('heading', { level: 1, name: 'Green Vocabulary' })).toBeVisible();
  await expect(page.getByText('You have not taken this quiz yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Passive Design Strategies, Set 1/ })).toHaveCount(0);

  // A set opened and left unanswered is not history (issue 41 item 8).
  await page.goto('/quiz/green-vocabulary/set-1');
  await expect(page.getByRole('heading', { level: 2, name: 'Question 1 of 12' })).toBeFocused();
  await page.getByRole('link', { name: 'Back to Green Vocabulary' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Green Vocabulary' })).toBeVisible();
  await expect(page.getByText('You have not taken this quiz yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Green Vocabulary, Set 1/ })).toHaveCount(0);
  await expectAccessible(page, 'topic page after a set opened and left');
});

test('an unknown quiz shows the server text as a toast, in words without field names, and returns to the topic page', async ({ page, request }) => {
  const user = await createUser(request);
  await signIn(page, user);
  await page.goto('/quiz/green-buildings/set-9');
  await expect(page.getByText('There is no such quiz set', { exact: true })).toBeVisible();
  await expect(page.getByText(/sdgSet/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/quiz\/green-buildings$/);
  await page.goto('/quiz/astrology/set-1');
  await expect(page.getByText('There is no quiz in this category', { exact: true })).toBeVisible();
  await expect(page.getByText(/category:/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/quiz\/astrology$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz topic not found' })).toBeVisible();
  await expectAccessible(page, 'unknown topic');
});
