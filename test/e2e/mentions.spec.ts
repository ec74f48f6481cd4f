/**
 * Mentions end to end (issue 37 item 3, ADR 150), by keyboard alone, with axe on each screen: in a comment, '@' and
 * the start of a name suggest members; arrows move (the text points at the active one), Enter chooses; the posted
 * comment shows the member's name linking to their profile, which opens.
 */
import { randomBytes } from 'node:crypto';
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';
import { createPost, idOf } from './support/members';

/** Letters only, so the name is one a member could have and no other test's member shares. */
const tag = () => [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');

test('mention a member in a comment by keyboard: suggestions, arrows, Enter, and the name links to the profile', async ({ page, request }) => {
  const family = `Qu${tag()}`;
  const ines = await createUser(request, { firstName: 'Ines', lastName: family });
  const ivo = await createUser(request, { firstName: 'Ivo', lastName: family });
  const ivoId = await idOf(request, ivo);
  const author = await createUser(request, { firstName: 'Tomas', lastName: 'Reyes' });
  const title = `Heat pumps in listed buildings ${Date.now()}`;
  await createPost(request, author, { title, content: '<p>Who has done this?</p>', category: 'life-on-land', subcategory: 'brownfield-regeneration' });
  expect(ines.email).not.toBe(ivo.email);

  const writer = await createUser(request, { firstName: 'Lena', lastName: 'Okafor' });
  await signIn(page, writer);
  await page.goto('/discussion?category=life-on-land&subcategory=brownfield-regeneration');
  const card = page.getByRole('article', { name: title });
  const open = card.getByRole('button', { name: /^Comments on/ });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const thread = card.getByRole('region', { name: `Comments on ${title}` });
  const field = thread.getByLabel('Add a comment');
  await tabTo(page, field);

  await page.keyboard.type(`I would ask @${family.slice(0, 5)}`);
  const list = page.getByRole('listbox', { name: 'Members to mention' });
  await expect(list.getByRole('option')).toHaveText([`Ines ${family}`, `Ivo ${family}`]);
  await expect(page.getByRole('status').filter({ hasText: '2 members found' })).toHaveCount(1);
  await expect(field).toBeFocused();
  const first = list.getByRole('option', { name: `Ines ${family}` });
  await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  // No email is ever shown in a suggestion.
  await expect(list).not.toContainText('@example.com');
  await expectAccessible(page, 'comment with mention suggestions');

  await page.keyboard.press('ArrowDown');
  const second = list.getByRole('option', { name: `Ivo ${family}` });
  await expect(field).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
  // Typing goes on straight after Enter, as a fast typist's does: every letter lands after the name (a caret placed a
  // frame later once put the first letters behind the rest).
  await page.keyboard.press('Enter');
  await page.keyboard.type('about the permits.');
  await expect(list).toHaveCount(0);
  await expect(field).toHaveValue(`I would ask @Ivo ${family} about the permits.`);
  await expect(field).toBeFocused();

  // Escape closes the suggestions of an '@' and leaves the text as typed.
  const more = ` Also @Ines ${family.slice(0, 4)}`;
  await page.keyboard.type(more);
  await expect(list.getByRole('option')).toHaveText([`Ines ${family}`]);
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(field).toHaveValue(`I would ask @Ivo ${family} about the permits.${more}`);
  // They stay closed while the caret is in that '@' word.
  await page.keyboard.type('x');
  await expect(list).toHaveCount(0);
  for (let i = 0; i <= more.length; i++) await page.keyboard.press('Backspace');
  await expect(field).toHaveValue(`I would ask @Ivo ${family} about the permits.`);

  await tabTo(page, thread.getByRole('button', { name: 'Post Comment' }));
  await page.keyboard.press('Enter');
  const mention = thread.getByRole('link', { name: `@Ivo ${family}`, exact: true });
  await expect(mention).toBeVisible();
  await expect(mention).toHaveAttribute('href', `/members/${ivoId}`);
  await expect(mention).not.toHaveAttribute('target', /.*/);
  await expect(field).toHaveValue('');
  await expectAccessible(page, 'comment with a mention');

  await tabTo(page, mention);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/members/${ivoId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Ivo ${family}` })).toBeVisible();
  await expectAccessible(page, 'the mentioned member\'s profile');
});

test('mention a member in a post by keyboard: the slate editor suggests, Enter puts the mention in, the post links it', async ({ page, request }) => {
  const family = `Qu${tag()}`;
  const ines = await createUser(request, { firstName: 'Ines', lastName: family });
  const inesId = await idOf(request, ines);
  const writer = await createUser(request, { firstName: 'Lena', lastName: 'Okafor' });
  await signIn(page, writer);
  await page.goto('/discussion?category=life-on-land&subcategory=brownfield-regeneration');
  const create = page.getByRole('button', { name: 'Create a Post' });
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const composer = page.getByRole('form', { name: 'Create a Post' });
  const title = `Soil surveys ${Date.now()}`;
  // The title takes the focus once the composer has opened: keys sent before then were lost ("surveys …").
  await expect(composer.getByLabel('Title')).toBeFocused();
  await page.keyboard.type(title);
  const editor = composer.getByRole('textbox', { name: 'Content' });
  await tabTo(page, editor);
  await page.keyboard.type(`Asking @${family.slice(0, 6)}`);
  const list = page.getByRole('listbox', { name: 'Members to mention' });
  const option = list.getByRole('option', { name: `Ines ${family}` });
  await expect(option).toBeVisible();
  await expect(editor).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await expectAccessible(page, 'composer with mention suggestions');
  await page.keyboard.press('Enter');
  await expect(list).toHaveCount(0);
  await page.keyboard.type('for the survey.');
  await expect(editor).toContainText(`Asking @Ines ${family} for the survey.`);
  await page.keyboard.press('ControlOrMeta+Enter');
  // Published, not held for a moderator nor refused: only then is the feed's card looked for.
  await expect(page.getByRole('status').filter({ hasText: 'Your post was published.' })).toHaveCount(1);

  const card = page.getByRole('article', { name: title });
  const mention = card.getByRole('link', { name: `@Ines ${family}`, exact: true });
  await expect(mention).toHaveAttribute('href', `/members/${inesId}`);
  await expect(card).toContainText(`Asking @Ines ${family} for the survey.`);
  await expectAccessible(page, 'a post with a mention');
});
