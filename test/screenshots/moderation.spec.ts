/**
 * Screenshots of the moderation queue (issue 37, ADR 149) at 1280 and 375 px: a post reported by two members, a
 * comment reported with a note, and a new member's post with a link waiting for approval. The writers are
 * illustrative personas, and their names say so.
 */
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { createUser, type TestUser } from '../e2e/support/accounts';
import { expect, test } from '../e2e/support/fixtures';
import { signInAsStaff } from '../e2e/support/staff';

const OUT = join(process.cwd(), 'docs', 'screenshots');
const SIZES = [{ width: 1280, height: 900 }, { width: 375, height: 812 }];
const TOPIC = { category: 'climate-action', subcategory: 'embodied-carbon' };

async function call(request: APIRequestContext, who: TestUser, path: string, data: unknown) {
  const res = await request.post(`/api${path}`, { headers: { authorization: `Bearer ${who.token}` }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test('the moderation queue', async ({ page, request }) => {
  const [rosa, kwame, aiko, noor] = await Promise.all([
    createUser(request, { firstName: 'Rosa', lastName: 'Delgado (illustrative)' }),
    createUser(request, { firstName: 'Kwame', lastName: 'Mensah (illustrative)' }),
    createUser(request, { firstName: 'Aiko', lastName: 'Tanaka (illustrative)' }),
    createUser(request, { firstName: 'Noor', lastName: 'Salim (illustrative)' }),
  ]);
  const claim = await call(request, rosa, '/discussions', {
    title: 'Timber frames are always carbon negative', content: '<p>Whatever happens at the end of life, a timber frame stores more carbon than it costs.</p>', ...TOPIC,
  });
  await call(request, kwame, '/reports', { targetType: 'discussion', targetId: claim.discussion._id, reason: 'no_source' });
  await call(request, aiko, '/reports', { targetType: 'discussion', targetId: claim.discussion._id, reason: 'sensational' });
  const question = await call(request, kwame, '/discussions', { title: 'Heat pumps in Victorian terraces', content: '<p>What flow temperatures have worked for you?</p>', ...TOPIC });
  const comment = await call(request, rosa, '/comments', { discussionId: question.discussion._id, content: '<p>Our firm installs them: call us for a quote this week.</p>' });
  await call(request, kwame, '/reports', { targetType: 'comment', targetId: comment.comment._id, reason: 'other', note: 'An advert for a firm, outside the designated areas.' });
  await call(request, noor, '/discussions', {
    title: 'An EPD library for glulam', content: '<p>This <a href="https://example.org/epd">collection of EPDs</a> lists glulam by manufacturer.</p>', ...TOPIC,
  });

  await signInAsStaff(page, 'moderator');
  await page.goto('/staff/moderation');
  await expect(page.getByRole('article', { name: 'Post: An EPD library for glulam' }).first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(OUT, `moderation-queue-${size.width}.png`), fullPage: true });
  }
});
