/**
 * The learning library's documents end to end, signed in, at desktop (1280px) and phone (375px) widths: workshops,
 * research papers, newsletters and case studies (the document opened and closed with Escape), with their empty and
 * error states. axe runs on every screen. The courses are in library.spec.ts, the ebooks in library-ebooks.spec.ts.
 */
import { expect, expectAccessible, test } from './support/fixtures';
import { answer, failWith500, forgiveProvoked500s, SERVER_ERROR, signedIn, US_DATE, VIEWPORTS, visit, visitFailing } from './support/library';

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test('workshops: upcoming cards with US dates, duration and Join Workshop leading to the session page; empty and error states', async ({ page, request, consoleErrors }) => {
      const user = await signedIn(page, request, viewport.width, viewport.height);
      const { workshops } = await (await request.get('/api/workshops', { headers: { authorization: `Bearer ${user.token}` } })).json();
      await page.goto('/workshops');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcoming Workshops');
      const cards = page.getByTestId('workshop-card');
      await expect(cards).toHaveCount(workshops.length);
      await expect(cards.getByRole('heading')).toHaveText(workshops.map((w: { title: string }) => w.title));
      await expect(cards.first().locator('time')).toHaveText(US_DATE);
      await expect(cards.first()).toContainText(`${workshops[0].duration} mins`);
      const join = cards.first().getByRole('link', { name: /^Join Workshop/ });
      // The card leads to the session's own page (issue 15), where a member registers; the join link lives there.
      await expect(join).toHaveAttribute('href', `/workshops/${workshops[0]._id}`);
      await expect(join).not.toHaveAttribute('target', /.*/);
      await expectAccessible(page, `workshops ${viewport.name}`);

      await answer(page, '/workshops', 200, { success: true, workshops: [] });
      await visit(page, new URL(page.url()).pathname);
      await expect(page.getByText('No upcoming workshops available')).toBeVisible();
      await expectAccessible(page, `workshops empty ${viewport.name}`);
      await page.unrouteAll();
      await failWith500(page, '/workshops');
      await visitFailing(page, new URL(page.url()).pathname, () => expect(page.getByRole('alert')).toHaveText(`Error: ${SERVER_ERROR}`, { timeout: 300 }));
      await expectAccessible(page, `workshops error ${viewport.name}`);
      forgiveProvoked500s(consoleErrors);
    });

    test('research papers: category, description, date and Download PDF; empty and error states', async ({ page, request, consoleErrors }) => {
      const user = await signedIn(page, request, viewport.width, viewport.height);
      const { researchPapers } = await (await request.get('/api/research-papers', { headers: { authorization: `Bearer ${user.token}` } })).json();
      await page.goto('/research-papers');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Research Papers');
      const cards = page.getByTestId('paper-card');
      await expect(cards).toHaveCount(researchPapers.length);
      await expect(cards.first()).toContainText(researchPapers[0].description);
      await expect(cards.first().locator('time')).toHaveText(US_DATE);
      const download = cards.first().getByRole('link', { name: 'Download PDF' });
      await expect(download).toHaveAttribute('download', /\.pdf$/);
      const downloaded = page.waitForEvent('download');
      await download.click();
      expect((await downloaded).suggestedFilename()).toMatch(/\.pdf$/);
      await expectAccessible(page, `research papers ${viewport.name}`);

      await answer(page, '/research-papers', 200, { success: true, researchPapers: [] });
      await visit(page, new URL(page.url()).pathname);
      await expect(page.getByText('No Research Papers available')).toBeVisible();
      await expectAccessible(page, `research papers empty ${viewport.name}`);
      await page.unrouteAll();
      await failWith500(page, '/research-papers');
      await visitFailing(page, new URL(page.url()).pathname, () => expect(page.getByRole('alert')).toHaveText(`Error: ${SERVER_ERROR}`, { timeout: 300 }));
      forgiveProvoked500s(consoleErrors);
    });

    test('newsletters: description, date and Read Newsletter; empty and error states', async ({ page, request }) => {
      const user = await signedIn(page, request, viewport.width, viewport.height);
      const { newsletters } = await (await request.get('/api/newsletters', { headers: { authorization: `Bearer ${user.token}` } })).json();
      await page.goto('/newsletters');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsletters');
      const cards = page.getByTestId('newsletter-card');
      await expect(cards).toHaveCount(newsletters.length);
      await expect(cards.getByRole('heading')).toHaveText(newsletters.map((n: { title: string }) => n.title));
      await expect(cards.first().locator('time')).toHaveText(US_DATE);
      await expect(cards.first().getByRole('link', { name: /^Read Newsletter/ })).toHaveAttribute('href', newsletters[0].fileUrl);
      await expectAccessible(page, `newsletters ${viewport.name}`);

      await answer(page, '/newsletters', 200, { success: true, newsletters: [] });
      await visit(page, new URL(page.url()).pathname);
      await expect(page.getByText('No newsletters available')).toBeVisible();
      await expectAccessible(page, `newsletters empty ${viewport.name}`);
      await page.unrouteAll();
      await answer(page, '/newsletters', 200, { success: true, newsletters: [{ title: 'no id' }] });
      await visit(page, new URL(page.url()).pathname);
      await expect(page.getByRole('alert')).toHaveText(/^Error: Unexpected response format from server/);
    });

    test('case studies: featured hero and cards; Read Here opens the document, Escape closes it, focus returns', async ({ page, request }) => {
      const user = await signedIn(page, request, viewport.width, viewport.height);
      const auth = { authorization: `Bearer ${user.token}` };
      const { caseStudies } = await (await request.get('/api/case-studies', { headers: auth })).json();
      const { caseStudy: featured } = await (await request.get('/api/case-studies/featured', { headers: auth })).json();
      await page.goto('/case-studies');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Case Studies');
      const hero = page.getByTestId('featured-case-study');
      await expect(hero.getByRole('heading', { level: 2 })).toHaveText(featured.title);
      await expect(page.getByTestId('case-study-card')).toHaveCount(caseStudies.length - 1);
      // A teaching composite says so on its hero and its card, not only inside the document (ADR 153).
      // Every seeded case study is one (test/unit/bylines.test.ts).
      await expect(hero.getByTestId('illustrative-label')).toHaveText('Illustrative composite');
      await expect(page.getByTestId('case-study-card').getByTestId('illustrative-label')).toHaveText(Array(caseStudies.length - 1).fill('Illustrative composite'));
      await expectAccessible(page, `case studies ${viewport.name}`);

      const card = page.getByTestId('case-study-card').first();
      const title = await card.getByRole('heading').textContent();
      const read = card.getByRole('button', { name: 'Read Here' });
      await read.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title! });
      await expect(dialog).toBeVisible();
      const study = caseStudies.find((c: { title: string }) => c.title === title);
      await expect(dialog.getByRole('link', { name: /Open the PDF/ })).toHaveAttribute('href', study.documentUrl);
      await expectAccessible(page, `case study document ${viewport.name}`);
      if (viewport.width <= 768) {
        // The phone's viewer fits the page to the width, and zooms by its toolbar, by keyboard (issue 41 item 10).
        const firstPage = dialog.locator('canvas[data-page="1"]');
        await expect(firstPage).toBeVisible();
        const fitted = (await firstPage.boundingBox())!.width;
        const level = dialog.locator('.pdf-pages__level');
        await expect(level).toHaveText('100%');
        await dialog.getByRole('button', { name: 'Zoom in' }).focus();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Enter');
        await expect(level).toHaveText('150%');
        await expect.poll(async () => (await firstPage.boundingBox())?.width ?? 0).toBeGreaterThan(fitted * 1.4);
        await page.keyboard.press('ArrowRight');
        await expect(dialog.getByRole('button', { name: 'Fit to width' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(level).toHaveText('100%');
        await expect.poll(async () => (await firstPage.boundingBox())?.width ?? 0).toBeLessThan(fitted * 1.05);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(read).toBeFocused();

      // The hero's button too, by mouse; the close button closes it.
      await hero.getByRole('button', { name: 'Read Here' }).click();
      const heroDialog = page.getByRole('dialog', { name: featured.title });
      await expect(heroDialog).toBeVisible();
      await heroDialog.getByRole('button', { name: 'Close' }).click();
      await expect(heroDialog).toBeHidden();
      await expect(hero.getByRole('button', { name: 'Read Here' })).toBeFocused();
    });

    test('case studies: empty and error states', async ({ page, request, consoleErrors }) => {
      await signedIn(page, request, viewport.width, viewport.height);
      await answer(page, '/case-studies', 200, { success: true, caseStudies: [] });
      await answer(page, '/case-studies/featured', 404, { success: false, message: 'No featured case study' });
      await visit(page, '/case-studies');
      await expect(page.getByText('No case studies available')).toBeVisible();
      await expectAccessible(page, `case studies empty ${viewport.name}`);
      await page.unrouteAll();
      await failWith500(page, '/case-studies');
      await visitFailing(page, new URL(page.url()).pathname, () => expect(page.getByRole('alert')).toHaveText(`Error: ${SERVER_ERROR}`, { timeout: 300 }));
      await expectAccessible(page, `case studies error ${viewport.name}`);
      forgiveProvoked500s(consoleErrors);
    });
  });
}
