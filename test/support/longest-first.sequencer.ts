/**
 * The order of the vitest files: the longest first, so that the two workers end together (ADR 182).
 *
 * vitest orders by the durations it keeps from the last run, in node_modules/.vite. A fresh checkout (CI) has none,
 * and then vitest runs the largest files first: the contract fuzz files are small (their work is in fuzz-run.ts), so
 * they ran last, and one worker ran them alone for the last minute and a half of the server stage. Here the files
 * that were measured longest run first, in that order, when vitest knows nothing better; with kept durations for
 * every file, vitest's own order stands.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The server files that took longest, longest first (measured 2026-11-30, both database kinds). */
export const LONGEST_FILES = [
  'fuzz-concurrent', 'fuzz', 'fuzz-pages', 'content-import', 'fuzz-2', 'crash-consistency', 'library-import', 'fuzz-3',
  'newsletter', 'notifications', 'lifecycle', 'staff-sessions', 'data-dir', 'process', 'staff', 'quizzes', 'backup',
  'discussions-posts', 'discussions-scale', 'authoring-kinds', 'cluster', 'notification-stream', 'read-budgets',
  'security',
].map((name) => `test/server/${name}.test.ts`);

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const key = (spec: TestSpecification) => relative(this.ctx.config.root, spec.moduleId);
    const known = sorted.every((spec) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${key(spec)}`));
    if (known) return sorted;
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FILES.indexOf(key(spec));
      return at === -1 ? LONGEST_FILES.length : at;
    };
    // Each project's files in turn, as vitest runs them; sort is stable, so the rest keep vitest's order.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) => sorted.filter((spec) => spec.project.name === name).sort((a, b) => rank(a) - rank(b)));
  }
}
