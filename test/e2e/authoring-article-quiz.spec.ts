/**
 * An article's quiz and credit line written in the staff console (issue 39 item 1, ADRs 171 and 176), by keyboard with
 * axe on the editor and the page: an editor writes an article, adds an AIA credit line and is told beside it that an
 * article earns credit by its quiz, adds a quiz of two questions and is told it needs three, adds a third, chooses
 * each right option in its radio group, moves a question, saves, publishes, and the article's page ends with 'Check
 * your understanding', its length, its mark and the unapproved line.
 */
import { ARTICLE_CREDITS_NEED_QUIZ } from '../../src/domain/authoring';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo, typeOver } from './support/keyboard';
import { signInAsStaff } from './support/staff';

const QUESTIONS = [
  { text: 'What does a room-by-room heat loss count?', options: ['Each room, then the home', 'Only the living room', 'Only the windows', 'The boiler size'], right: 0 },
  { text: 'When is the emitter size settled?', options: ['Before the survey', 'After the heat loss', 'Never', 'By the installer alone'], right: 1 },
  { text: 'What lowers the flow temperature?', options: ['Smaller radiators', 'A hotter tank', 'Larger emitters', 'Open windows'], right: 2 },
];

test('an editor adds a quiz and a credit line to an article by keyboard, publishes it, and its page offers the quiz', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const run = `${testInfo.workerIndex}-${Date.now() % 1_000_000}`;
  const title = `Heat loss, room by room (${run})`;
  await signInAsStaff(page, 'editor');
  await page.goto('/staff/content/articles');
  await tabTo(page, page.getByRole('link', { name: 'New article' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New article' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Article' });
  const typeInto = (label: string, text: string) => typeOver(page, form.getByLabel(label, { exact: true }), text);
  const press = async (name: string) => {
    await tabTo(page, form.getByRole('button', { name, exact: true }));
    await page.keyboard.press('Enter');
  };
  const save = async () => {
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
  };
  await typeInto('Title', title);
  await typeInto('Slug', `heat-loss-room-by-room-${run}`);
  await typeInto('Description', 'How a room-by-room heat loss decides the emitters and the flow temperature.');
  await typeInto('Cover image', '/media/articles/carbon.svg');
  await typeInto('Body (Markdown)', '## Count each room\n\nA heat loss is counted **room by room**, then for the whole home.');

  // A credit line without a quiz is refused beside the credit lines.
  await press('Add a credit line');
  await expect(form.getByText('Reads: AIA CES · 1 LU · not approved by this body')).toBeVisible();
  await typeInto('Amount of line 1', '0.25');
  await save();
  const credit = form.getByRole('group', { name: 'Continuing-education credit' });
  await expect(credit.getByRole('alert')).toHaveText(ARTICLE_CREDITS_NEED_QUIZ);

  // A quiz of two questions is refused: a quiz needs three.
  await press('Add a quiz');
  await press('Add a question');
  const write = async (n: number, q: (typeof QUESTIONS)[number]) => {
    await typeInto(`Question ${n}: text`, q.text);
    for (const [i, option] of q.options.entries()) await typeInto(`Question ${n}: option ${i + 1}`, option);
    const right = form.getByRole('radiogroup', { name: `Question ${n}: the right option` });
    await tabTo(page, right.getByRole('radio').first());
    await page.keyboard.press('Space');
    for (let i = 0; i < q.right; i++) await page.keyboard.press('ArrowRight');
    await expect(right.getByRole('radio', { name: `Option ${q.right + 1}` })).toBeChecked();
    await typeInto(`Question ${n}: why it is right`, `The article says so in its section on question ${n}.`);
  };
  // The third question is written second, then moved down by its button.
  await write(1, QUESTIONS[0]!);
  await write(2, QUESTIONS[2]!);
  await save();
  const quiz = form.getByRole('group', { name: 'Quiz', exact: true });
  await expect(quiz.getByRole('alert')).toHaveText('must hold 3 to 10 questions');
  await press('Add a question');
  await write(3, QUESTIONS[1]!);
  await press('Move question 3 up');
  await expect(form.getByLabel('Question 2: text', { exact: true })).toHaveValue(QUESTIONS[1]!.text);
  await expect(form.getByLabel('Question 3: text', { exact: true })).toHaveValue(QUESTIONS[2]!.text);
  await expect(form.getByRole('radiogroup', { name: 'Question 3: the right option' }).getByRole('radio', { name: 'Option 3' })).toBeChecked();
  await expectAccessible(page, 'the article editor with a quiz and a credit line');
  await save();
  await expect(page.getByText('Status:')).toContainText('Draft');
  await expect(quiz.getByRole('alert')).toHaveText('');
  await expect(credit.getByRole('alert')).toHaveText('');

  await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status:')).toContainText('Published');
  const live = await page.getByRole('link', { name: 'View the live page' }).getAttribute('href');

  // The article's page ends with its quiz: three questions, the mark and the unapproved line.
  await page.goto(live!);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const section = page.getByRole('region', { name: 'Check your understanding' });
  await expect(section.getByText('3 questions · pass mark 70%')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Credit for passing this quiz' })).toContainText('AIA CES · 0.25 LU · not approved by this body');
  await expect(section.getByRole('radiogroup')).toHaveCount(3);
  await expect(section.getByRole('radiogroup').nth(1)).toHaveAccessibleName(`2. ${QUESTIONS[1]!.text}`);
  await expectAccessible(page, 'the published article with its quiz');
});
