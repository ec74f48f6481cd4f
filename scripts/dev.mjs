// `npm run dev`: the API server on :3000 and the rspack dev server with hot reload on :5173, proxying /api, /files, /media.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, STATIC_DIR: './dist-dev-none' } }),
  spawn('npx', ['rspack', 'serve', '--config', 'rspack.config.ts'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exit(code ?? 0); });
