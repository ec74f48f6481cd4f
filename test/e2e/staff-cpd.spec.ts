/**
 * Reports to the bodies (issue 39 item 6) and a transcript's public page (item 5), end to end by keyboard with axe on
 * every screen: an editor sees a seeded completion ready for AIA CES (support/cpd.ts), exports it (the file has its
 * row) and sees it leave the list; anyone opens the transcript's verification page, which names no email.
 */
import { readFileSync } from 'node:fs';
import { expect, expectAccessible, test } from './support/fixtures';
import { skipToContent, tabTo } from './support/keyboard';
import { CPD_COURSE_NUMBER, CPD_LEARNER, CPD_TRANSCRIPT_CODE } from './support/cpd';
import { signInAsStaff } from './support/staff';

test('an editor sees a completion ready for AIA CES and exports it, by keyboard', async ({ page }, testInfo) => {
  await signInAsStaff(page, 'editor');
  await page.goto('/staff/cpd');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports to the bodies' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: CPD_LEARNER.aiaNumber });
  await expect(row.getByRole('rowheader')).toContainText(`${CPD_LEARNER.firstName} ${CPD_LEARNER.lastName}`);
  await expect(row).toContainText(`Course number ${CPD_COURSE_NUMBER}`);
  await expect(row).toContainText(/\d+ business days? left|Due today/);
  await expectAccessible(page, 'staff CPD reports');

  await skipToContent(page);
  await tabTo(page, page.getByRole('button', { name: 'Export for AIA CES' }));
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^aia-ces-completions-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = testInfo.outputPath('aia.csv');
  await download.saveAs(file);
  const csv = readFileSync(file, 'utf8');
  expect(csv).toContain(`"${CPD_LEARNER.aiaNumber}","${CPD_COURSE_NUMBER}"`);
  expect(csv).toContain('"LU|HSW"');
  await expect(page.getByRole('row').filter({ hasText: CPD_LEARNER.aiaNumber })).toHaveCount(0);
  // The export machine's words stay in the live region while the list is drawn anew.
  await expect(page.getByRole('status').filter({ hasText: 'Exported 1 completion: they are marked reported.' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Export for AIA CES' })).toBeDisabled();
  await expectAccessible(page, 'staff CPD reports after the export');
});

test('a transcript verifies on its public page, with no email', async ({ page }) => {
  await page.goto(`/transcripts/${CPD_TRANSCRIPT_CODE}`);
  await expect(page.getByRole('heading', { level: 1, name: `${CPD_LEARNER.firstName} ${CPD_LEARNER.lastName}` })).toBeVisible();
  await expect(page.getByText('AIA CES', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: CPD_COURSE_NUMBER })).toHaveCount(1);
  // The footer has the site's contact address; the transcript itself names no email.
  await expect(page.getByRole('main')).not.toContainText('@');
  expect(await page.content()).not.toContain(CPD_LEARNER.email);
  await expectAccessible(page, 'transcript verification');
});
