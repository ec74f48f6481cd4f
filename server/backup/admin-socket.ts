/**
 * PGlite is one process's database: another process cannot open DATA_DIR while the server runs. So the server answers
 * backups itself on a Unix socket in DATA_DIR (ADR 144), private like everything there (the folder is 0700, the socket
 * 0600): `npm run backup` writes "backup" and reads "OK <bytes>" and the tarball, or "ERR <reason>".
 */
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';

export const ADMIN_SOCKET = 'admin.sock';
/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, ADMIN_SOCKET);
}

export interface AdminSocket {
  close(): Promise<void>;
}

/** Listens for backup requests; null when DATA_DIR's path is too long for a socket (backups then need a stopped server). */
export async function serveBackups(dataDir: string, dump: () => Promise<Blob>, onError: (error: unknown) => void): Promise<AdminSocket | null> {
  const path = adminSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) return null;
  // A socket left by a process that did not stop cleanly; this process owns DATA_DIR now (PGlite opened it).
  if (existsSync(path)) unlinkSync(path);
  const server: Server = createServer((connection) => {
    let asked = '';
    connection.setEncoding('utf8');
    connection.on('error', () => connection.destroy());
    connection.on('data', (chunk: string) => {
      asked += chunk;
      if (!asked.includes('\n')) {
        if (asked.length > 64) connection.end('ERR unknown request\n');
        return;
      }
      connection.removeAllListeners('data');
      if (asked.trim() !== 'backup') {
        connection.end('ERR unknown request\n');
        return;
      }
      dump()
        .then(async (blob) => {
          const bytes = Buffer.from(await blob.arrayBuffer());
          connection.write(`OK ${bytes.length}\n`);
          connection.end(bytes);
        })
        .catch((error: unknown) => {
          onError(error);
          connection.end(`ERR ${error instanceof Error ? error.message : String(error)}\n`);
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return {
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      if (existsSync(path)) unlinkSync(path);
    }),
  };
}
