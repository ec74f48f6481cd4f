/**
 * Every screen answered rendered (ADR 100): the page bundle draws the route for the member named by the token cookie
 * (or for nobody), fetching its data from this same server in-process; the answer is the whole document, with the
 * data the browser hydrates from. A members' page asked for by nobody answers the redirect to /login itself.
 * Pages drawn for nobody are kept, compressed, until content or the community changes, or `pageMaxAgeMs` passes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_QUERY_PARAMETERS, type RenderFetch } from '../../src/contract/page-render';
import { type ScreenGuess, screenGuessOf } from '../../src/domain/screen';
import { escapeMarkup } from '../../src/domain/text';
import { type ThemeChoice, themeChoiceOf } from '../../src/domain/theme';
import { safeReturnPath } from '../../src/domain/return-path';
import type { PageBundle } from '../render/page-bundle';
import { pageDocument } from '../render/page-document';
import { SOLE_PROCESS_COMMUNITY_MAX_AGE_MS } from './answer-cache';
import { acceptedEncoding, compress, type Encoding, KeptEncodings, MIN_COMPRESSED_BYTES, varyOnEncoding } from './compression';
import { refusalOf } from './errors';
import { KeptUntilChanged } from './kept';
import { TOKEN_COOKIE, tokenOf } from './session-cookie';

/** The page's head, from what the server knows of the URL (title, description, canonical, Open Graph, JSON-LD). */
export type HeadOf = (url: URL) => Promise<{ tags: string; status: number }>;


const MAX_KEPT_BYTES = 32 * 1024 * 1024;

/**
 * How long a page drawn for nobody may be kept without a change being heard (ADR 109).
 * - PostgreSQL: CONTENT_CACHE_SECONDS, since another process's content import reaches this one by a notice that could be lost.
 * - PGlite: no other process can open the database, so content cannot change while the server runs, and every
 *   community write is marked here. The page is kept as long as community answers are there (ADR 105): a minute.
 * - CONTENT_CACHE_SECONDS=0 turns keeping off on both.
 */
export function pageMaxAgeMs(database: 'pglite' | 'postgres', contentCacheSeconds: number): number {
  if (contentCacheSeconds <= 0) return 0;
  const configured = contentCacheSeconds * 1000;
  return database === 'pglite' ? Math.max(configured, SOLE_PROCESS_COMMUNITY_MAX_AGE_MS) : configured;
}

/** A document ready to send: its bytes and, made on first demand, its compressed forms. */
class RenderedPage {
  readonly #kept: KeptEncodings;
  constructor(
    readonly status: number,
    readonly body: Buffer,
    readonly redirect: string | null,
    readonly signedIn: boolean,
  ) {
    this.#kept = new KeptEncodings(body);
  }

  /** A member's page is drawn for one request and compressed fast; a visitor's is kept, and compressed harder. */
  encoded(encoding: Encoding, kept: boolean): Promise<Buffer> {
    return kept ? this.#kept.get(encoding) : compress(this.body, encoding, 'each');
  }
}


/**
 * A visitor's URL as the pages read it: the path and only the query parameters a screen reads, in one form. Any other
 * parameter (`/?x=N`, a campaign tag) neither makes a new kept page nor a new render (ADR 125).
 */
export function visitorUrlOf(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = new URLSearchParams(url.slice(mark + 1));
  const read = new URLSearchParams();
  for (const name of PAGE_QUERY_PARAMETERS) {
    const value = query.get(name);
    if (value !== null) read.set(name, value);
  }
  const text = read.toString();
  return text ? `${url.slice(0, mark)}?${text}` : url.slice(0, mark);
}

/** What drawing a page may be refused by before it starts: the address's read budget, the database's queue. */
export interface PageGuards {
  /** Counts a page drawn for a visitor against the address's budget; throws a `too-many` DomainError past it. */
  visitorPage(address: string): void;
  /** Admits the request to the database queue; throws DatabaseBusy when it is full. */
  admit(): void;
}

/** What a page is drawn for besides its URL and member: the theme cookie's choice and the screen guessed. */
interface DrawnFor {
  theme: ThemeChoice;
  screen: ScreenGuess;
}

/** The screen a request's browser most likely has (ADR 185): Chromium's mobile hint, or the user agent. */
function screenOf(request: FastifyRequest): ScreenGuess {
  const hint = request.headers['sec-ch-ua-mobile'];
  return screenGuessOf({ mobileHint: typeof hint === 'string' ? hint : undefined, userAgent: request.headers['user-agent'] });
}

const REFUSED_PAGE = (message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>SustainLearn</title></head><body><main><h1>Please try again in a moment</h1><p>${escapeMarkup(message)}</p></main></body></html>`;

export class PageAnswers {
  readonly #kept: KeptUntilChanged<RenderedPage>;

  constructor(
    private readonly app: FastifyInstance,
    private readonly bundle: PageBundle,
    private readonly headOf: HeadOf | null,
    private readonly options: { publicUrl: string; maxAgeMs: number; now: () => number; guards?: PageGuards },
  ) {
    this.#kept = new KeptUntilChanged({
      maxAgeMs: options.maxAgeMs,
      maxSize: MAX_KEPT_BYTES,
      sizeOf: (page) => page.body.length,
      now: options.now,
    });
  }

  /** Counts each kept-page lookup (ADR 143). */
  countLookups(counted: (hit: boolean) => void): void {
    this.#kept.counted = counted;
  }

  /**
   * Draws the home page for nobody, for a desktop and for a phone (ADR 185), so the first visitor after a start does not
   * pay for loading the render's own libraries (jsdom for the sanitizer, the first compile of each view). Failures only
   * cost that head start.
   */
  async warm(): Promise<void> {
    for (const hint of ['?0', '?1']) {
      try {
        await this.app.inject({ method: 'GET', url: '/', headers: { 'sec-ch-ua-mobile': hint } });
      } catch {
        // The next request draws the page anyway.
      }
    }
  }

  /** Content or the community changed: pages drawn from them are drawn again. */
  changed(): void {
    this.#kept.changed();
  }

  async answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const token = tokenOf(request.headers.cookie);
    const theme = themeChoiceOf(request.headers.cookie);
    const screen = screenOf(request);
    let page: RenderedPage;
    try {
      page = token ? await this.render(request, request.url, token, { theme, screen }) : await this.visitorPage(request, { theme, screen });
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      // Refused before any work: said in a page, with when to come back (ADR 125).
      return reply.status(refusal.status).header('retry-after', String(refusal.retryAfterSeconds)).header('cache-control', 'no-store')
        .type('text/html; charset=utf-8').send(REFUSED_PAGE(refusal.message));
    }
    if (token && !page.signedIn) {
      // A token that names nobody (expired, revoked) is dropped, as the browser would after a 401.
      reply.header('set-cookie', `${TOKEN_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`);
    }
    reply.header('cache-control', token ? 'private, no-cache' : 'no-cache').header('vary', 'cookie, sec-ch-ua-mobile');
    // Whatever the page asked for, the answer stays on this site and its Location is plain ASCII (ADR 124).
    if (page.redirect) return reply.redirect(safeReturnPath(page.redirect), 302);
    reply.status(page.status).type('text/html; charset=utf-8');
    if (request.method === 'HEAD') return reply.send();
    const encoding = page.body.length >= MIN_COMPRESSED_BYTES ? acceptedEncoding(request.headers['accept-encoding']) : null;
    varyOnEncoding(reply);
    if (!encoding) return reply.send(page.body);
    return reply.header('content-encoding', encoding).send(await page.encoded(encoding, !token));
  }

  /**
   * A page for nobody: kept by its visitor URL, the theme chosen (ADR 165: the theme controls are drawn showing it) and
   * the screen guessed (ADR 185); one not kept counts against the address's budget before it is drawn.
   */
  private visitorPage(request: FastifyRequest, drawnFor: DrawnFor): Promise<RenderedPage> {
    const url = visitorUrlOf(request.url);
    const key = `${drawnFor.theme}:${drawnFor.screen}:${url}`;
    if (!this.#kept.holds(key)) this.options.guards?.visitorPage(request.ip);
    return this.#kept.get(key, () => this.render(request, url, null, drawnFor));
  }

  private async render(request: FastifyRequest, path: string, token: string | null, { theme, screen }: DrawnFor): Promise<RenderedPage> {
    this.options.guards?.admit();
    const url = new URL(path, this.options.publicUrl);
    const [result, head] = await Promise.all([
      this.bundle.renderer.render({ url: path, token, theme, screen, fetch: this.fetchFor(request) }),
      this.headOf ? this.headOf(url) : Promise.resolve(null),
    ]);
    const status = result.status === 200 && head && head.status !== 200 ? head.status : result.status;
    const html = result.redirect ? '' : pageDocument(this.bundle, { head: head?.tags ?? null, html: result.html, data: result.data, page: result.page, pathname: url.pathname, theme });
    return new RenderedPage(status, Buffer.from(html), result.redirect, result.signedIn);
  }

  /** The API answered in-process, as the browser would be answered from this address. */
  private fetchFor(request: FastifyRequest): RenderFetch {
    return async (url, init) => {
      const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).filter(([name]) => name !== 'content-type' || init.body));
      const res = await this.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: { ...headers, 'user-agent': request.headers['user-agent'] ?? '' },
        remoteAddress: request.ip,
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const empty = res.statusCode === 204 || res.statusCode === 304;
      return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers: responseHeaders });
    };
  }
}
