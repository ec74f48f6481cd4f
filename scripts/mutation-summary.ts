/**
 * Turns StrykerJS's JSON report into the committed summary, bench/results/mutation.md: the mutation score per file and
 * for the machines (with their effects) and the domain, with the survivors of each file listed (issue 19).
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface Mutant {
  id: string;
  mutatorName: string;
  status: 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
  location: { start: { line: number; column: number } };
  replacement?: string;
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

/**
 * The report of the last run, or several (`tsx scripts/mutation-summary.ts a.json b.json`): a file's result is taken
 * from the last report that holds it, so a re-run of some files over an earlier whole run gives the whole picture.
 */
const sources = process.argv.slice(2).length ? process.argv.slice(2) : ['reports/mutation/mutation.json'];
const report: Report = { files: {} };
for (const source of sources) {
  const one = JSON.parse(readFileSync(source, 'utf8')) as Report;
  Object.assign(report.files, one.files);
}

interface Tally {
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  errors: number;
}
const empty = (): Tally => ({ killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0 });
const add = (t: Tally, m: Mutant) => {
  if (m.status === 'Killed') t.killed++;
  else if (m.status === 'Timeout') t.timeout++;
  else if (m.status === 'Survived') t.survived++;
  else if (m.status === 'NoCoverage') t.noCoverage++;
  else if (m.status === 'Ignored') t.ignored++;
  else t.errors++;
};
/** Stryker's score: detected (killed or timed out) over the valid mutants (not ignored, no compile or runtime error). */
const score = (t: Tally) => {
  const valid = t.killed + t.timeout + t.survived + t.noCoverage;
  return valid === 0 ? 100 : ((t.killed + t.timeout) * 100) / valid;
};

const groups: Record<string, Tally> = { 'machines and effects': empty(), domain: empty(), all: empty() };
const rows: string[] = [];
const survivors: string[] = [];
for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const t = empty();
  for (const m of mutants) {
    add(t, m);
    add(groups.all!, m);
    add(file.includes('/domain/') ? groups.domain! : groups['machines and effects']!, m);
    if (m.status === 'Survived' || m.status === 'NoCoverage') {
      const line = source.split('\n')[m.location.start.line - 1]?.trim().slice(0, 90) ?? '';
      survivors.push(`- \`${file}:${m.location.start.line}\` ${m.mutatorName} (${m.status}): \`${line}\``);
    }
  }
  rows.push(`| ${file} | ${mutants.length} | ${t.killed} | ${t.timeout} | ${t.survived} | ${t.noCoverage} | ${t.ignored} | ${score(t).toFixed(1)} % |`);
}
const total = (name: string) => {
  const t = groups[name]!;
  return `| **${name}** | ${t.killed + t.timeout + t.survived + t.noCoverage + t.ignored + t.errors} | ${t.killed} | ${t.timeout} | ${t.survived} | ${t.noCoverage} | ${t.ignored} | **${score(t).toFixed(1)} %** |`;
};
const md = [
  '# Mutation testing',
  '',
  `StrykerJS results of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (\`npm run test:mutation\`; HTML report in \`reports/mutation/\`, not committed).`,
  ...(sources.length > 1 ? ['', `Merged from ${sources.map((x) => `\`${x}\``).join(', ')}: each file from the last of them that holds it.`] : []),
  'Score = (killed + timed out) / (killed + timed out + survived + no coverage). Budgets: at least 90 % overall for the machines and',
  'the domain, at least 80 % for each file.',
  '',
  '| file | mutants | killed | timeout | survived | no coverage | ignored (equivalent) | score |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  total('machines and effects'),
  total('domain'),
  total('all'),
  '',
  `## Survivors (${survivors.length})`,
  '',
  ...(survivors.length ? survivors : ['None.']),
  '',
];
writeFileSync('bench/results/mutation.md', md.join('\n'));
console.log(md.slice(0, rows.length + 12).join('\n'));
