/**
 * What the page fuzz (fuzz-pages.test.ts) sends and how it reads the answers: the real page bundle (`pageBundle`), requests written byte for byte on a socket (so raw backslashes, control characters and non-ASCII
 * bytes reach Node's HTTP parser as an attacker sends them, which app.inject would normalise away), and the check
 * that a `Location` header names a same-site path.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** An answer slower than this is an offence, like a 5xx. */
export const SLOW_MS = 5_000;

/**
 * The SPA and its page bundle (ssr/render.cjs) built from the current sources: the one `PAGE_BUNDLE_DIR` names (`npm
 * test` builds one while the first stages run and hands it to the server and e2e stages), else one built into a fresh
 * private folder, never the shared dist/, which may be stale or being rebuilt by another command. `prepare` (in a
 * beforeAll) builds it if need be; `remove` (in an afterAll) removes only what was built here.
 */
export function pageBundle(): { dir: string; prepare(): void; remove(): void } {
  const prebuilt = process.env.PAGE_BUNDLE_DIR;
  if (prebuilt) return { dir: prebuilt, prepare: () => {}, remove: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'sl-page-bundle-'));
  return {
    dir,
    prepare() {
      const root = fileURLToPath(new URL('../../', import.meta.url));
      const result = spawnSync('npx', ['rspack', 'build', '--config', 'rspack.config.ts', '--output-path', dir], { cwd: root, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`page bundle build failed:\n${result.stderr}\n${result.stdout}`);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Raw HTTP/1.1 over a socket.

export interface RawAnswer {
  /** The status code, or why there was none (connection closed, timed out). */
  status: number | string;
  ms: number;
  /** Every `Location` header, as the bytes on the wire. */
  locations: Buffer[];
}

/** GET `target` (bytes as given, unencoded) with `headers`; the whole answer is read (Connection: close). */
export function rawGet(port: number, target: string | Buffer, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const started = performance.now();
  const head = Object.entries({ host: 'localhost', connection: 'close', ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const request = Buffer.concat([Buffer.from('GET '), Buffer.isBuffer(target) ? target : Buffer.from(target, 'latin1'), Buffer.from(` HTTP/1.1\r\n${head}\r\n`, 'latin1')]);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1');
    let done = false;
    const finish = (why?: string) => {
      if (done) return;
      done = true;
      socket.destroy();
      const ms = performance.now() - started;
      const answer = Buffer.concat(chunks);
      const end = answer.indexOf('\r\n\r\n');
      if (why || end < 0) return resolve({ status: why ?? `no complete answer (${answer.length} bytes)`, ms, locations: [] });
      const lines = splitLines(answer.subarray(0, end));
      const status = /^HTTP\/1\.1 (\d{3})/.exec(lines[0]!.toString('latin1'))?.[1];
      const locations = lines
        .slice(1)
        .filter((line) => /^location:/i.test(line.toString('latin1')))
        .map((line) => trimOws(line.subarray(line.indexOf(':') + 1)));
      resolve({ status: status ? Number(status) : `bad status line ${JSON.stringify(lines[0]!.toString('latin1'))}`, ms, locations });
    };
    socket.setTimeout(3 * SLOW_MS, () => finish(`no answer in ${3 * SLOW_MS} ms`));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (error) => finish(chunks.length ? undefined : `socket error ${error.message}`));
    socket.write(request);
  });
}

function splitLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf('\r\n'); at >= 0; at = bytes.indexOf('\r\n', from)) {
    lines.push(bytes.subarray(from, at));
    from = at + 2;
  }
  lines.push(bytes.subarray(from));
  return lines;
}

/** A header value as written after `name:`, without the spaces before it (anything else, tabs included, is kept). */
const trimOws = (bytes: Buffer) => {
  let start = 0;
  while (start < bytes.length && bytes[start] === 0x20) start++;
  return bytes.subarray(start);
};

// ---------------------------------------------------------------------------------------------------------------------
// What a Location may be.

/**
 * Why a `Location` header (its bytes on the wire) is not a same-site path, or null when it is: printable ASCII only,
 * exactly one leading `/` (so no scheme and no `//` host), no `\`, and resolved against the site it stays on the site.
 */
export function locationProblem(raw: Buffer): string | null {
  const printable = [...raw].every((byte) => byte > 0x20 && byte < 0x7f);
  if (!printable) return 'holds a byte that is not printable ASCII';
  const text = raw.toString('latin1');
  if (!text.startsWith('/')) return 'does not start with /';
  if (text.startsWith('//')) return 'starts with //';
  if (text.includes('\\')) return 'holds a backslash';
  const resolved = new URL(text, 'http://localhost');
  if (resolved.protocol !== 'http:' || resolved.host !== 'localhost') return `leaves the site (${resolved.origin})`;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------------
// Malformed values: [label, the bytes put into the URL]. Strings are sent as they are (already encoded where encoded);
// Buffers hold raw bytes Node's HTTP parser may refuse, which is an answer too (400), never a 5xx.

export type Raw = string | Buffer;

const raw = (text: string) => Buffer.from(text, 'utf8');
const KB8 = 8 * 1024;

/** Values for a path segment or a query value. */
export const VALUES: [string, Raw][] = [
  ['encoded CR LF header injection', '%0D%0ASet-Cookie:%20fuzz=1'],
  ['encoded NUL', '%00'],
  ['encoded TAB', '%09'],
  ['encoded LF alone', '%0Aevil'],
  ['raw CR', raw('a\rb')],
  ['raw LF', raw('a\nb')],
  ['raw NUL', raw('a\u0000b')],
  ['raw TAB', raw('a\tb')],
  ['encoded UTF-8 (é, 🌱)', '%C3%A9t%C3%A9%F0%9F%8C%B1'],
  ['raw UTF-8 bytes', raw('été🌱')],
  ['encoded Latin-1 byte %FF', '%FF'],
  ['broken percent-encoding %E0%A4%A', '%E0%A4%A'],
  ['overlong UTF-8 %C0%AF', '%C0%AF'],
  ['encoded lone surrogate %ED%A0%80', '%ED%A0%80'],
  ['lone percent sign', '%'],
  ['encoded slash %2F', 'a%2Fb'],
  ['encoded backslash %5C', 'a%5Cb'],
  ['double-encoded backslash %255C', 'a%255Cb'],
  ['encoded traversal ..%2F..%2F', '..%2F..%2Fetc%2Fpasswd'],
  ['encoded /\\evil.example', '%2F%5Cevil.example'],
  ['raw /\\evil.example', '/\\evil.example'],
  ['encoded /<TAB>/evil.example', '%2F%09%2Fevil.example'],
  ['encoded //evil.example', '%2F%2Fevil.example'],
  ['encoded https://evil.example', 'https%3A%2F%2Fevil.example'],
  ['8 KB of text', 'a'.repeat(KB8)],
  ['8 KB of encoded slashes', '%2F'.repeat(Math.floor(KB8 / 3))],
];

/**
 * Values for `from` (and any query value a page turns into a redirect): the ways a return path is smuggled off the
 * site, each as sent on the wire.
 */
export const REDIRECT_VALUES: [string, Raw][] = [
  ['/\\evil.example, encoded', '%2F%5Cevil.example'],
  ['/\\evil.example, backslash encoded', '/%5Cevil.example'],
  ['/\\evil.example, raw', '/\\evil.example'],
  ['/%5Cevil.example, double-encoded', '%2F%255Cevil.example'],
  ['/\\/evil.example', '/%5C/evil.example'],
  ['/<TAB>/evil.example, encoded', '%2F%09%2Fevil.example'],
  ['/<TAB>/evil.example, raw', raw('/\t/evil.example')],
  ['/<LF>/evil.example, encoded', '/%0A/evil.example'],
  ['/<CR>/evil.example, encoded', '/%0D/evil.example'],
  ['//evil.example, encoded', '%2F%2Fevil.example'],
  ['//evil.example, raw', '//evil.example'],
  ['/..//evil.example', '/..//evil.example'],
  ['/%2F/evil.example', '/%2F/evil.example'],
  ['https://evil.example, encoded', 'https%3A%2F%2Fevil.example'],
  ['https://evil.example, raw', 'https://evil.example'],
  ['https:/evil.example', 'https:/evil.example'],
  ['javascript:alert(1)', 'javascript:alert(1)'],
  ['leading space then //evil.example', '%20%2F%2Fevil.example'],
  ['CR LF header injection', '%2F%0D%0ASet-Cookie%3A%20fuzz%3D1'],
  ['NUL byte', '%2F%00'],
  ['non-ASCII é, encoded', '%2F%C3%A9t%C3%A9'],
  ['emoji, encoded', '%2F%F0%9F%8C%B1'],
  ['non-ASCII, raw bytes', raw('/été')],
  ['broken percent-encoding', '%2F%E0%A4%A'],
  ['lone surrogate, encoded', '%2F%ED%A0%80'],
  ['8 KB path', `%2F${'a'.repeat(KB8)}`],
  ['a same-site path with a query', '%2Fsearch%3Fq%3Dcarbon'],
];

/** Whole request targets that put another host where the path belongs (the HTTP layer passes them through). */
export const TARGET_PREFIXES: [string, Raw][] = [
  ['//evil.example before the path', '//evil.example'],
  ['/\\evil.example before the path', '/\\evil.example'],
  ['/%5Cevil.example before the path', '/%5Cevil.example'],
  ['/<TAB>/evil.example before the path, encoded', '/%09/evil.example'],
  ['/<TAB>/evil.example before the path, raw', raw('/\t/evil.example')],
  ['https://evil.example (absolute form)', 'https://evil.example'],
];

/** The bytes of a URL made of parts, strings and raw bytes alike. */
export const bytesOf = (...parts: Raw[]): Buffer => Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p, 'latin1'))));
