// @ts-check
/**
 * `npm run test:mutation` (issue 19): StrykerJS mutates the machines, their effects and the domain rules, and runs the
 * unit and model tests against each mutant; a mutant no test notices survives. Not part of `npm test` (a full run takes
 * about half an hour on two cores); incremental runs re-test only what changed since the last one.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: ['src/application/**/*.machine.ts', 'src/application/**/*.effects.ts', 'src/domain/**/*.ts', '!src/domain/about.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 5_000,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: 'reports/.stryker-tmp',
  cleanTempDir: 'always',
};
