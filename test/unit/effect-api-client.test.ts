/** The HTTP adapter against a real local HTTP server: the 401 rule, the retry policy, decoding and the read cache. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/application/api-error';
import { MemoryTokenStore, RecordingNavigator } from '../../src/application/testing/fakes';
import { EffectApiClient, MAX_RETRIES } from '../../src/adapters/http/effect-api-client';
import { logout, profile } from '../../src/contract/auth';
import { listArticles, salesBanner } from '../../src/contract/content';
import { submitFeedback } from '../../src/contract/feedback';
import { attemptPdf } from '../../src/contract/quizzes';
import { deleteComment, listComments } from '../../src/contract/comments';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let server: Server;
let baseUrl: string;
let handler: Handler;
const hits: { method: string; url: string; authorization?: string; body: string }[] = [];

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits.length = 0;
});

function client(token: string | null = 'tok-1', readAheadTtlMs?: number) {
  const tokens = new MemoryTokenStore(token);
  const navigator = new RecordingNavigator();
  const api = new EffectApiClient({ baseUrl, retryBaseMs: 5, cacheTtlMs: 60_000, ...(readAheadTtlMs ? { readAheadTtlMs } : {}) }, tokens, navigator);
  return { api, tokens, navigator };
}

const banner = { success: true, data: { text: 'Sale' } };

describe('EffectApiClient', () => {
  it('sends the bearer token and JSON content type, and decodes the answer', async () => {
    handler = (_req, res) => json(res, 200, banner);
    const { api } = client();
    await expect(api.call(salesBanner)).resolves.toEqual(banner);
    expect(hits[0]).toMatchObject({ method: 'GET', url: '/api/sales', authorization: 'Bearer tok-1' });
  });

  it('applies the 401 rule: deletes the token, redirects to /login, and still passes the error on', async () => {
    handler = (_req, res) => json(res, 401, { success: false, message: 'Please sign in to continue' });
    const { api, tokens, navigator } = client();
    let told = 0;
    api.onUnauthorized(() => told++);
    const error = await api.call(profile).catch((e: unknown) => e);
    expect(told).toBe(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Please sign in to continue' });
    expect(tokens.get()).toBeNull();
    expect(navigator.redirects).toEqual(['/login']);
    expect(hits).toHaveLength(1);
  });

  it('sends an explicit token after the stored one is gone (logout), and a 401 to it is not the 401 rule', async () => {
    handler = (_req, res) => json(res, 401, { success: false, message: 'Please sign in to continue' });
    const { api, tokens, navigator } = client(null);
    let told = 0;
    api.onUnauthorized(() => told++);
    await expect(api.call(logout, {}, { token: 'tok-old' })).rejects.toMatchObject({ status: 401 });
    expect(hits[0]).toMatchObject({ method: 'POST', url: '/api/auth/logout', authorization: 'Bearer tok-old' });
    expect(told).toBe(0);
    expect(navigator.redirects).toEqual([]);
    expect(tokens.get()).toBeNull();
  });

  it('retries a GET 3 times on 5xx, then fails with the last error', async () => {
    handler = (_req, res) => json(res, 503, { success: false, message: 'busy' });
    const { api } = client();
    await expect(api.call(salesBanner)).rejects.toMatchObject({ status: 503 });
    expect(hits).toHaveLength(1 + MAX_RETRIES);
  });

  it('recovers when a retry succeeds', async () => {
    let n = 0;
    handler = (_req, res) => (++n < 3 ? json(res, 500, { success: false, message: 'x' }) : json(res, 200, banner));
    const { api } = client();
    await expect(api.call(salesBanner)).resolves.toEqual(banner);
    expect(hits).toHaveLength(3);
  });

  it('retries network errors', async () => {
    let n = 0;
    handler = (req, res) => (++n < 2 ? req.socket.destroy() : json(res, 200, banner));
    const { api } = client();
    await expect(api.call(salesBanner)).resolves.toEqual(banner);
    expect(hits).toHaveLength(2);
  });

  it('never retries a 4xx', async () => {
    handler = (_req, res) => json(res, 404, { success: false, message: 'Article not found' });
    const { api } = client();
    await expect(api.call(listArticles)).rejects.toMatchObject({ kind: 'http', status: 404, message: 'Article not found' });
    expect(hits).toHaveLength(1);
  });

  it('never retries a mutation', async () => {
    handler = (_req, res) => json(res, 500, { success: false, message: 'x' });
    const { api } = client();
    await expect(
      api.call(submitFeedback, { body: { name: 'A', email: 'a@b.co', mobile: '1', feedback: 'hi' } }),
    ).rejects.toMatchObject({ status: 500 });
    expect(hits).toHaveLength(1);
    expect(JSON.parse(hits[0]!.body)).toEqual({ name: 'A', email: 'a@b.co', mobile: '1', feedback: 'hi' });
  });

  it('reports an answer that does not match the contract as a decode error', async () => {
    handler = (_req, res) => json(res, 200, { success: true, data: { nope: 1 } });
    const { api } = client();
    await expect(api.call(salesBanner)).rejects.toMatchObject({ kind: 'decode' });
  });

  it('serves repeated GETs from the cache and drops them after a mutation that changes them', async () => {
    handler = (req, res) =>
      req.method === 'GET' ? json(res, 200, { success: true, articles: [] }) : json(res, 200, { success: true, message: 'ok' });
    const { api } = client();
    await api.call(listArticles);
    await api.call(listArticles);
    expect(hits.filter((h) => h.method === 'GET')).toHaveLength(1);
    await api.call(listArticles, {}, { fresh: true });
    expect(hits.filter((h) => h.method === 'GET')).toHaveLength(2);
    api.clearCache();
    await api.call(listArticles);
    expect(hits.filter((h) => h.method === 'GET')).toHaveLength(3);
  });

  describe('reads ahead (prefetch)', () => {
    const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

    it('reads once for the read ahead and its call, which takes the answer decoded while the read was in flight', async () => {
      handler = (_req, res) => setTimeout(() => json(res, 200, banner), 40);
      const { api } = client();
      const parse = vi.spyOn(salesBanner.response, 'safeParse');
      try {
        api.prefetch(salesBanner);
        await vi.waitFor(() => expect(hits).toHaveLength(1));
        await expect(api.call(salesBanner)).resolves.toEqual(banner);
        expect(hits).toHaveLength(1);
        expect(parse).toHaveBeenCalledTimes(1);
        // Taken once: the next call decodes its own copy of the cached answer, still without a request.
        await expect(api.call(salesBanner)).resolves.toEqual(banner);
        expect(parse).toHaveBeenCalledTimes(2);
        expect(hits).toHaveLength(1);
      } finally {
        parse.mockRestore();
      }
    });

    it('reads ahead of a call made later, and a second read ahead of the same answer asks for nothing', async () => {
      handler = (_req, res) => json(res, 200, banner);
      const { api } = client();
      api.prefetch(salesBanner);
      await vi.waitFor(() => expect(hits).toHaveLength(1));
      await settled();
      api.prefetch(salesBanner);
      await settled();
      await expect(api.call(salesBanner)).resolves.toEqual(banner);
      expect(hits).toHaveLength(1);
    });

    it('answers a later call from the cache it filled, and reads ahead from the cache when it holds the answer', async () => {
      handler = (_req, res) => json(res, 200, banner);
      const { api } = client();
      api.prefetch(salesBanner);
      await api.call(salesBanner);
      await api.call(salesBanner);
      api.prefetch(salesBanner);
      await settled();
      await expect(api.call(salesBanner)).resolves.toEqual(banner);
      expect(hits).toHaveLength(1);
    });

    describe('is not answered from once it may be out of date: the call reads again', () => {
      let text: string;
      beforeEach(() => {
        text = 'Sale';
        handler = (req, res) =>
          req.method === 'GET' ? json(res, 200, { success: true, data: { text }, comments: [] }) : json(res, 200, { success: true, message: 'ok' });
      });

      it('after the signed-in user changed (the cache cleared)', async () => {
        const { api } = client();
        api.prefetch(salesBanner);
        await vi.waitFor(() => expect(hits).toHaveLength(1));
        await settled();
        api.clearCache();
        text = 'Sale ends today';
        await expect(api.call(salesBanner)).resolves.toMatchObject({ data: { text: 'Sale ends today' } });
        expect(hits).toHaveLength(2);
      });

      it('after its time to wait for the call', async () => {
        const { api } = client('tok-1', 60);
        api.prefetch(salesBanner);
        await vi.waitFor(() => expect(hits).toHaveLength(1));
        await new Promise((resolve) => setTimeout(resolve, 90));
        text = 'Sale ends today';
        await expect(api.call(salesBanner)).resolves.toMatchObject({ data: { text: 'Sale ends today' } });
        expect(hits).toHaveLength(2);
      });

      it('after a fresh read of it, whose answer the cache keeps', async () => {
        const { api } = client();
        api.prefetch(salesBanner);
        await vi.waitFor(() => expect(hits).toHaveLength(1));
        await settled();
        text = 'Sale ends today';
        await api.call(salesBanner, {}, { fresh: true });
        await expect(api.call(salesBanner)).resolves.toMatchObject({ data: { text: 'Sale ends today' } });
        expect(hits).toHaveLength(2);
      });

      it('after a mutation that changes it, and only then', async () => {
        const { api } = client();
        api.prefetch(listComments, { params: { id: 'd1' } });
        api.prefetch(salesBanner);
        await vi.waitFor(() => expect(hits).toHaveLength(2));
        await settled();
        await api.call(deleteComment, { params: { id: 'c1' } });
        await api.call(listComments, { params: { id: 'd1' } });
        await api.call(salesBanner);
        const count = (line: string) => hits.filter((h) => `${h.method} ${h.url}` === line).length;
        expect(count('GET /api/comments/d1/list')).toBe(2);
        expect(count('GET /api/sales')).toBe(1);
        expect(hits.at(-1)).toMatchObject({ method: 'GET', url: '/api/comments/d1/list' });
      });
    });

    it('fails silently; its call reads again and reports its own failure', async () => {
      handler = (_req, res) => json(res, 404, { success: false, message: 'Not found' });
      const { api } = client();
      api.prefetch(salesBanner);
      await vi.waitFor(() => expect(hits).toHaveLength(1));
      await settled();
      await expect(api.call(salesBanner)).rejects.toMatchObject({ status: 404, message: 'Not found' });
      expect(hits).toHaveLength(2);
    });

    it('is taken by its call even when that call comes before the read ahead failed', async () => {
      let first = true;
      handler = (_req, res) => {
        if (first) {
          first = false;
          setTimeout(() => json(res, 404, { success: false, message: 'Not found' }), 30);
        } else json(res, 200, banner);
      };
      const { api } = client();
      api.prefetch(salesBanner);
      await vi.waitFor(() => expect(hits).toHaveLength(1));
      await expect(api.call(salesBanner)).resolves.toEqual(banner);
      expect(hits).toHaveLength(2);
    });

    it('reads nothing ahead for a reader whose browser asks to save data', async () => {
      handler = (_req, res) => json(res, 200, banner);
      const { api } = client();
      vi.stubGlobal('navigator', { connection: { saveData: true } });
      try {
        api.prefetch(salesBanner);
        await settled();
        expect(hits).toHaveLength(0);
      } finally {
        vi.unstubAllGlobals();
      }
      await expect(api.call(salesBanner)).resolves.toEqual(banner);
      expect(hits).toHaveLength(1);
    });

    it('never reads ahead a mutation or a file', async () => {
      handler = (_req, res) => json(res, 200, { success: true, message: 'ok' });
      const { api } = client();
      api.prefetch(submitFeedback, { body: { name: 'A', email: 'a@b.co', mobile: '1', feedback: 'hi' } });
      api.prefetch(attemptPdf, { params: { id: 'a1' } });
      await settled();
      expect(hits).toHaveLength(0);
    });
  });
});
