/** The tests StrykerJS runs against each mutant: the unit and model tests only (no PGlite, no browser). */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['./test/setup/fail-on-console-error.ts'],
    include: ['test/unit/**/*.test.ts', 'test/model/**/*.test.ts'],
    environment: 'node',
    // A test waits for an actor with `waitFor`: under a mutant that never arrives, fail in five seconds instead of letting
    // StrykerJS time the run out and start a new worker.
    testTimeout: 5_000,
    reporters: ['default', './test/setup/unloadable-file-as-failed-test.ts'],
  },
});
