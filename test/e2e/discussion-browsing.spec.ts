/**
 * Finding one's way in the discussion community, in Chromium against the real server: the topic in the URL, threads
 * read ahead of the press, the sign-in guard, replies deeper than six levels, and the phone layout. axe runs on every
 * step.
 */
import { createUser, signIn } from './support/accounts';
import { chooseInSidebar, commentBox, openDiscussion, postCard, unique } from './support/discussion';
import { expect, expectAccessible, test } from './support/fixtures';
import { tabTo } from './support/keyboard';

test('the chosen topic lives in the URL: it survives a reload, the back button returns to the last one, a link opens it', async ({ page, request }) => {
  const tomas = await createUser(request, { firstName: 'Tomas', lastName: 'Topic' });
  await signIn(page, tomas);
  await openDiscussion(page);
  await chooseInSidebar(page, 'SDG 7: Affordable and Clean Energy', 'Heat Pumps and Electrification');
  await expect(page).toHaveURL(/\/discussion\?category=affordable-and-clean-energy&subcategory=heat-pumps$/);
  await chooseInSidebar(page, 'SDG 13: Climate Action', 'Embodied Carbon');
  await expect(page).toHaveURL(/\/discussion\?category=climate-action&subcategory=embodied-carbon$/);

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'SDG 13: Climate Action › Embodied Carbon' })).toBeVisible();
  await expect(page.getByText('Loading discussions...')).toBeHidden();
  await expectAccessible(page, 'topic after a reload');

  await page.goBack();
  await expect(page).toHaveURL(/category=affordable-and-clean-energy&subcategory=heat-pumps$/);
  await expect(page.getByRole('heading', { level: 2, name: 'SDG 7: Affordable and Clean Energy › Heat Pumps and Electrification' })).toBeVisible();
  await expect(page.locator('.topic-select__button').first()).toContainText('SDG 7: Affordable and Clean Energy');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'All discussions' })).toBeVisible();

  // A shared link opens the topic directly.
  await page.goto('/discussion?category=climate-action&subcategory=urban-heat-island');
  await expect(page.getByRole('heading', { level: 2, name: 'SDG 13: Climate Action › Urban Heat Island' })).toBeVisible();
});

test('the pointer or the focus on Comments reads the thread ahead, and the press opens it without asking again', async ({ page, request }) => {
  const ida = await createUser(request, { firstName: 'Ida', lastName: 'Ahead' });
  const auth = { authorization: `Bearer ${ida.token}` };
  const post = async (title: string, comment: string) => {
    const created = await request.post('/api/discussions', {
      headers: auth,
      data: { title, content: '<p>Which planting for a shallow roof?</p>', category: 'life-on-land', subcategory: 'green-roofs-and-walls' },
    });
    const discussionId = (await created.json()).discussion._id as string;
    expect((await request.post('/api/comments', { headers: auth, data: { discussionId, content: `<p>${comment}</p>`, parentCommentId: null } })).ok()).toBe(true);
    return discussionId;
  };
  const byPointer = `Read ahead by pointer ${unique()}`;
  const byFocus = `Read ahead by focus ${unique()}`;
  const pointerId = await post(byPointer, 'Sedum mats need the least substrate.');
  const focusId = await post(byFocus, 'A wildflower mix needs 100 mm at least.');
  const reads: string[] = [];
  page.on('request', (r) => {
    const id = /\/api\/comments\/([^/]+)\/list/.exec(r.url())?.[1];
    if (id) reads.push(id);
  });

  await signIn(page, ida);
  await openDiscussion(page);
  await chooseInSidebar(page, 'SDG 15: Life on Land', 'Green Roofs and Walls');
  // Counted per post: other tests' posts share the topic, and the Tab below passes their buttons too.
  const readsOf = (id: string) => reads.filter((read) => read === id).length;
  expect([readsOf(pointerId), readsOf(focusId)]).toEqual([0, 0]);

  const pointerCard = postCard(page, byPointer);
  await pointerCard.getByRole('button', { name: /^Comments on/ }).hover();
  await expect.poll(() => readsOf(pointerId)).toBe(1);
  await pointerCard.getByRole('button', { name: /^Comments on/ }).click();
  const pointerThread = pointerCard.getByRole('region', { name: `Comments on ${byPointer}` });
  await expect(commentBox(pointerThread, 'Ida Ahead', 'Sedum mats')).toBeVisible();
  await expectAccessible(page, 'thread read ahead by pointer');

  const focusCard = postCard(page, byFocus);
  await tabTo(page, focusCard.getByRole('button', { name: /^Comments on/ }));
  await expect.poll(() => readsOf(focusId)).toBe(1);
  await page.keyboard.press('Enter');
  const focusThread = focusCard.getByRole('region', { name: `Comments on ${byFocus}` });
  await expect(commentBox(focusThread, 'Ida Ahead', 'wildflower mix')).toBeVisible();
  // Each thread was asked for once: the press took what was read ahead.
  expect([readsOf(pointerId), readsOf(focusId)]).toEqual([1, 1]);
  await expectAccessible(page, 'thread read ahead by focus');
});

test('signed out, /discussion sends the visitor to /login', async ({ page }) => {
  await page.goto('/discussion');
  await expect(page).toHaveURL(/\/login\?from=%2Fdiscussion$/);
});

test('replies deeper than six levels stay at the sixth indent, say whom they answer, and fit a 320px screen', async ({ page, request }) => {
  const eve = await createUser(request, { firstName: 'Eve', lastName: 'Deep' });
  const auth = { authorization: `Bearer ${eve.token}` };
  const title = `Deep thread ${unique()}`;
  const created = await request.post('/api/discussions', {
    headers: auth,
    data: { title, content: '<p>How deep can we go?</p>', category: 'life-on-land', subcategory: 'green-roofs-and-walls' },
  });
  const discussionId = (await created.json()).discussion._id as string;
  let parentCommentId: string | null = null;
  for (let level = 0; level <= 8; level++) {
    const res = await request.post('/api/comments', { headers: auth, data: { discussionId, content: `<p>Depth ${level}</p>`, parentCommentId } });
    const answer = (await res.json()) as { comment: { _id: string } };
    parentCommentId = answer.comment._id;
  }

  await signIn(page, eve);
  await openDiscussion(page);
  await chooseInSidebar(page, 'SDG 15: Life on Land', 'Green Roofs and Walls');
  const card = postCard(page, title);
  await card.getByRole('button', { name: /^Comments on/ }).click();
  const thread = card.getByRole('region', { name: `Comments on ${title}` });
  const depth = (n: number) => thread.locator('.comment__body').filter({ hasText: `Depth ${n}` });
  await expect(depth(8)).toBeVisible();
  const x = async (n: number) => (await depth(n).boundingBox())!.x;
  const x0 = await x(0);
  expect(Math.round((await x(6)) - x0)).toBe(6 * 32);
  expect(Math.round((await x(7)) - x0)).toBe(6 * 32);
  expect(Math.round((await x(8)) - x0)).toBe(6 * 32);
  await expect(depth(6).locator('.comment__reply-to')).toHaveCount(0);
  await expect(depth(7).locator('.comment__reply-to')).toHaveText(' · replying to Eve Deep');
  await expectAccessible(page, 'deep thread');

  await page.setViewportSize({ width: 320, height: 800 });
  await expect(depth(8)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect((await depth(8).boundingBox())!.width).toBeGreaterThan(150);
  await expectAccessible(page, 'deep thread at 320px');
});

test('on a phone the 17 goals fold behind one control: Create a Post and the posts come first', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Pham', lastName: 'Phone' });
  await signIn(page, user);
  await page.setViewportSize({ width: 375, height: 812 });
  await openDiscussion(page);
  // The goals are one closed control; Create a Post and the feed's heading are on the first screen.
  await expect(page.getByRole('navigation', { name: 'SDG categories' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create a Post' })).toBeInViewport();
  await expect(page.getByRole('heading', { level: 2, name: 'All discussions' })).toBeInViewport();
  await expectAccessible(page, 'discussion at 375px');
  const fold = page.getByText('Browse the 17 goals');
  await fold.focus();
  await page.keyboard.press('Enter');
  await chooseInSidebar(page, 'SDG 6: Clean Water and Sanitation', 'Rainwater Harvesting');
  await expect(page).toHaveURL(/category=clean-water-and-sanitation&subcategory=rainwater-harvesting/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, 'discussion at 375px, goals open');
});
