/**
 * Authoring the library and the home page in the staff console (issue 38, ADR 167), by keyboard with axe on every
 * screen: an editor uploads a research paper's PDF, picks its category, previews it as its library card, publishes it,
 * and a member finds it in the library; an editor publishes a sales banner (on a server of its own, since the run's
 * other tests read the banner) and a visitor sees it on the home page until it is unpublished.
 */
import PDFDocument from 'pdfkit';
import { createUser } from './support/accounts';
import { expect, expectAccessible, recordPageErrors, test } from './support/fixtures';
import { chooserFromEnter, tabTo } from './support/keyboard';
import { memberPage } from './support/member-page';
import { startPrivateServer } from './support/public-site';
import { signInAsStaff } from './support/staff';

/** A real two-page PDF, as an editor's would be. */
const pdf = (pages: string[]) => new Promise<Buffer>((resolve, reject) => {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.on('end', () => resolve(Buffer.concat(chunks)));
  doc.on('error', reject);
  for (const text of pages) doc.addPage().fontSize(14).text(text);
  doc.end();
});

test('an editor uploads a research paper, previews and publishes it, and a member finds it in the library', async ({ page, browser, request, consoleErrors }, testInfo) => {
  test.setTimeout(240_000);
  const stamp = `${testInfo.workerIndex}-${Date.now()}`;
  const title = `Heat pump sizing in retrofit (${stamp})`;
  await signInAsStaff(page, 'editor');
  await page.goto('/staff/content/research-papers');
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Research papers', selected: true })).toBeVisible();
  await expectAccessible(page, 'the research papers list');

  await tabTo(page, page.getByRole('link', { name: 'New research paper' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New research paper' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Document' });
  await tabTo(page, form.getByLabel('Title'));
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`heat-pump-sizing-${stamp}`);
  await tabTo(page, form.getByLabel('Description'));
  await page.keyboard.type('Room-by-room heat loss first, then a heat pump sized to it, not to the old boiler.');
  // The category picker (react-aria Select), by keyboard: open it, move to Energy, choose it.
  await tabTo(page, form.getByRole('button', { name: /Category/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Energy' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('button', { name: /Category/ })).toContainText('Energy');
  // The PDF is uploaded in place, its file chooser opened by keyboard.
  await tabTo(page, form.getByRole('button', { name: 'Upload the PDF' }));
  await (await chooserFromEnter(page)).setFiles({
    name: 'heat-pump-sizing.pdf', mimeType: 'application/pdf',
    buffer: await pdf(['Heat loss is calculated room by room.', 'A heat pump sized to the heat loss runs at lower flow temperatures.']),
  });
  // pdf.js reads the PDF on the server (and its pages' text): slower than a picture on a busy machine.
  await expect(form.getByLabel('PDF', { exact: true })).toHaveValue(/^\/files\/documents\/[0-9a-f]+\.pdf$/, { timeout: 60_000 });
  await expectAccessible(page, 'the research paper editor');

  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status:')).toContainText('Draft');

  // Preview: the paper's card as the library draws it.
  await tabTo(page, page.getByRole('link', { name: 'Preview' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Preview: this is how the page will look once published.')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(page, 'the research paper preview');
  await tabTo(page, page.getByRole('link', { name: 'Back to the editor' }));
  await page.keyboard.press('Enter');

  await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status:')).toContainText('Published');
  await expect(page.getByRole('link', { name: 'View the live page' })).toHaveAttribute('href', '/research-papers');

  // The list finds it by its words and its status, both chosen by keyboard (the status is a react-aria Select).
  await page.goto('/staff/content/research-papers');
  const filters = page.getByRole('form', { name: 'Find content' });
  const findBy = async (status: string) => {
    await tabTo(page, filters.getByRole('button', { name: /Status/ }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    // From the top of the list, down to the status (the list opens at the one chosen before).
    await page.keyboard.press('Home');
    for (let i = 0; i < 4 && !(await page.getByRole('option', { name: status }).evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(page.getByRole('option', { name: status })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(filters.getByRole('button', { name: /Status/ })).toContainText(status);
    await tabTo(page, filters.getByRole('button', { name: 'Show' }));
    await page.keyboard.press('Enter');
  };
  await tabTo(page, filters.getByLabel('Search'));
  await page.keyboard.type(stamp);
  await findBy('Published');
  await expect(page).toHaveURL(/[?&]status=published/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page, 'the list filtered by status');
  await findBy('Draft');
  await expect(page).toHaveURL(/[?&]status=draft/);
  await expect(page.getByText('Nothing matches. Try another search or status.')).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);

  const reader = await memberPage(browser, await createUser(request, { firstName: 'Rhea', lastName: 'Reader' }), consoleErrors);
  await reader.goto('/research-papers');
  await expect(reader.getByRole('heading', { name: title })).toBeVisible();
  await expectAccessible(reader, 'the research papers page with the new paper');
  await reader.context().close();
});

test('an editor publishes a sales banner, a visitor sees it on the home page, and it goes when unpublished', async ({ page, browser, consoleErrors }) => {
  // Starting a server of its own takes a while on a busy machine.
  test.setTimeout(300_000);
  // A server of its own: the run's other tests read the banner of the shared one.
  const server = await startPrivateServer();
  try {
    const text = 'Autumn workshops are open: whole life carbon in practice, every Thursday.';
    await signInAsStaff(page, 'editor', server.url);
    await page.goto(`${server.url}/staff/content/banner`);
    await expect(page.getByRole('tab', { name: 'Sales banner', selected: true })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'New banner' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'New banner' })).toBeVisible();
    await tabTo(page, page.getByRole('form', { name: 'Sales banner' }).getByLabel('Banner text'));
    await page.keyboard.type(text);
    await expectAccessible(page, 'the banner editor');
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Status:')).toContainText('Draft');
    await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Status:')).toContainText('Published');

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    recordPageErrors(visitor, consoleErrors);
    await visitor.goto(`${server.url}/`);
    await expect(visitor.getByTestId('sales-banner')).toHaveText(text);

    await tabTo(page, page.getByRole('button', { name: 'Unpublish' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Status:')).toContainText('Archived');
    await visitor.reload();
    await expect(visitor.getByTestId('sales-banner')).toBeVisible();
    await expect(visitor.getByTestId('sales-banner')).not.toHaveText(text);
    await expectAccessible(visitor, 'the home page after the banner is unpublished');
    await visitorContext.close();
  } finally {
    // Off the private server first, so nothing of the page asks a stopped server.
    await page.goto('about:blank');
    await server.dispose();
  }
});
