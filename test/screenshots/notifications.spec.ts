/**
 * Screenshots of the notifications (issue 37) at 1280 and 375 px: /notifications with a reply unread, a reply read
 * and grouped likes, and the bell's panel open over it. The members are illustrative personas.
 */
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { createUser, signIn, type TestUser } from '../e2e/support/accounts';
import { expect, test } from '../e2e/support/fixtures';
import { createPost } from '../e2e/support/members';

const OUT = join(process.cwd(), 'docs', 'screenshots');
const SIZES = [{ width: 1280, height: 900 }, { width: 375, height: 812 }];
const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

async function send(request: APIRequestContext, user: TestUser, path: string, data?: object) {
  const res = await request.post(path, { headers: auth(user), ...(data ? { data } : {}) });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

test('notifications page and the bell panel', async ({ page, request }) => {
  const author = await createUser(request, { firstName: 'Imani', lastName: 'Osei' });
  const [tomas, lena, ines] = await Promise.all([
    createUser(request, { firstName: 'Tomas', lastName: 'Reyes' }),
    createUser(request, { firstName: 'Lena', lastName: 'Okafor' }),
    createUser(request, { firstName: 'Ines', lastName: 'Duarte' }),
  ]);
  const postId = await createPost(request, author, {
    title: 'Reusing a Victorian warehouse as a school', content: '<p>What did you learn about fire and acoustics?</p>',
    category: 'sustainable-cities-and-communities', subcategory: 'heritage-and-adaptive-reuse',
  });
  await send(request, tomas, '/api/comments', { discussionId: postId, content: '<p>We kept the timber floors and added a sprinkler system.</p>' });
  for (const member of [lena, ines, tomas]) await send(request, member, `/api/discussions/${postId}/like`);
  await send(request, lena, '/api/comments', { discussionId: postId, content: '<p>Acoustic panels under the roof lights worked well for us.</p>' });

  await signIn(page, author);
  await page.setViewportSize(SIZES[0]!);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  // One reply read, so both looks show.
  const first = page.getByRole('link', { name: /Tomas Reyes replied/ });
  const href = await first.getAttribute('href');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await page.goto('/notifications');
  await expect(page.getByRole('link', { name: /liked your post/ })).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    const bell = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `notifications-${size.width}.png`) });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
});
