import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/longest-first.sequencer.ts';

export default defineConfig({
  test: {
    setupFiles: ['./test/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at a time (vitest's default on two cores is one); the server project takes three (below). ADR 135.
    maxWorkers: 2,
    // The longest files first, also on a fresh checkout with no kept durations (ADR 182).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        // The model tests drive pure machines: no DOM, no module mocks, no globals. A worker keeps its modules from one
        // file to the next, as the server project's do: 17.4 s against 10.8 s for the project alone (ADR 198).
        test: { name: 'model', include: ['test/model/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          // A worker keeps its modules from one file to the next: importing the server's code cost 3.5-4.6 s a file
          // (about 70 s a run). Every file builds its own apps on its own databases (two a file already, one per kind),
          // so nothing a file needs is left in a module by the one before (ADR 135, issue 40 item 11).
          isolate: false,
          // A smaller page cache for the embedded databases these tests open and the servers they start (they inherit
          // it): PGlite writes all of the cache at every start, 0.6 s of CPU a start at 128MB (ADR 196).
          env: { PGLITE_SHARED_BUFFERS: '16MB' },
          // One empty and one seeded database per kind for the whole run; each file starts from a copy of one.
          globalSetup: ['./test/support/server-databases.setup.ts'],
          // Three files at a time on two cores: a server file waits on its child servers, its PostgreSQL and its clocks,
          // and a third file works meanwhile (the stage took 658 s against 787 s with two, back to back, ADR 201). A
          // server file holds one PGlite at a time (up to 900 MB), so three stay under 3 GB. Its own group, as vitest
          // asks of a project with its own number of workers: run with the others, it follows them.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          // Files share two cores with whatever else the machine runs: library.test.ts's re-imports took 15-29 s one
          // file at a time on a loaded machine and passed 60 s two at a time (ADR 135). A hang still fails.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
