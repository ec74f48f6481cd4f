/**
 * Issue 40 item 6: the container. No image can be pulled on this machine (ADR 151), so the Dockerfile is linted
 * (dockerfile-utils, the validator behind the VS Code Docker extension) and its promises are checked here: two
 * stages, Node 20 slim, production dependencies only, a non-root user, a health check; compose.yaml runs three
 * processes of it read-only on one PostgreSQL behind the nginx configuration the cluster test runs.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { proxyConfig, SHIPPED_NGINX_CONF } from '../support/nginx';

const root = join(import.meta.dirname, '../..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** The instructions of each stage, continuation lines joined, comments dropped. */
function stages(text: string): Instruction[][] {
  const lines = text.replace(/\\\n\s*/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const result: Instruction[][] = [];
  for (const line of lines) {
    const [keyword, ...rest] = line.split(/\s+/);
    const instruction = { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    if (instruction.keyword === 'FROM') result.push([]);
    result.at(-1)?.push(instruction);
  }
  return result;
}

describe('the Dockerfile', () => {
  const [build, runtime] = stages(dockerfile);
  const final = runtime ?? [];
  const args = (keyword: string) => final.filter((i) => i.keyword === keyword).map((i) => i.args);

  it('passes the linter, which does find a broken one', () => {
    expect(validate(dockerfile)).toEqual([]);
    expect(validate('FROM node:20-slim\nRUNN npm ci\nEXPOSE port\n').length).toBeGreaterThan(0);
  });

  it('builds in one stage and runs from a second, both on Node 20 slim', () => {
    expect(stages(dockerfile)).toHaveLength(2);
    expect(build?.[0]?.args).toMatch(/^node:20\.\d+-\w+-slim AS build$/);
    expect(final[0]?.args).toMatch(/^node:20\.\d+-\w+-slim AS runtime$/);
    expect(build?.some((i) => i.keyword === 'RUN' && i.args.includes('npm run build'))).toBe(true);
  });

  it('installs only the production dependencies in the final stage, and takes the built SPA from the first', () => {
    expect(args('RUN').some((a) => /npm ci .*--omit=dev/.test(a))).toBe(true);
    expect(args('RUN').some((a) => /npm ci(?!.*--omit=dev)/.test(a))).toBe(false);
    expect(args('COPY')).toContain('--from=build /app/dist ./dist');
  });

  it('copies what exists, and everything the server imports', () => {
    for (const copy of args('COPY').filter((a) => !a.startsWith('--from'))) {
      for (const source of copy.split(' ').slice(0, -1)) expect(existsSync(join(root, source)), source).toBe(true);
    }
    const copied = args('COPY').map((a) => a.split(' ')[0]);
    // The server reaches into src for the contract and the domain only (the layer rules say so; this keeps the image whole).
    const reached = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts')) for (const m of readFileSync(path, 'utf8').matchAll(/from '(?:\.\.\/)+src\/(\w+)\//g)) reached.add(`src/${m[1]}`);
      }
    };
    walk(join(root, 'server'));
    expect([...reached].sort()).toEqual(['src/contract', 'src/domain']);
    for (const folder of reached) expect(copied).toContain(folder);
  });

  it('runs as a user other than root, with a health check, writing only to DATA_DIR', () => {
    const user = args('USER');
    expect(user).toHaveLength(1);
    expect(user[0]).not.toMatch(/^(root|0)$/);
    expect(args('HEALTHCHECK')[0]).toContain('/api/health');
    expect(args('ENV').join(' ')).toContain('DATA_DIR=/data');
    expect(args('VOLUME')).toEqual(['["/data"]']);
    expect(args('CMD')[0]).toMatch(/^\[/);
  });
});

describe('compose.yaml', () => {
  const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, { image?: string; build?: string; read_only?: boolean; tmpfs?: string[]; volumes?: string[]; environment?: Record<string, string>; ports?: string[] }>;
  };
  const apps = Object.entries(compose.services).filter(([, s]) => s.build === '.');

  it('runs three processes of the image, read-only apart from /data and /tmp, on the PostgreSQL beside them', () => {
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2', 'app3']);
    for (const [, app] of apps) {
      expect(app.read_only).toBe(true);
      expect(app.tmpfs).toEqual(['/tmp']);
      expect(app.volumes?.map((v) => v.split(':')[1])).toEqual(['/data']);
      expect(app.environment?.DATABASE_URL).toMatch(/@db:5432\//);
      expect(app.environment?.TRUST_PROXY).toBeTruthy();
      expect(app.ports).toBeUndefined();
    }
    expect(compose.services.db?.image).toMatch(/^postgres:/);
  });

  it("puts nginx in front with the configuration the cluster test runs, naming exactly the three processes", () => {
    const nginx = compose.services.nginx!;
    expect(nginx.volumes).toContain('./deploy/nginx/sustainlearn.conf:/etc/nginx/conf.d/default.conf:ro');
    const shipped = readFileSync(SHIPPED_NGINX_CONF, 'utf8');
    const port = /PORT=(\d+)/.exec(dockerfile)?.[1];
    expect([...shipped.matchAll(/server (app\d+):(\d+) max_fails/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual(apps.map(([name]) => `${name}:${port}`));
    // The test's copy differs only in its addresses.
    const tested = proxyConfig(['127.0.0.1:1', '127.0.0.1:2', '127.0.0.1:3'], '127.0.0.1:4');
    const normalise = (text: string) => text.replace(/server \S+ max_fails=0;\n/g, 'server X max_fails=0;\n').replace(/listen \S+;/, 'listen X;');
    expect(normalise(tested)).toBe(normalise(shipped));
    expect(tested).toContain('server 127.0.0.1:3 max_fails=0;');
    expect(tested).toContain('listen 127.0.0.1:4;');
  });
});
