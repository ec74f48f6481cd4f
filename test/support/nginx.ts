/**
 * nginx (Debian's package) as the round-robin proxy in front of several server processes, for tests: installed when
 * missing, started on a free port with its own prefix folder, stopped after. The configuration is the one
 * docs/deploy.md describes for production, with the upstream addresses filled in.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server';

const NGINX = '/usr/sbin/nginx';

/** The proxy part of the configuration (docs/deploy.md): round robin, keep-alive to the instances, the client's address. */
export function proxyConfig(upstreams: string[], listen: string): string {
  return `
  upstream sustainlearn {
${upstreams.map((u) => `    server ${u} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen ${listen};
    client_max_body_size 1m;
    location / {
      proxy_pass http://sustainlearn;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      # Overwrite, never append: the instances trust this proxy's word for the client's address, and only its word.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_read_timeout 30s;
    }
  }`;
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
