/** Dev aid (not part of `npm run bench`): one Lighthouse mobile run on a URL, with what drives its figures. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '../playwright.config';

const url = process.argv[2]!;
const userDataDir = mkdtempSync(join(tmpdir(), 'sl-lh-'));
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: [...CHROMIUM_ARGS, `--user-data-dir=${userDataDir}`] });
try {
  // SL_TOKEN=<jwt> signs the run in, as the benchmark does for members-only routes.
  const token = process.env.SL_TOKEN;
  if (token) {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    await browser.contexts()[0]!.addCookies([{ name: 'token', value: token, url: new URL(url).origin }]);
    await browser.close();
  }
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: Boolean(token) });
  const lhr = result!.lhr;
  const a = lhr.audits;
  if (lhr.runtimeError) console.log('runtimeError', lhr.runtimeError);
  console.log({
    perf: lhr.categories.performance!.score! * 100,
    a11y: lhr.categories.accessibility!.score! * 100,
    fcp: a['first-contentful-paint']!.numericValue,
    lcp: a['largest-contentful-paint']!.numericValue,
    tbt: a['total-blocking-time']!.numericValue,
    cls: a['cumulative-layout-shift']!.numericValue,
    si: a['speed-index']!.numericValue,
  });
  const show = (id: string) => console.log(id, JSON.stringify((a[id]?.details as { items?: unknown[] })?.items?.slice(0, 6), null, 0)?.slice(0, 4000));
  for (const id of process.argv.slice(3)) show(id);
  for (const [id, audit] of Object.entries(a)) if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable') console.log('FAIL', id, audit.displayValue ?? '');
} finally {
  chrome.kill();
  rmSync(userDataDir, { recursive: true, force: true });
}
