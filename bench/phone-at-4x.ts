/**
 * What the main-thread dev aids share (long-tasks.ts, main-thread.mts, layout-causes.mts): Debian's Chromium, and a
 * fresh phone-sized context with its CPU slowed four times, as Lighthouse's mobile preset takes it.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright';
import { CHROMIUM_ARGS } from '../playwright.config';

// biome-ignore lint/suspicious/noExplicitAny: a trace event's arguments are free-form, each kind its own
export interface TraceEvent { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; id?: string; args: Record<string, any> }

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** A page in a context of its own, 412 × 823 px, at 4x CPU. */
export async function phonePageAt4x(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}
