/**
 * A vitest reporter for mutation runs only: a test file that fails while its tests are collected (a mutant made a
 * module throw on import, or made the graph walk in a describe body throw) gets one failed test carrying the error.
 *
 * StrykerJS's vitest runner (9.6.1) builds a mutant's result from the tests it collected; a file that collected none
 * would make a mutant the suite does catch count as survived (stryker-js#6150). A file that collected its tests is
 * left as it is, passing or failing. The everyday runs (`npm test`) do not use this reporter.
 */
import type { Reporter, Vitest } from 'vitest/node';

type FileTask = ReturnType<Vitest['state']['getFiles']>[number];

export default class UnloadableFileAsFailedTest implements Reporter {
  #vitest: Vitest | null = null;

  onInit(vitest: Vitest) {
    this.#vitest = vitest;
  }

  onTestRunEnd() {
    for (const file of this.#vitest?.state.getFiles() ?? []) markUncollected(file);
  }
}

type Suite = FileTask | Extract<FileTask['tasks'][number], { type: 'suite' }>;

const hasTest = (suite: Suite): boolean => suite.tasks.some((t) => t.type === 'test' || (t.type === 'suite' && hasTest(t)));

/**
 * A file or a describe block that failed while collecting (an import that threw, or a graph walk in a describe body
 * that threw) and holds no test gets one failed test carrying the error; inner blocks are looked at first.
 */
function markUncollected(suite: Suite) {
  for (const task of suite.tasks) if (task.type === 'suite') markUncollected(task);
  if (suite.result?.state !== 'fail' || hasTest(suite)) return;
  const errors = suite.result.errors ?? [{ message: 'the tests failed to load', name: 'Error' }];
  // Vitest types a test with a context only it can build; nothing reads it once the run has ended.
  suite.tasks.push({
    type: 'test',
    id: `${suite.id}_load`,
    name: 'loads its tests',
    mode: 'run',
    file: suite.file,
    suite,
    meta: {},
    timeout: 0,
    annotations: [],
    artifacts: [],
    context: undefined as never,
    result: { state: 'fail', errors },
  } as unknown as FileTask['tasks'][number]);
}
