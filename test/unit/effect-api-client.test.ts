/** The HTTP adapter against a real local HTTP server: the 401 rule, the retry policy, decoding and the read cache. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/application/api-error';
import { MemoryTokenStore, RecordingNavigator } from '../../src/application/testing/fakes';
import { EffectApiClient, MAX_RETRIES } from '../../src/adapters/http/effect-api-client';
import { logout, profile } from '../../src/contract/auth';
import { listArticles, salesBanner } from '../../src/contract/content';
import { submitFeedback } from '../../src/contract/feedback';

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

function client(token: string | null = 'tok-1') {
  const tokens = new MemoryTokenStore(token);
  const navigator = new RecordingNavigator();
  const api = new EffectApiClient({ baseUrl, retryBaseMs: 5, cacheTtlMs: 60_000 }, tokens, navigator);
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
});
