// `npm start`: build the SPA when it is missing or older than its sources, then run the server on its embedded defaults.
// `npm start` sets MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072 (ADR 129); glibc reads them when the process
// starts, so they cannot be set from here: a process started by other means gets them from its environment (docs/deploy.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const index = 'dist/index.html';
const stale = !existsSync(index) || statSync(index).mtimeMs < Math.max(newest('src'), statSync('rspack.config.ts').mtimeMs);
if (stale) {
  console.log('Building the SPA...');
  const build = spawnSync('npx', ['rspack', 'build', '--config', 'rspack.config.ts'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The server runs in this process (not a child), so a signal to `npm start` reaches it and nothing is left behind.
const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
