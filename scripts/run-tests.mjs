#!/usr/bin/env node
/**
 * `npm test`: lint, typecheck, the unit and model tests, the server tests, then the Playwright end-to-end tests.
 * Lint, typecheck and the unit and model tests run side by side (lint and typecheck, TypeScript 7's native compiler on
 * one thread, end well before the unit tests, which fill the other core), and so does the SPA build, into a folder of its
 * own that the e2e stage then serves (ADR 154) and the server stage's page tests draw pages with (PAGE_BUNDLE_DIR):
 * one build, not three. The server tests, then the end-to-end tests, follow.
 * Prints how long each stage took, and stops at the first stage that fails, exiting with its code.
 * `node scripts/run-tests.mjs server e2e` runs only the stages named; `vitest` names both vitest stages.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';

const STAGES = {
  lint: ['npm', ['run', '--silent', 'lint']],
  typecheck: ['npm', ['run', '--silent', 'typecheck']],
  unit: ['npx', ['vitest', 'run', '--project', 'unit', '--project', 'model']],
  server: ['npx', ['vitest', 'run', '--project', 'server']],
  e2e: ['npx', ['playwright', 'test']],
};
/** Stages that run together: each group starts once the one before it has passed. */
const GROUPS = [['lint', 'typecheck', 'unit'], ['server'], ['e2e']];
/** Names that stand for several stages. */
const ALIASES = { vitest: ['unit', 'server'] };

const names = process.argv.slice(2).flatMap((name) => ALIASES[name] ?? [name]);
const unknown = names.filter((name) => !(name in STAGES));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(', ')}: the stages are ${Object.keys(STAGES).join(', ')} (vitest: unit and server)`);
  process.exit(2);
}
const chosen = names.length > 0 ? names : Object.keys(STAGES);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const times = [];
const started = Date.now();

function summary() {
  const rows = times.map(({ name, ms, code }) => `  ${name.padEnd(10)} ${seconds(ms).padStart(9)}${code === 0 ? '' : `  (failed, exit ${code})`}`);
  console.log(`\nTest stages:\n${rows.join('\n')}\n  ${'total'.padEnd(10)} ${seconds(Date.now() - started).padStart(9)}`);
}

/** The children still running: a SIGTERM or SIGHUP sent to this process alone is passed on to each. */
const running = new Set();
const forward = (signal) => {
  for (const child of running) child.kill(signal);
};
// Ctrl-C reaches the children too (same process group); this process waits for them to end and reports.
process.on('SIGINT', () => {});
process.on('SIGTERM', forward);
process.on('SIGHUP', forward);

/** Runs a command to its end; resolves with its exit code (a signal counted as a shell does: 128 + its number). */
function exec(label, command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    running.add(child);
    let finished = false;
    const done = (exitCode) => {
      if (finished) return;
      finished = true;
      running.delete(child);
      resolve(exitCode);
    };
    child.on('error', (error) => {
      console.error(`${label}: ${command} could not start: ${error.message}`);
      done(127);
    });
    child.on('exit', (code, signal) => done(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}

/**
 * The SPA (with its page bundle) the server and end-to-end stages use, built while the earlier stages run (unless
 * E2E_STATIC_DIR names one already).
 * Resolves with the environment the e2e stage gets, or with a failed exit code.
 */
function buildSpaAhead() {
  if (!(chosen.includes('e2e') || chosen.includes('server')) || process.env.E2E_STATIC_DIR) return null;
  const dir = mkdtempSync(join(tmpdir(), 'sustainlearn-spa-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const buildStarted = Date.now();
  return exec('spa build', 'npx', ['rspack', 'build', '--config', 'rspack.config.ts', '--output-path', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  }).then((code) => {
    console.log(`\n◆ SPA and page bundle for the server and end-to-end tests ${code === 0 ? 'built' : `failed to build (exit ${code})`} in ${seconds(Date.now() - buildStarted)}, beside the other stages`);
    return code === 0 ? { env: { E2E_STATIC_DIR: dir, PAGE_BUNDLE_DIR: dir } } : { code };
  });
}

async function run(name, spa) {
  const [command, args] = STAGES[name];
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const stageStarted = Date.now();
  let code;
  let env = process.env;
  if ((name === 'e2e' || name === 'server') && spa) {
    const built = await spa;
    if (built.code !== undefined) code = built.code;
    else env = { ...process.env, ...built.env };
  }
  code ??= await exec(name, command, args, { env });
  const ms = Date.now() - stageStarted;
  times.push({ name, ms, code });
  console.log(`◀ ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds(ms)}`);
  return code;
}

const spa = buildSpaAhead();
for (const group of GROUPS) {
  const stages = group.filter((name) => chosen.includes(name));
  if (stages.length === 0) continue;
  const codes = await Promise.all(stages.map((name) => run(name, spa)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    // A build still running is not waited for: it is ended with the run.
    forward('SIGTERM');
    summary();
    process.exit(failed);
  }
}
summary();
