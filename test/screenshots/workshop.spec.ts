/** Screenshots of a workshop session's page (issue 15) at 1280 and 375 px, for a registered member. */
import { join } from 'node:path';
import { createUser, signIn } from '../e2e/support/accounts';
import { expect, test } from '../e2e/support/fixtures';

const OUT = join(process.cwd(), 'docs', 'screenshots');

test('workshop', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Imani', lastName: 'Osei' });
  const list = await request.get('/api/workshops', { headers: { authorization: `Bearer ${user.token}` } });
  const { workshops } = (await list.json()) as { workshops: { _id: string }[] };
  const id = workshops[0]!._id;
  await request.post(`/api/workshops/${id}/registration`, { headers: { authorization: `Bearer ${user.token}` } });
  await signIn(page, user);
  await page.goto(`/workshops/${id}`);
  await expect(page.getByText('You are registered.', { exact: true })).toBeVisible();
  for (const size of [{ width: 1280, height: 900 }, { width: 375, height: 812 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `workshop-${size.width}.png`), fullPage: true });
  }
});
