/**
 * JSON answers compressed on their way out (ADR 007, ADR 197): a small answer is compressed at once on the event loop
 * (the hook answers before it returns), a larger one on the libuv pool (the hook answers later); both decode to the
 * answer, in the encoding the request accepts.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { compress, compressesAtOnce, compressJsonAnswer, SYNC_COMPRESS_BYTES } from '../../server/http/compression';

/** A reply's headers, as much of FastifyReply as the hook uses. */
function replyWith(contentType: string) {
  const headers = new Map<string, string>([['content-type', contentType]]);
  const reply = {
    headers,
    hasHeader: (name: string) => headers.has(name),
    getHeader: (name: string) => headers.get(name),
    header(name: string, value: string) {
      headers.set(name, value);
      return reply;
    },
    removeHeader(name: string) {
      headers.delete(name);
      return reply;
    },
  };
  return reply;
}

/** Runs the hook; `atOnce` says whether it answered before returning. */
function send(payload: string, acceptEncoding: string, contentType = 'application/json; charset=utf-8') {
  const reply = replyWith(contentType);
  let atOnce = false;
  let returned = false;
  const answer = new Promise<unknown>((resolve, reject) => {
    const request = { headers: { 'accept-encoding': acceptEncoding } } as unknown as FastifyRequest;
    compressJsonAnswer(request, reply as unknown as FastifyReply, payload, (error, body) => {
      atOnce = !returned;
      if (error) reject(error);
      else resolve(body);
    });
    returned = true;
  });
  return { reply, answer, atOnce: () => atOnce };
}

/** JSON of about `bytes`, varied enough that it does not compress to nothing. */
function json(bytes: number): string {
  const items: unknown[] = [];
  for (let i = 0; JSON.stringify(items).length < bytes; i++) {
    items.push({ id: `n-${(i * 7919).toString(36)}`, kind: i % 3 ? 'reply_post' : 'like_post', seq: 1000 + i, title: `Heat pumps in retrofit ${i % 17}` });
  }
  return JSON.stringify({ success: true, notifications: items });
}

describe('compressJsonAnswer', () => {
  it('compresses a small answer at once, in the encoding accepted, decoding to the answer', async () => {
    const body = json(4_000);
    for (const [accept, encoding, decode] of [['gzip, deflate, br', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync]] as const) {
      const sent = send(body, accept);
      const compressed = (await sent.answer) as Buffer;
      expect(sent.atOnce(), accept).toBe(true);
      expect(sent.reply.headers.get('content-encoding')).toBe(encoding);
      expect(sent.reply.headers.get('vary')).toBe('accept-encoding');
      expect(compressed.length).toBeLessThan(body.length / 3);
      expect(decode(compressed).toString('utf8')).toBe(body);
    }
  });

  it('compresses an answer past the limit on the pool, answering later, decoding to the answer', async () => {
    const body = json(SYNC_COMPRESS_BYTES + 20_000);
    const sent = send(body, 'br');
    expect(sent.atOnce()).toBe(false);
    expect(brotliDecompressSync((await sent.answer) as Buffer).toString('utf8')).toBe(body);
    expect(sent.reply.headers.get('content-encoding')).toBe('br');
  });

  it('leaves alone what is small, not JSON, or not accepted compressed', async () => {
    for (const [payload, accept, type] of [['{"success":true}', 'br', 'application/json'], [json(4_000), 'br', 'text/html'], [json(4_000), 'identity', 'application/json']]) {
      const sent = send(payload!, accept!, type);
      expect(await sent.answer).toBe(payload);
      expect(sent.atOnce()).toBe(true);
      expect(sent.reply.headers.has('content-encoding')).toBe(false);
    }
  });
});

describe('compress', () => {
  it('works at once only up to the limit, and never at the hardest levels', async () => {
    expect(compressesAtOnce(json(4_000), 'each')).toBe(true);
    expect(compressesAtOnce(Buffer.alloc(SYNC_COMPRESS_BYTES), 'once')).toBe(true);
    expect(compressesAtOnce(Buffer.alloc(SYNC_COMPRESS_BYTES + 1), 'each')).toBe(false);
    expect(compressesAtOnce(json(4_000), 'hardest')).toBe(false);
    // A body's forms are the same whichever way they were made.
    const body = json(SYNC_COMPRESS_BYTES - 100);
    const atOnce = await compress(body, 'br', 'each');
    const large = await compress(`${body} `.repeat(2), 'br', 'each');
    expect(brotliDecompressSync(atOnce).toString('utf8')).toBe(body);
    expect(brotliDecompressSync(large).toString('utf8')).toBe(`${body} `.repeat(2));
  });
});
