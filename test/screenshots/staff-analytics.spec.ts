/**
 * Screenshots of the staff analytics page (issue 36 item 7) at 1280 and 375 px, as a moderator, after a few searches,
 * a post and an enrolment made through the API. The member who posts is an illustrative persona.
 */
import { join } from 'node:path';
import { makeFigures } from '../e2e/support/analytics';
import { expect, test } from '../e2e/support/fixtures';
import { signInAsStaff } from '../e2e/support/staff';

const OUT = join(process.cwd(), 'docs', 'screenshots');
const SIZES = [{ width: 1280, height: 900 }, { width: 375, height: 812 }];

test('staff analytics', async ({ page, request }) => {
  await makeFigures(request, { firstName: 'Illustrative', lastName: 'Persona' });
  await signInAsStaff(page, 'moderator');
  await page.goto('/staff/analytics?days=30');
  await expect(page.locator('.analytics-figure svg[role="img"]')).toHaveCount(5);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `staff-analytics-${size.width}.png`), fullPage: true });
  }
});
