/**
 * Dev aid (not part of `npm run bench`): loads a URL as Lighthouse's phone asks for it and logs every React commit
 * with the components rendered in it, which of their hooks changed (primitive values, and whether the hook is a
 * `useSyncExternalStore`), and whether the commit was synchronous (its stack holds `performSyncWorkOnRoot`). Ends with
 * the count of components rendered synchronously (ADR 194). It installs a React DevTools hook before the page's code
 * runs. Names and the synchronous mark need a build whose minifier keeps function names (SWC's `mangle: false`,
 * `keep_fnames`), served by the server under test.
 * Usage: npx tsx bench/hydration-renders.ts URL [--quiet]   (SL_TOKEN=<jwt> signs in)
 */
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '../playwright.config';
import { LIGHTHOUSE_PHONE_UA } from './phone-at-4x';

interface Commit { ms: number; sync: boolean; count: number; rendered: string }

/** Runs in the page: a DevTools hook that walks the fiber tree on each commit (written as a string: no bundler helpers). */
const HOOK = `(() => {
  const commits = []; const seen = new WeakMap();
  window.__slCommits = commits;
  const nameOf = (type) => typeof type === 'function' ? (type.displayName || type.name)
    : (type.displayName || type.render?.displayName || type.render?.name || type.type?.name || '?');
  const hooksChanged = (hook, before) => {
    let why = '';
    for (let i = 0; hook && typeof hook === 'object' && 'next' in hook; hook = hook.next, before = before && before.next, i++) {
      if (!before || hook.memoizedState === before.memoizedState) continue;
      const value = hook.memoizedState;
      if (typeof value === 'object' && value !== null) continue;
      why += ' h' + i + ':' + String(before.memoizedState).slice(0, 15) + '->' + String(value).slice(0, 15) + (hook.queue && hook.queue.getSnapshot ? ' (store)' : '');
    }
    return why;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { return 1; },
    onScheduleFiberRoot() {}, onPostCommitFiberRoot() {}, onCommitFiberUnmount() {}, checkDCE() {},
    onCommitFiberRoot(_id, root) {
      const names = new Map();
      let count = 0;
      const walk = (fiber) => {
        for (; fiber; fiber = fiber.sibling) {
          let record = seen.get(fiber) || (fiber.alternate && seen.get(fiber.alternate));
          const mounted = !record;
          record = record || {};
          const rendered = !mounted && (record.props !== fiber.memoizedProps || record.state !== fiber.memoizedState);
          if ((mounted || rendered) && fiber.type && typeof fiber.type !== 'string') {
            const why = rendered ? (record.props !== fiber.memoizedProps ? ' props' : '') + hooksChanged(fiber.memoizedState, record.state) : '';
            const key = (mounted ? '+' : '') + nameOf(fiber.type) + (why ? '[' + why.trim() + ']' : '');
            names.set(key, (names.get(key) || 0) + 1);
            count++;
          }
          record.props = fiber.memoizedProps;
          record.state = fiber.memoizedState;
          seen.set(fiber, record);
          if (fiber.alternate) seen.set(fiber.alternate, record);
          walk(fiber.child);
        }
      };
      walk(root.current.child);
      Error.stackTraceLimit = 200;
      const sync = /performSyncWorkOnRoot/.test(new Error().stack);
      const rendered = [...names].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, n]) => k + ' x' + n).join(', ');
      commits.push({ ms: Math.round(performance.now()), sync, count, rendered });
    },
  };
})()`;

const url = process.argv[2]!;
const quiet = process.argv.includes('--quiet');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, userAgent: LIGHTHOUSE_PHONE_UA, extraHTTPHeaders: { 'sec-ch-ua-mobile': '?1' } });
  const token = process.env.SL_TOKEN;
  if (token) await context.addCookies([{ name: 'token', value: token, url: new URL(url).origin }]);
  const page = await context.newPage();
  await page.addInitScript({ content: HOOK });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(5000);
  const commits = await page.evaluate(() => (window as unknown as { __slCommits: Commit[] }).__slCommits);
  if (!quiet) for (const c of commits) console.log(`${String(c.ms).padStart(6)} ms ${c.sync ? 'sync      ' : 'concurrent'} ${String(c.count).padStart(4)}  ${c.rendered}`);
  const sync = commits.filter((c) => c.sync);
  console.log(`${commits.length} commits; rendered synchronously: ${sync.reduce((n, c) => n + c.count, 0)} components in ${sync.length} commits; otherwise ${commits.filter((c) => !c.sync).reduce((n, c) => n + c.count, 0)}`);
} finally {
  await browser.close();
}
