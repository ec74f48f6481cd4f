/**
 * Compression of JSON answers (ADR 007): which encoding a request accepts, and the compressors. Answers kept in
 * memory are compressed once, harder (answer-cache.ts); every other API answer of 1 KB or more is compressed as it
 * leaves, faster, by the onSend hook below.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Below this, headers outweigh what compression saves. */
export const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `hardest`: a kept page read again (ADR 190), made in the background; `once`: an answer compressed a single time and sent many times is worth more effort; `each`: an answer compressed
 * for every request must stay cheap. Brotli 5 / gzip 6 and brotli 4 / gzip 5 keep most of brotli's ratio on JSON at a
 * fraction of its top levels' cost. A large body is compressed on the libuv pool, off the event loop.
 */
const LEVELS = { hardest: { br: 11, gzip: 9 }, once: { br: 5, gzip: 6 }, each: { br: 4, gzip: 5 } } as const;

/**
 * Up to this size a body is compressed on the event loop, at once (ADR 197). Handing it to the libuv pool costs the
 * event loop two wakeups of a pool thread, and on this project's machines one wakeup cost more than compressing a
 * small answer: a member's notifications (3.7 KB) took 49 µs at brotli 4 on the loop against 160-240 µs of CPU
 * through the pool. At this size the loop is held about 0.15 ms; larger bodies still go to the pool.
 */
export const SYNC_COMPRESS_BYTES = 32 * 1024;

type Effort = keyof typeof LEVELS;

const brotliOptions = (body: Buffer | string, level: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: level,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
  },
});

/** Whether `body` is compressed at once on the event loop: small enough, and not at the hardest (slowest) levels. */
export const compressesAtOnce = (body: Buffer | string, effort: Effort) => effort !== 'hardest' && Buffer.byteLength(body) <= SYNC_COMPRESS_BYTES;

/** Compresses on the event loop: for bodies that `compressesAtOnce` allows. */
export function compressNow(body: Buffer | string, encoding: Encoding, effort: Effort): Buffer {
  const level = LEVELS[effort][encoding];
  return encoding === 'gzip' ? gzipSync(body, { level }) : brotliCompressSync(body, brotliOptions(body, level));
}

/** Compresses a small body at once (`compressesAtOnce`), a larger one (or at the hardest levels) on the libuv pool. */
export function compress(body: Buffer | string, encoding: Encoding, effort: Effort): Promise<Buffer> {
  if (compressesAtOnce(body, effort)) {
    try {
      return Promise.resolve(compressNow(body, encoding, effort));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  const level = LEVELS[effort][encoding];
  return encoding === 'gzip' ? gzipAsync(body, { level }) : brotli(body, brotliOptions(body, level));
}

/**
 * The compressed forms of a kept page, sent many times with no ETag to keep in step (ADR 190). The first request for
 * an encoding gets its `once` form, made at once. A second request starts the `hardest` form in the background (on the
 * libuv pool: 0.1 s for the 97 KB home page, which it brings from 19.6 to 17.4 KB with brotli); until it is made the
 * `once` form is sent, and from then on the hardest. A page read only once costs no more than before.
 */
export class KeptEncodings {
  readonly #forms = new Map<Encoding, { sent: Promise<Buffer>; harder: boolean }>();

  constructor(private readonly body: Buffer) {}

  get(encoding: Encoding): Promise<Buffer> {
    const form = this.#forms.get(encoding);
    if (!form) {
      const sent = compress(this.body, encoding, 'once');
      this.#forms.set(encoding, { sent, harder: false });
      return sent;
    }
    if (!form.harder) {
      form.harder = true;
      // A failure leaves the first form in place.
      compress(this.body, encoding, 'hardest').then((made) => { form.sent = Promise.resolve(made); }, () => undefined);
    }
    return form.sent;
  }
}

/**
 * The encoding to answer with: brotli, else gzip, when the request's Accept-Encoding allows it (a `q=0` refuses;
 * `*` stands for any coding not named), else null for the identity.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: Encoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Adds accept-encoding to the reply's Vary header, keeping whatever else it names. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/\baccept-encoding\b/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
}

/** Whether an answer is JSON of 1 KB or more not yet encoded; if so it varies on Accept-Encoding from here on. */
function compressibleJson(reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (reply.hasHeader('content-encoding') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return false;
  if (!/\bjson\b/.test(String(reply.getHeader('content-type') ?? ''))) return false;
  if (Buffer.byteLength(payload) < MIN_COMPRESSED_BYTES) return false;
  varyOnEncoding(reply);
  return true;
}

/**
 * onSend hook: JSON answers of 1 KB or more leave compressed when the client accepts it, unless already encoded. It takes
 * a callback, not a promise: most answers pass through it untouched (kept answers come compressed, small ones stay as
 * they are), and an async hook would cost each of them a promise and a microtask turn (ADR 177).
 */
export function compressJsonAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void): void {
  const encoding = compressibleJson(reply, payload) ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) {
    done(null, payload);
    return;
  }
  reply.header('content-encoding', encoding).removeHeader('content-length');
  const body = payload as string | Buffer;
  if (!compressesAtOnce(body, 'each')) {
    compress(body, encoding, 'each').then((compressed) => done(null, compressed), (error: Error) => done(error));
    return;
  }
  let compressed: Buffer;
  try {
    compressed = compressNow(body, encoding, 'each');
  } catch (error) {
    done(error as Error);
    return;
  }
  done(null, compressed);
}
