/**
 * Screenshots of a member's profile and of Profile Settings (issue 35) at 1280 and 375 px: a member with a name,
 * headline, bio and picture. The member is an illustrative persona, and their profile says so.
 */
import { join } from 'node:path';
import { createUser, signIn } from '../e2e/support/accounts';
import { expect, test } from '../e2e/support/fixtures';
import { createPost, idOf, setProfile, uploadPicture } from '../e2e/support/members';

const OUT = join(process.cwd(), 'docs', 'screenshots');
const SIZES = [{ width: 1280, height: 900 }, { width: 375, height: 812 }];

test('member profile and profile settings', async ({ page, request }) => {
  const member = await createUser(request, { firstName: 'Imani', lastName: 'Osei' });
  await setProfile(request, member, {
    headline: 'Architect, London (illustrative persona)', profession: 'Architect', organisation: 'Example Studio',
    bio: 'An illustrative persona for these screenshots: an architect who designs schools and housing in reused buildings and is learning to measure their embodied carbon.',
  });
  await uploadPicture(request, member);
  await createPost(request, member, {
    title: 'Reusing a Victorian warehouse as a school', content: '<p>What did you learn about fire and acoustics?</p>',
    category: 'sustainable-cities-and-communities', subcategory: 'heritage-and-adaptive-reuse',
  });
  const id = await idOf(request, member);
  await signIn(page, member);

  await page.goto(`/members/${id}`);
  await expect(page.getByRole('img', { name: "Imani Osei's profile picture" })).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `member-profile-${size.width}.png`), fullPage: true });
  }

  await page.setViewportSize(SIZES[0]!);
  await page.goto('/profile');
  await expect(page.getByLabel('Headline')).toHaveValue('Architect, London (illustrative persona)');
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `profile-settings-${size.width}.png`), fullPage: true });
  }
});
