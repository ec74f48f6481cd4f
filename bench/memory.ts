/**
 * Server memory. RSS is read from /proc; it swings by a quarter between runs of the same code, because nothing makes
 * the server collect before a sample. The budget is therefore read from the live JS heap: the bench starts the server
 * with its inspector on a free local port, and `liveHeapMb` asks V8 to collect garbage (twice) before reading the
 * heap's used size. What still grows after that is kept by something.
 */
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** The `NODE_OPTIONS` that open a server's inspector on `port`, bound to loopback. */
export const inspectorOption = (port: number) => `--inspect=127.0.0.1:${port}`;

/** The server's live JS heap in MB, after full collections, read over the inspector on `port`. */
export async function liveHeapMb(port: number): Promise<number> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 0;
  const call = <T>(method: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++next;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: T; error?: { message: string } };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result as T);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const { usedSize } = await call<{ usedSize: number }>('Runtime.getHeapUsage');
    return usedSize / 1024 / 1024;
  } finally {
    socket.close();
  }
}
