/**
 * Screenshots of the staff console (issue 36) at 1280 and 375 px: its home, and the inbox with a few messages. The
 * writers are illustrative personas, and their names say so.
 */
import { join } from 'node:path';
import { expect, test } from '../e2e/support/fixtures';
import { signInAsStaff } from '../e2e/support/staff';

const OUT = join(process.cwd(), 'docs', 'screenshots');
const SIZES = [{ width: 1280, height: 900 }, { width: 375, height: 812 }];

const CONTACT = [
  {
    name: 'Rosa Delgado (illustrative)', email: 'rosa@example.com', phone: '+44 20 7946 0123',
    message: 'Our practice would like ten places on the retrofit workshop in the spring. Can we book them together and pay by invoice?',
  },
  {
    name: 'Kwame Mensah (illustrative)', email: 'kwame@example.org', phone: '+233 30 000 0000',
    message: 'Is the passive design course suitable for students in their first year of architecture, or does it assume some building physics?',
  },
];
const FEEDBACK = {
  name: 'Aiko Tanaka (illustrative)', email: 'aiko@example.net', mobile: '+81 3 0000 0000',
  feedback: 'The embodied carbon quiz was useful. A short glossary of the units (kgCO2e per m2) would help newcomers.',
};

test('staff console home and inbox', async ({ page, request }) => {
  for (const message of CONTACT) expect((await request.post('/api/contact', { data: message })).status()).toBe(200);
  expect((await request.post('/api/feedback', { data: FEEDBACK })).status()).toBe(200);
  await signInAsStaff(page, 'editor');

  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming workshops' })).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `staff-home-${size.width}.png`), fullPage: true });
  }

  await page.setViewportSize(SIZES[0]!);
  await page.goto('/staff/inbox');
  await expect(page.getByRole('article', { name: CONTACT[0]!.name })).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `staff-inbox-${size.width}.png`), fullPage: true });
  }
});
