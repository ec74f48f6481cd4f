import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '../playwright.config';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: CHROMIUM_ARGS });
for (const hint of ['?1', '?0']) {
  const c = await b.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'sec-ch-ua-mobile': hint }, serviceWorkers: 'block' });
  await c.addCookies([{ name: 'token', value: process.env.SL_TOKEN!, url: 'http://127.0.0.1:4102' }]);
  const p = await c.newPage();
  await p.goto('http://127.0.0.1:4102/discussion');
  await p.waitForFunction(() => document.documentElement.dataset.live !== undefined);
  await p.waitForTimeout(1500);
  const r = await new AxeBuilder({ page: p }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  console.log(hint, JSON.stringify(r.violations.map((v) => [v.id, v.nodes.map((n) => [n.target.join(' '), n.failureSummary])]), null, 1).slice(0, 3000));
  await c.close();
}
await b.close();
