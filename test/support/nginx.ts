/**
 * nginx (Debian's package) as the round-robin proxy in front of several server processes, for tests: installed when
 * missing, started on a free port with its own prefix folder, stopped after. The configuration is the one compose.yaml
 * ships (deploy/nginx/sustainlearn.conf), with the test's upstream and listen addresses filled in.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server';

const NGINX = '/usr/sbin/nginx';

/** The configuration compose.yaml ships (deploy/nginx/sustainlearn.conf): upstreams app1..app3, listening on 80. */
export const SHIPPED_NGINX_CONF = fileURLToPath(new URL('../../deploy/nginx/sustainlearn.conf', import.meta.url));

/**
 * The shipped proxy configuration with these upstream addresses and this listen address in place of its own: only the
 * `server appN:3000` and `listen 80` lines change, so the tested configuration is the one compose.yaml mounts.
 */
export function proxyConfig(upstreams: string[], listen: string): string {
  const shipped = readFileSync(SHIPPED_NGINX_CONF, 'utf8');
  const servers = /^( *)server app\d+:\d+ max_fails=0;\n/gm;
  const indent = servers.exec(shipped)?.[1];
  if (indent === undefined || !/^ *listen 80;$/m.test(shipped)) throw new Error(`${SHIPPED_NGINX_CONF}: no upstream servers or no 'listen 80;' to fill in`);
  let first = true;
  return shipped
    .replace(servers, () => {
      if (!first) return '';
      first = false;
      return upstreams.map((u) => `${indent}server ${u} max_fails=0;\n`).join('');
    })
    .replace(/^( *)listen 80;$/m, `$1listen ${listen};`);
}

export function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) => execFileSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'nginx']);
}

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

export async function startNginx(upstreamPorts: number[]): Promise<RunningNginx> {
  ensureNginx();
  const prefix = mkdtempSync(join(tmpdir(), 'sl-nginx-'));
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, `
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${proxyConfig(upstreamPorts.map((p) => `127.0.0.1:${p}`), `127.0.0.1:${port}`)}
}
`);
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr} ${existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : ''}`);
    const up = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error('nginx did not answer in 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
