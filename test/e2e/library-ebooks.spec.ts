/**
 * The library's ebooks end to end, signed in, at desktop and phone widths: file name, size, upload date and 'View'
 * opening the PDF in a new tab, with the empty and error states; axe on every screen. In the full browser (ADR 180):
 * its PDF viewer shows the file in the tab, where the headless shell the other files run in downloads it.
 */
import { IN_FULL_BROWSER } from '../../playwright.config';
import { expect, expectAccessible, test } from './support/fixtures';
import { answer, signedIn, US_DATE, VIEWPORTS, visit } from './support/library';

test.use(IN_FULL_BROWSER);

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test('ebooks: file name, size, upload date and View in a new tab; empty and error states', async ({ page, request }) => {
      const user = await signedIn(page, request, viewport.width, viewport.height);
      const { ebooks } = await (await request.get('/api/ebooks', { headers: { authorization: `Bearer ${user.token}` } })).json();
      await page.goto('/ebook');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('eBooks');
      const cards = page.getByTestId('ebook-card');
      await expect(cards).toHaveCount(ebooks.length);
      const first = cards.first();
      await expect(first).toContainText(ebooks[0].filename);
      await expect(first).toContainText(/\d+ KB/);
      await expect(first.locator('time')).toHaveText(US_DATE);
      const view = first.getByRole('link', { name: /^View/ });
      await expect(view).toHaveAccessibleName('View (PDF, opens in a new tab)');
      await expect(view).toHaveAttribute('target', '_blank');
      const popup = page.waitForEvent('popup');
      await view.click();
      const tab = await popup;
      expect(tab.url()).toMatch(new RegExp(`${ebooks[0].fileUrl}$`));
      await tab.close();
      // The file is for members (issue 41 item 3): with the member's session it is served, without it refused.
      expect((await request.get(ebooks[0].fileUrl)).status()).toBe(401);
      const pdf = await request.get(ebooks[0].fileUrl, { headers: { authorization: `Bearer ${user.token}` } });
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect(Number(pdf.headers()['content-length'])).toBe(ebooks[0].size);
      await expectAccessible(page, `ebooks ${viewport.name}`);

      await answer(page, '/ebooks', 200, { success: true, ebooks: [] });
      await visit(page, new URL(page.url()).pathname);
      await expect(page.getByText('No ebooks available')).toBeVisible();
      await expectAccessible(page, `ebooks empty ${viewport.name}`);
      await page.unrouteAll();
      await answer(page, '/ebooks', 403, { success: false, message: 'Ebooks are for members' });
      await visit(page, new URL(page.url()).pathname);
      await expect(page.getByRole('alert')).toHaveText('Error: Ebooks are for members');
      await expectAccessible(page, `ebooks error ${viewport.name}`);
    });
  });
}
