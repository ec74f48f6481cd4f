/** Lighthouse (mobile preset, its default) on each route, median of N runs; signed-in routes carry the token cookie. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '../playwright.config';
import { figure, type Figure } from './stats';

export interface PageLoad {
  route: string;
  signedIn: boolean;
  performance: Figure;
  lcp: Figure;
  tbt: Figure;
  cls: Figure;
  accessibility: Figure;
}

export async function benchPageLoads(
  baseUrl: string,
  routes: { path: string; signedIn: boolean }[],
  token: string,
  runs: number,
): Promise<PageLoad[]> {
  const out: PageLoad[] = [];
  for (const route of routes) {
    const samples = { performance: [] as number[], lcp: [] as number[], tbt: [] as number[], cls: [] as number[], accessibility: [] as number[] };
    // A run whose trace Lighthouse could not record (NO_NAVSTART, seen now and then with Chromium 156) is run again,
    // up to twice per route, instead of leaving the route with fewer figures.
    let retries = 2;
    for (let i = 0; i < runs; i++) {
      const userDataDir = mkdtempSync(join(tmpdir(), 'sl-lh-'));
      const chrome = await launch({
        chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        chromeFlags: [...CHROMIUM_ARGS, `--user-data-dir=${userDataDir}`],
      });
      try {
        if (route.signedIn) {
          const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
          await browser.contexts()[0]!.addCookies([{ name: 'token', value: token, url: baseUrl }]);
          await browser.close();
        }
        const result = await lighthouse(
          `${baseUrl}${route.path}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: route.signedIn },
        );
        const lhr = result!.lhr;
        if (lhr.runtimeError?.code === 'NO_NAVSTART' && retries > 0) {
          retries--;
          i--;
          continue;
        }
        if (lhr.runtimeError) {
          // A failed run (no LCP seen, the page never settled) scores 0: it is counted as failed, not as a figure.
          console.warn(`lighthouse ${route.path} run ${i + 1} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          for (const list of Object.values(samples)) list.push(Number.NaN);
          continue;
        }
        samples.performance.push((lhr.categories.performance?.score ?? 0) * 100);
        samples.accessibility.push((lhr.categories.accessibility?.score ?? 0) * 100);
        samples.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
        samples.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
        samples.cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
      } finally {
        chrome.kill();
        rmSync(userDataDir, { recursive: true, force: true });
      }
    }
    out.push({
      route: route.path,
      signedIn: route.signedIn,
      performance: figure(samples.performance),
      lcp: figure(samples.lcp),
      tbt: figure(samples.tbt),
      cls: figure(samples.cls),
      accessibility: figure(samples.accessibility),
    });
  }
  return out;
}
