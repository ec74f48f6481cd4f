/**
 * The public site on servers of its own: the empty states on an empty database, and the feedback form stored, then
 * lists and feedback failing once the test stops the server. axe runs on every screen.
 */
import { desc } from 'drizzle-orm';
import { feedback } from '../../server/data/schema';
import { expect, expectAccessible, test } from './support/fixtures';
import { allowConsoleErrors, DESKTOP, MOBILE, type PrivateServer, startPrivateServer } from './support/public-site';

test.describe('empty states on an empty database', () => {
  let server: PrivateServer;
  test.beforeAll(async () => {
    server = await startPrivateServer({ empty: true });
  });
  test.afterAll(async () => server?.dispose());

  test('home, articles and an article say so in the words of the spec', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/`);
    await expect(page.getByText('No slides available at the moment.')).toBeVisible();
    await expect(page.getByText('No articles available at the moment. Please check back later.')).toBeVisible();
    await expect(page.getByTestId('sales-banner')).toHaveCount(0);
    await expectAccessible(page, 'home, empty');

    await page.goto(`${server.url}/articles`);
    await expect(page.getByRole('tab', { name: 'Carbon' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No articles found in this category')).toBeVisible();
    await expect(page.locator('.featured')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Circular Economy' }).click();
    await expect(page.getByText('No articles found in this category')).toBeVisible();
    await expectAccessible(page, 'articles, empty');

    await page.setViewportSize(MOBILE);
    await page.goto(`${server.url}/articles/carbon--embodied-carbon-hidden-half`);
    await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
  });
});

test.describe('feedback and error states on a server that the test stops', () => {
  let server: PrivateServer;
  test.beforeAll(async () => {
    server = await startPrivateServer();
  });
  test.afterAll(async () => server?.dispose());

  test("feedback is stored ('Submitting...', toast); with the server gone lists show 'Error: ' and feedback fails", async ({ page, consoleErrors }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/`);
    const form = page.getByRole('form', { name: 'Tell us what you think' });
    const fill = async (name: string) => {
      await form.getByRole('textbox', { name: 'Name' }).fill(name);
      await form.getByRole('textbox', { name: 'Email' }).fill('priya@example.com');
      await form.getByRole('textbox', { name: 'Mobile' }).fill('+91 98765 43210');
      await form.getByRole('textbox', { name: 'Feedback' }).fill('A course on passive cooling for hot climates, please.');
    };
    await fill('Priya Nair');
    // Hold the answer a moment so the busy state can be seen; the request itself reaches the real server.
    await page.route('**/api/feedback', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await expect(page.getByText('Form submitted successfully!')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await page.unroute('**/api/feedback');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Learning' }).click();
    await page.getByRole('menuitem', { name: 'Articles/Blogs' }).click();
    await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(4);

    await server.stop();
    await page.getByRole('tab', { name: 'Energy' }).click();
    await expect(page.getByRole('tabpanel').getByRole('alert')).toHaveText(/^Error: .+/, { timeout: 20_000 });
    await expectAccessible(page, 'articles, server stopped');

    await page.getByRole('link', { name: 'SustainLearn home' }).click();
    await fill('Second Try');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Failed to submit form!')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Second Try');

    const rows = await server.readDatabase((db) => db.select().from(feedback).orderBy(desc(feedback.createdAt)));
    expect(rows.map(({ name, email, mobile, feedback: text }) => ({ name, email, mobile, text }))).toEqual([
      { name: 'Priya Nair', email: 'priya@example.com', mobile: '+91 98765 43210', text: 'A course on passive cooling for hot climates, please.' },
    ]);
    // The page's loads retried after the server went (the home page's lists among them) would log more refusals
    // after this point: the page closes first, so the refusals counted are all there will be.
    await page.close();
    expect(allowConsoleErrors(consoleErrors, /ERR_CONNECTION_REFUSED/)).toBeGreaterThan(0);
  });
});
