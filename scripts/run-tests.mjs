#!/usr/bin/env node
/**
 * `npm test`: lint, typecheck, vitest (unit, model, server), then the Playwright end-to-end tests, one after another.
 * Prints how long each stage took, and stops at the first stage that fails, exiting with its code.
 * `node scripts/run-tests.mjs vitest e2e` runs only the stages named.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const STAGES = {
  lint: ['npm', ['run', '--silent', 'lint']],
  typecheck: ['npm', ['run', '--silent', 'typecheck']],
  vitest: ['npx', ['vitest', 'run']],
  e2e: ['npx', ['playwright', 'test']],
};

const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in STAGES));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(', ')}: the stages are ${Object.keys(STAGES).join(', ')}`);
  process.exit(2);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const times = [];
const started = Date.now();

function summary() {
  const rows = times.map(({ name, ms, code }) => `  ${name.padEnd(10)} ${seconds(ms).padStart(9)}${code === 0 ? '' : `  (failed, exit ${code})`}`);
  console.log(`\nTest stages:\n${rows.join('\n')}\n  ${'total'.padEnd(10)} ${seconds(Date.now() - started).padStart(9)}`);
}

function run(name) {
  const [command, args] = STAGES[name];
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const stageStarted = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    // Ctrl-C reaches the child too (same process group); a SIGTERM or SIGHUP sent to this process alone is passed on.
    // Either way this process waits for the stage to end and reports it.
    const ignore = () => {};
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', ignore);
    process.on('SIGTERM', forward);
    process.on('SIGHUP', forward);
    let finished = false;
    const done = (exitCode) => {
      if (finished) return;
      finished = true;
      process.off('SIGINT', ignore);
      process.off('SIGTERM', forward);
      process.off('SIGHUP', forward);
      const ms = Date.now() - stageStarted;
      times.push({ name, ms, code: exitCode });
      console.log(`◀ ${name}: ${exitCode === 0 ? 'passed' : `failed (exit ${exitCode})`} in ${seconds(ms)}`);
      resolve(exitCode);
    };
    child.on('error', (error) => {
      console.error(`${name}: ${command} could not start: ${error.message}`);
      done(127);
    });
    // A stage killed by a signal fails as a shell reports it: 128 + the signal's number.
    child.on('exit', (code, signal) => done(code ?? 128 + (constants.signals[signal] ?? 0)));
  });
}

for (const name of names.length > 0 ? names : Object.keys(STAGES)) {
  const code = await run(name);
  if (code !== 0) {
    summary();
    process.exit(code);
  }
}
summary();
