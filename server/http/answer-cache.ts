/**
 * Serialised GET answers kept in memory (ADRs 006 and 045), sent as they are: pre-serialised JSON, compressed once per
 * kept answer (ADR 007), with a strong ETag so a client holding the same answer gets a 304.
 *
 * Content answers live for CONTENT_CACHE_SECONDS. Community answers (posts, comments) live until the next write that
 * can change any of them (kept.ts), and at most COMMUNITY_MAX_AGE_MS for writes made by other server processes (a
 * minute on PGlite, which has none).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptedEncoding, compress, compressJsonAnswer, type Encoding, MIN_COMPRESSED_BYTES, varyOnEncoding } from './compression';
import { KeptUntilChanged } from './kept';

/** One serialised answer: its bytes, its ETag, its compressed forms (made on first demand) and its variants per viewer. */
export class CachedAnswer {
  readonly body: Buffer;
  /** The answer before serialisation, kept only when variants per viewer are made from it. */
  readonly value: unknown;
  /** The opaque part of the ETag, shared by the encodings of this answer (see `etag`). */
  readonly tag: string;
  readonly #encoded = new Map<Encoding, Promise<Buffer>>();
  #variants: Map<string, CachedAnswer> | undefined;
  /** Bytes of the compressed forms made so far. */
  #madeBytes = 0;

  constructor(value: unknown, keepValue = false) {
    this.body = Buffer.from(JSON.stringify(value));
    this.value = keepValue ? value : undefined;
    this.tag = createHash('sha1').update(this.body).digest('base64url');
  }

  /**
   * What this answer holds, for the caches' bound (ADR 129): its body, its compressed forms, its variants, and the
   * value it keeps for them, counted at twice its JSON (the objects in the heap take more than their text).
   */
  get bytes(): number {
    return this.body.length * (this.value === undefined ? 1 : 3) + this.#madeBytes + (this.#variants ? [...this.#variants.values()].reduce((sum, v) => sum + v.bytes, 0) : 0);
  }

  /** Strong ETags differ per encoding (each is another representation); `matches` compares the shared part. */
  etag(encoding: Encoding | null): string {
    return `"${this.tag}${encoding ? `-${encoding}` : ''}"`;
  }

  /** Whether an If-None-Match header names this answer (in any encoding), by the weak comparison RFC 9110 asks for. */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    return ifNoneMatch.split(',').some((raw) => {
      const tag = raw.trim().replace(/^W\//, '');
      return tag === '*' || tag.replace(/^"|"$/g, '').replace(/-(br|gzip)$/, '') === this.tag;
    });
  }

  encoded(encoding: Encoding): Promise<Buffer> {
    let buffer = this.#encoded.get(encoding);
    if (!buffer) {
      buffer = compress(this.body, encoding, 'once');
      buffer.then((made) => { this.#madeBytes += made.length; }, () => undefined);
      this.#encoded.set(encoding, buffer);
    }
    return buffer;
  }

  /**
   * The answer as one viewer sees it: `personal` returns the viewer's version of the value, or null when the shared
   * one fits them. A variant is kept beside this answer, so it goes stale exactly when the shared answer does.
   */
  variant(viewerId: string, personal: (value: unknown) => unknown): CachedAnswer {
    const kept = this.#variants?.get(viewerId);
    if (kept) return kept;
    const value = personal(this.value);
    if (value === null) return this;
    const made = new CachedAnswer(value);
    this.#variants ??= new Map();
    // A handful of viewers (the authors in a thread) are expected; past that, start over.
    if (this.#variants.size >= 64) this.#variants.clear();
    this.#variants.set(viewerId, made);
    return made;
  }
}

/**
 * Sends a kept answer: 304 when the client already holds it, else the body in the best encoding the client accepts.
 * `private, no-cache`: a browser may keep it but asks each time (the answer is behind a token and may be per viewer).
 */
export async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): Promise<FastifyReply> {
  const compressible = answer.body.length >= MIN_COMPRESSED_BYTES;
  if (compressible) varyOnEncoding(reply);
  const encoding = compressible ? acceptedEncoding(request.headers['accept-encoding']) : null;
  reply.header('etag', answer.etag(encoding)).header('cache-control', 'private, no-cache');
  if (answer.matches(request.headers['if-none-match'])) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(await answer.encoded(encoding));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Content answers by URL, kept for `contentCacheSeconds` (ADR 006). */
    contentAnswers: KeptUntilChanged<CachedAnswer>;
    /** Community answers by URL, kept until the next community write (ADR 045). */
    communityAnswers: KeptUntilChanged<CachedAnswer>;
  }
}

/** Bound on what a write made by another process on the same database can leave stale (ADR 045). */
export const COMMUNITY_MAX_AGE_MS = 1_000;
/**
 * On PGlite the server is the database's only process and sees every write at once: the bound then only covers a
 * write this process failed to mark, and a kept answer is recomputed every half minute instead of twice a second
 * (ADR 105).
 */
export const SOLE_PROCESS_COMMUNITY_MAX_AGE_MS = 60_000;

export function communityMaxAgeMs(database: 'pglite' | 'postgres'): number {
  return database === 'pglite' ? SOLE_PROCESS_COMMUNITY_MAX_AGE_MS : COMMUNITY_MAX_AGE_MS;
}
/**
 * Each cache holds at most this many bytes of answers, everything they hold counted (`CachedAnswer.bytes`): 16 MB keeps
 * every hot answer of the product many times over, and the two caches stay a small part of a process's memory (ADR
 * 129; it was 32 MB of bodies alone, their compressed forms, values and variants uncounted).
 */
const MAX_BYTES = 16 * 1024 * 1024;
const sizeOf = (answer: CachedAnswer) => answer.bytes;

/**
 * Registered once in the API's scope: the two answer caches, and compression of the API's other JSON answers.
 * `now` is the app's clock, so tests can age kept answers; `communityMaxAgeMs` comes from `communityMaxAgeMs()`.
 */
export const apiAnswers = fp<{ now: () => number; communityMaxAgeMs: number }>(async (api: FastifyInstance, { now, communityMaxAgeMs }) => {
  api.decorate('contentAnswers', new KeptUntilChanged({ maxAgeMs: api.contentCacheSeconds * 1000, maxSize: MAX_BYTES, sizeOf, now }));
  api.decorate('communityAnswers', new KeptUntilChanged({ maxAgeMs: communityMaxAgeMs, maxSize: MAX_BYTES, sizeOf, now }));
  api.addHook('onSend', compressJsonAnswer);
});
