/**
 * What the main-thread dev aids share (long-tasks.ts, main-thread.mts, layout-causes.mts): Debian's Chromium, and a
 * fresh phone-sized context with its CPU slowed four times, as Lighthouse's mobile preset takes it.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright';
import { CHROMIUM_ARGS } from '../playwright.config';

// biome-ignore lint/suspicious/noExplicitAny: a trace event's arguments are free-form, each kind its own
export interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; id?: string; args: Record<string, any> }

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

export const LIGHTHOUSE_PHONE_UA = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

/** A page in a context of its own, 412 × 823 px, at 4x CPU; `SL_TOKEN=<jwt>` and `SL_ORIGIN` sign it in. */
export async function phonePageAt4x(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  // As Lighthouse's phone asks for pages: its user agent and Chromium's mobile hint, so the server draws for a phone (ADR 185).
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, userAgent: LIGHTHOUSE_PHONE_UA, extraHTTPHeaders: { 'sec-ch-ua-mobile': '?1' } });
  const token = process.env.SL_TOKEN;
  if (token) await context.addCookies([{ name: 'token', value: token, url: process.env.SL_ORIGIN ?? 'http://127.0.0.1:4102' }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}
