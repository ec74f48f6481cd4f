/**
 * The server process under stress (issue 11, points 5 and 6): requests that never finish are ended, a SIGTERM answers
 * every request in flight and exits 0 within 5 s with nothing left listening, and HEAD / answers like GET /.
 */
import { request as httpRequest, Agent } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitFeedback } from '../../src/contract/feedback';
import { health } from '../../src/contract/health';
import { type RunningServer, startServer } from '../support/server';
import { urlOf } from './api';
import { dataDirCopy } from './fixture';

const staticDir = mkdtempSync(join(tmpdir(), 'sl-static-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head><script>window.x=1</script></head><body><div id="root"></div></body></html>');

/** Opens a socket and sends `text`, then nothing: resolves with how long the server took to close it. */
function stall(port: number, text: string): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ ms: Date.now() - started, answer }));
    setTimeout(() => reject(new Error('the server kept the connection for 40 s')), 40_000).unref();
  });
}

// Each server starts on a copy of the run's seeded folder (its first-start seeding is not what is tested here).
const dataDirs: string[] = [];
const dataDir = () => {
  dataDirs.push(dataDirCopy());
  return dataDirs.at(-1)!;
};
afterAll(() => {
  for (const dir of [staticDir, ...dataDirs]) rmSync(dir, { recursive: true, force: true });
});

describe('a server process', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ STATIC_DIR: staticDir }, dataDir());
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers HEAD / like GET /, without a body', async () => {
    const get = await fetch(`${server.url}/`);
    const head = await fetch(`${server.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('content-security-policy')).toBe(get.headers.get('content-security-policy'));
    expect(await head.text()).toBe('');
    expect(await get.text()).toContain('<div id="root">');
  });

  it('ends requests that never finish their headers or body, and silent connections, within 30 s', async () => {
    const host = `Host: 127.0.0.1:${server.port}\r\n`;
    const bodyNeverEnds = Array.from({ length: 100 }, () =>
      stall(server.port, `POST ${urlOf(submitFeedback)} HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":`),
    );
    const headersNeverEnd = Array.from({ length: 100 }, () => stall(server.port, `GET ${urlOf(health)} HTTP/1.1\r\n${host}X-Slow: 1`));
    const silent = Array.from({ length: 50 }, () => stall(server.port, ''));
    const results = await Promise.all([...bodyNeverEnds, ...headersNeverEnd, ...silent]);
    const slowest = Math.max(...results.map((r) => r.ms));
    expect(slowest).toBeLessThanOrEqual(30_000);
    // A request whose body stopped coming is told so.
    expect((await bodyNeverEnds[0]!).answer).toMatch(/^HTTP\/1\.1 408/);
  }, 60_000);
});

describe('SIGTERM', () => {
  it('answers every request of 24 keep-alive readers in flight, exits 0 within 5 s and leaves nothing listening', async () => {
    const server = await startServer({ STATIC_DIR: staticDir }, dataDir());
    const path = urlOf(health);
    let stopping = false;
    const failures: string[] = [];
    let answered = 0;
    let answeredAfterSignal = 0;

    /** One reader: requests back to back on one keep-alive connection until the server is gone. */
    const reader = async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (;;) {
          const outcome = await new Promise<'ok' | 'gone' | string>((resolve) => {
            const req = httpRequest({ host: '127.0.0.1', port: server.port, path, agent }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode === 200 ? 'ok' : `status ${res.statusCode}`));
              res.on('error', (error) => resolve(`response ${(error as NodeJS.ErrnoException).code ?? error.message}`));
            });
            // A refused connection means the server stopped listening: this request was never accepted, so none failed.
            req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'gone' : `request ${error.code ?? error.message}`));
            req.end();
          });
          if (outcome === 'gone') return;
          if (outcome === 'ok') {
            answered += 1;
            if (stopping) answeredAfterSignal += 1;
          } else failures.push(outcome);
        }
      } finally {
        agent.destroy();
      }
    };

    const readers = Array.from({ length: 24 }, reader);
    await new Promise((r) => setTimeout(r, 1500));
    const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
      const started = Date.now();
      server.process.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
    });
    stopping = true;
    server.process.kill('SIGTERM');
    await Promise.all(readers);
    const { code, ms } = await exited;
    await server.stop();

    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    // Requests kept arriving on open connections after the signal, and were answered.
    expect(answeredAfterSignal).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(5_000);
    const refused = await fetch(`http://127.0.0.1:${server.port}${path}`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
  }, 90_000);
});
