/**
 * Times in the viewer's zone (issue 41 item 5), in a browser set to New York: the server words each workshop's time in
 * its series' zone, the zone named; once hydrated, the page shows Eastern time, with the series' wording on hover
 * (the list) or beside it (a session's page). Hydration must not complain: console errors fail the test. axe on each
 * screen, by keyboard from the list to a session.
 */
import { formatDateTimeIn } from '../../src/domain/time-zone';
import { createUser } from './support/accounts';
import { expect, expectAccessible, test } from './support/fixtures';
import { skipToContent, tabTo } from './support/keyboard';
import { memberPage } from './support/member-page';

const NEW_YORK = 'America/New_York';
const SERIES_ZONES = ['Europe/London', 'Europe/Amsterdam', 'America/New_York', 'Australia/Sydney'];

/** The <time> elements of the server's HTML, as it sent them: instant and words. */
function serverTimes(html: string): { iso: string; text: string }[] {
  return [...html.matchAll(/<time datetime="([^"]+)"[^>]*>([^<]*)<\/time>/gi)].map((m) => ({ iso: m[1]!, text: m[2]! }));
}

test("/workshops in New York shows Eastern time, with the series' own on hover", async ({ request, browser }) => {
  const errors: string[] = [];
  const user = await createUser(request, { firstName: 'Nora', lastName: 'Newyork' });
  const page = await memberPage(browser, user, errors, { timezoneId: NEW_YORK });
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(NEW_YORK);

  // The server's page names each series' own zone (it cannot know the viewer's).
  const sent = serverTimes(await (await page.request.get('/workshops')).text());
  expect(sent.length).toBeGreaterThan(0);
  for (const { iso, text } of sent) expect(SERIES_ZONES.map((zone) => formatDateTimeIn(iso, zone))).toContain(text);
  expect(sent.some(({ iso, text }) => text !== formatDateTimeIn(iso, NEW_YORK)), 'a series outside New York').toBe(true);

  await page.goto('/workshops');
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Workshops' })).toBeVisible();
  const times = page.getByTestId('workshop-card').locator('time');
  await expect(times.first()).toHaveText(/ Eastern (Standard|Daylight) Time$/);
  expect(await times.count()).toBe(sent.length);
  for (const [i, { iso, text }] of sent.entries()) {
    const time = times.nth(i);
    await expect(time).toHaveAttribute('datetime', iso);
    await expect(time).toHaveText(formatDateTimeIn(iso, NEW_YORK));
    // The series' own wording stays on hover where it differs.
    if (text === formatDateTimeIn(iso, NEW_YORK)) await expect(time).not.toHaveAttribute('title');
    else await expect(time).toHaveAttribute('title', `${text} for the hosts`);
  }
  await expectAccessible(page, 'workshops in New York');

  // By keyboard to a session whose series meets elsewhere: Eastern time, and the hosts' time beside it.
  const index = sent.findIndex(({ iso, text }) => text !== formatDateTimeIn(iso, NEW_YORK));
  const card = page.getByTestId('workshop-card').nth(index);
  const { iso } = sent[index]!;
  await skipToContent(page);
  await tabTo(page, card.getByRole('link', { name: 'Join Workshop' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/workshops\/[0-9a-f-]{36}$/);
  const when = page.locator('.workshop__facts time');
  await expect(when).toHaveAttribute('datetime', iso);
  await expect(when).toHaveText(formatDateTimeIn(iso, NEW_YORK, { weekday: true }));
  const hosts = SERIES_ZONES.filter((zone) => zone !== NEW_YORK).map((zone) => `(${formatDateTimeIn(iso, zone, { weekday: true })} for the hosts)`);
  const note = (await page.locator('.workshop__facts .workshop__local').innerText()).trim();
  expect(hosts).toContain(note);
  await expectAccessible(page, 'a workshop in New York');

  // Loaded afresh, the session's page hydrates from the server's words to Eastern time without a complaint.
  await page.reload();
  await expect(when).toHaveText(formatDateTimeIn(iso, NEW_YORK, { weekday: true }));
  await expect(page.locator('.workshop__facts .workshop__local')).toHaveText(note);
  await page.context().close();
  expect(errors, 'console errors and CSP violations in New York').toEqual([]);
});
