/** The tests StrykerJS runs against each mutant: the unit and model tests only (no PGlite, no browser). */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['./test/setup/fail-on-console-error.ts'],
    include: ['test/unit/**/*.test.ts', 'test/model/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
