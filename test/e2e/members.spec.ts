/**
 * Members as people end to end (issue 35), by keyboard, with axe on each screen: Profile Settings says a too-long
 * bio beside its field, then saves; a picture uploaded through the file chooser shows in the nav; a byline opens its
 * author's profile, with their picture, headline and bio and never their email.
 */
import { createUser, signIn } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { chooserFromEnter, tabTo } from './support/keyboard';
import { createPost, idOf, portrait, setProfile, uploadPicture } from './support/members';

test('edit the profile with an inline error, fix it and save; upload a picture and see it in the nav', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Grace', lastName: 'Kerr' });
  await signIn(page, user);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
  await expectAccessible(page, 'profile settings');

  const headline = page.getByLabel('Headline');
  await tabTo(page, headline);
  await page.keyboard.type('Architect, London');
  // The profession, from the spec's audience list, by the select's keys.
  const profession = page.getByRole('button', { name: /Profession/ });
  await tabTo(page, profession);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page, 'profile settings: profession list open');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(profession).toContainText('Architect');
  const bio = page.getByLabel('Bio');
  await tabTo(page, bio);
  // The bio takes what the server keeps and no more (ADR 164); the count says so.
  await page.keyboard.insertText('b'.repeat(501));
  await expect(page.getByText('500 of 500 characters', { exact: false })).toBeVisible();
  await expect(bio).toHaveValue('b'.repeat(500));
  await expectAccessible(page, 'profile settings: a full bio');

  await tabTo(page, bio);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('I design schools that heat themselves.');
  await tabTo(page, page.getByRole('button', { name: 'Update Profile' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.getByText('Profile updated successfully')).toBeFocused();
  await expect(bio).not.toHaveAttribute('aria-invalid', 'true');
  const id = await idOf(request, user);
  const saved = await request.get(`/api/members/${id}`, { headers: { authorization: `Bearer ${user.token}` } });
  expect((await saved.json()).member).toMatchObject({ headline: 'Architect, London', profession: 'Architect', bio: 'I design schools that heat themselves.' });

  // The picture, through the file chooser the button opens.
  await tabTo(page, page.getByRole('button', { name: 'Upload a picture' }));
  await (await chooserFromEnter(page)).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await portrait() });
  await expect(page.getByText('Profile picture updated')).toBeVisible();
  const navPicture = page.getByRole('button', { name: 'Account menu for Grace' }).locator('img');
  await expect(navPicture).toHaveAttribute('src', new RegExp(`^/api/members/${id}/avatar/[0-9a-f]{16}/64\\.webp$`));
  await expect(navPicture).toHaveAttribute('alt', '');
  // Drawn, at 64 px: asked until the picture has arrived (a loaded machine took longer than one look).
  await expect.poll(() => navPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toBeVisible();
  await expectAccessible(page, 'profile settings: with a picture');

  await tabTo(page, page.getByRole('button', { name: 'Remove picture' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Profile picture removed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Grace' })).toHaveText('GK');
});

test("open a member's profile from a byline: picture, headline and bio, never the email", async ({ page, request }) => {
  const author = await createUser(request, { firstName: 'Tomas', lastName: 'Reyes' });
  await setProfile(request, author, { headline: 'Planner, Leeds', profession: 'Urban planner', organisation: 'Leeds Civic Trust', bio: 'I work on brownfield sites.' });
  await uploadPicture(request, author);
  const title = `Reusing a gasworks site ${Date.now()}`;
  await createPost(request, author, { title, content: '<p>What did the soil survey find?</p>', category: 'life-on-land', subcategory: 'brownfield-regeneration' });
  const reader = await createUser(request, { firstName: 'Lena', lastName: 'Okafor' });
  await signIn(page, reader);
  await page.goto('/discussion?category=life-on-land&subcategory=brownfield-regeneration');
  const card = page.getByRole('article', { name: title });
  const byline = card.getByRole('link', { name: 'Tomas Reyes', exact: true });
  await expect(byline).toBeVisible();
  await expect(byline.locator('img')).toHaveAttribute('alt', '');
  await expectAccessible(page, 'discussion with bylines');
  await tabTo(page, byline);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/members\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tomas Reyes' })).toBeVisible();
  await expect(page.getByRole('img', { name: "Tomas Reyes's profile picture" })).toBeVisible();
  await expect(page.getByText('Planner, Leeds')).toBeVisible();
  await expect(page.getByText('I work on brownfield sites.')).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(author.email);
  await expectAccessible(page, 'member profile');
});

test('a visitor is sent to login from a profile', async ({ page, request }) => {
  const someone = await createUser(request, { firstName: 'Ines', lastName: 'Duarte' });
  const id = await idOf(request, someone);
  await page.goto(`/members/${id}`);
  await expect(page).toHaveURL(/\/login\?from=/);
});
