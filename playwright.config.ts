import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Each run writes its artifacts to its own folder, so runs side by side never wipe each other's traces.
process.env.PW_RUN_ID ??= `${process.pid}`;

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * The e2e tests' browsers draw in the browser process (`--in-process-gpu`): with no GPU, the GPU process only composites
 * in software, and each frame crossed to it and back. The same three e2e files used 106-118 s of Chromium CPU against
 * 120-148 s with the process apart, and took 113-123 s against 128-142 s (ADR 203). The benchmarks keep Chromium's
 * usual processes (CHROMIUM_ARGS), as the people they measure for have them.
 */
export const E2E_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--in-process-gpu'];

/**
 * Debian's old headless shell (the chromium-headless-shell package, the same Chromium build, as Playwright itself uses
 * for headless runs) when installed, else the full browser: the same e2e files took 30% less CPU and 29% less time in
 * it (ADR 180). CHROMIUM_PATH names another.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH
  ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * The full browser, for the tests of what only it does: installing the app, showing a PDF in a tab (its PDF viewer),
 * keeping and opening one offline. A file or group uses it with `test.use(IN_FULL_BROWSER)`.
 */
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';
export const IN_FULL_BROWSER = { launchOptions: { executablePath: FULL_CHROMIUM_PATH, args: E2E_CHROMIUM_ARGS } };

export default defineConfig({
  testDir: './test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.PW_OUTPUT_DIR ?? join(tmpdir(), `sustainlearn-pw-${process.env.PW_RUN_ID}`),
  globalSetup: './test/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A guard against a hang, not a budget (speed is measured by `npm run bench`): the longest stories (a moderator and a
  // member in two browsers, every route at three widths) took 90 s on a loaded two-core CI machine.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A trace is recorded only when asked for (PW_TRACE=retain-on-failure, to look into a failure): recording every
    // test's trace, to keep the failed ones', cost the run about 6% of its time (ADR 182). A failed test keeps a
    // screenshot of where it stopped.
    trace: (process.env.PW_TRACE as 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    // The installable app's worker (ADR 170) is tested on its own (installable.spec.ts); elsewhere a cached shell would
    // only hide what a test means to see from the server.
    serviceWorkers: 'block',
    launchOptions: { executablePath: CHROMIUM_PATH, args: E2E_CHROMIUM_ARGS },
  },
});
