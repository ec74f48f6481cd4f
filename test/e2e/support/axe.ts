/**
 * axe-core's run as `@axe-core/playwright`'s `AxeBuilder.analyze()` makes it (`runPartial` in the page and in each of
 * its frames, then `finishRun` away from the page), at less cost a check (ADR 154):
 *
 * - axe's source (half a megabyte) is evaluated in a document only when that document does not hold it yet; a second
 *   check of the same screen reuses it (`AxeBuilder` evaluated it again each time: about 150 ms);
 * - `finishRun` runs in one blank page kept for the worker's browser, in a context of its own, instead of a new page
 *   opened in the test's context, loaded with axe and closed for each check (about 750 ms each);
 * - the partial results (up to 650 kB on a long page) and the final ones cross between Node and the browser as JSON
 *   text, which the browser writes and reads natively: as objects, Playwright's own serialiser took a second or more
 *   each way on such a page.
 *
 * The rules, the frames reached (each same-origin frame's partial result, a frame that cannot be reached counted as
 * untested, as AxeBuilder does) and the results are the same.
 */
import axe, { type AxeResults, type RunOptions } from 'axe-core';
import type { Browser, BrowserContext, Frame, Page } from '@playwright/test';

/** The options axe gets in every frame: the same allowed origins and branding AxeBuilder configures. */
const CONFIGURE = `;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;
/** axe's source and its options, evaluated in a frame that does not hold axe yet. */
const SOURCE = `${axe.source}\n${CONFIGURE}`;

/**
 * The path, on the run's server, of axe's source as a file: the global setup writes it into the SPA's folder, which the
 * server serves. A `<script>` loading it costs a new document 40-130 ms, against about 280 ms for the source evaluated
 * over the protocol: the browser keeps the file and the code V8 compiled from it, where an evaluated half megabyte is
 * sent, parsed and compiled again in every document.
 */
export const AXE_FILE = `/e2e-axe-${axe.version}.js`;

/** Whether `frame` is a page of the run's server, where AXE_FILE is. */
function servedHere(frame: Frame): boolean {
  const base = process.env.E2E_BASE_URL;
  return !!base && URL.canParse(frame.url()) && new URL(frame.url()).origin === new URL(base).origin;
}

/**
 * Loads axe into `frame` unless this version is there already (asking costs a round trip, not half a megabyte): by a
 * `<script>` of AXE_FILE on the run's server (removed once run), else (another origin, offline, or the file refused) by
 * evaluating its source.
 */
async function load(frame: Frame): Promise<void> {
  const held = await frame.evaluate((version) => (window as unknown as { axe?: { version: string } }).axe?.version === version, axe.version);
  if (held) return;
  const loaded = servedHere(frame) && await frame.evaluate((src) => new Promise<boolean>((resolve) => {
    // Offline, the file cannot come: the source is evaluated instead.
    if (!navigator.onLine) return resolve(false);
    const script = document.createElement('script');
    script.src = src;
    const settle = (ok: boolean) => () => {
      script.remove();
      resolve(ok);
    };
    script.onload = settle(true);
    script.onerror = settle(false);
    (document.head ?? document.documentElement).append(script);
  }), AXE_FILE);
  await frame.evaluate(loaded ? CONFIGURE : SOURCE);
}

const finishers = new WeakMap<Browser | BrowserContext, Promise<Page>>();

/** The blank page where partial results are put together: one per browser (so per worker), made on first use. */
async function finisher(page: Page): Promise<Page> {
  const owner: Browser | BrowserContext = page.context().browser() ?? page.context();
  const kept = finishers.get(owner);
  if (kept) {
    const blank = await kept.catch(() => null);
    if (blank && !blank.isClosed()) return blank;
  }
  const made = (async () => {
    const context = 'newContext' in owner ? await owner.newContext() : owner;
    const blank = await context.newPage();
    await load(blank.mainFrame());
    return blank;
  })();
  finishers.set(owner, made);
  return made;
}

async function inject(frame: Frame): Promise<void> {
  // AxeBuilder gives a frame a second to take axe's source.
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Script Timeout')), 1000);
  });
  try {
    await Promise.race([load(frame), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type Context = { include: unknown[]; exclude: unknown[] } | unknown;

/** A frame's partial result as JSON text, or `null` for a frame not tested. */
type Partial = string | null;

/**
 * `runPartial` in `frame` and, depth first, in each of its frames: the list `finishRun` wants (a frame whose part
 * failed is `null`, and so are the frames inside it).
 */
async function partials(frame: Frame, context: Context, options: RunOptions, top: boolean): Promise<Partial[]> {
  const frameContexts = await frame.evaluate(
    (ctx) => (window as unknown as { axe: typeof axe }).axe.utils.getFrameContexts(ctx as never),
    context,
  );
  const own = frame.evaluate(
    async ([ctx, opts]) => JSON.stringify(await (window as unknown as { axe: typeof axe }).axe.runPartial(ctx as never, opts as RunOptions)),
    [context, options] as const,
  );
  own.catch(() => undefined);
  const children: Promise<Partial[]>[] = [];
  for (const { frameSelector, frameContext } of frameContexts) {
    const child = (async () => {
      const handle = await frame.evaluateHandle(
        (selector) => (window as unknown as { axe: typeof axe }).axe.utils.shadowSelect(selector as never),
        frameSelector,
      );
      const childFrame = await handle.asElement()?.contentFrame();
      if (!childFrame) return [null];
      await inject(childFrame);
      return partials(childFrame, frameContext, options, false);
    })().catch((): Partial[] => [null]);
    // Started in order, as AxeBuilder does, before the next frame is looked at.
    await child.catch(() => undefined);
    children.push(child);
  }
  try {
    const mine = await own;
    return [mine, ...(await Promise.all(children)).flat(1)];
  } catch (error) {
    if (top) throw error;
    return [null];
  }
}

/** axe on the page as it stands, with `options` (e.g. `runOnly` by tag). */
export async function analyze(page: Page, options: RunOptions): Promise<AxeResults> {
  await load(page.mainFrame());
  // A page without frames to reach (most screens): `axe.run` in the page gives what `runPartial` then `finishRun`
  // give, in one round trip and without the partial result's trip out and back in (ADR 191).
  const whole = await page.mainFrame().evaluate(async ([ctx, opts]) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    if (inPage.utils.getFrameContexts(ctx as never).length > 0) return null;
    return JSON.stringify(await inPage.run(ctx as never, opts as RunOptions));
  }, [{ include: [], exclude: [] }, options] as const);
  if (whole !== null) return JSON.parse(whole) as AxeResults;
  const parts = await partials(page.mainFrame(), { include: [], exclude: [] }, options, true);
  const blank = await finisher(page);
  const text = await blank.evaluate(
    async ([p, o]) => JSON.stringify(await (window as unknown as { axe: typeof axe }).axe.finishRun(JSON.parse(p), o as RunOptions)),
    [`[${parts.map((part) => part ?? 'null').join(',')}]`, options] as const,
  );
  return JSON.parse(text) as AxeResults;
}
