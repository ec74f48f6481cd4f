/**
 * Dev aid (not part of `npm run bench`): loads a URL at 4x CPU with a Chromium trace (tasks and V8 samples), and for
 * every main-thread task over 50 ms prints its length and where its time went: by original source file (through the
 * build's source maps in SPA_DIR) and by the outermost app function. The blocking time is summed from the trace's own
 * tasks, as Lighthouse sums TBT (here from the page's start to 6 s after its load event).
 * Usage: SPA_DIR=/tmp/spa npx tsx bench/main-thread.mts URL [runs=1]   (SUMMARY=1, TOP=n, INCLUSIVE=n; SL_TOKEN signs in)
 */
import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { launchChromium, phonePageAt4x, type TraceEvent } from './phone-at-4x';

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; parent?: number; children?: number[] }

const url = process.argv[2]!;
const runs = Number(process.argv[3] ?? 1);
const spaDir = process.env.SPA_DIR ?? '/tmp/spa';
const maps = new Map<string, SourceMapConsumer | null>();

function mapOf(scriptUrl: string): SourceMapConsumer | null {
  const file = scriptUrl.match(/\/static\/js\/([^/?]+\.js)/)?.[1];
  if (!file) return null;
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(`${spaDir}/static/js/${file}.map`, 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file)!;
}

function where(frame: CallFrame): string {
  if (!frame.url) return frame.functionName || '(native)';
  const map = mapOf(frame.url);
  if (!map) return frame.url.replace(/^https?:\/\/[^/]+/, '');
  const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at.source) return `${frame.url.replace(/^.*\//, '')} ${frame.functionName || '(top level)'}`;
  return at.source.replace(/^webpack:\/\/\/?/, '').replace(/^.*node_modules\//, 'nm:').replace(/^\.\//, '').replace(/^sustainlearn\//, '');
}

function moduleOf(path: string): string {
  if (path.startsWith('nm:')) {
    const parts = path.slice(3).split('/');
    return `nm:${parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  return path;
}

/** The frame's original function name, where the source map names it. */
function nameOf(frame: CallFrame): string {
  const map = frame.url ? mapOf(frame.url) : null;
  const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  return at?.name ?? frame.functionName;
}

const PHASES = ['commitRoot', 'commitRootImpl', 'flushPassiveEffects', 'workLoopConcurrent', 'workLoopConcurrentByScheduler', 'workLoopSync', 'performWorkOnRoot', 'hydrateRoot', 'createMachine', 'setup'];

const add = (table: Map<string, number>, key: string, ms: number) => table.set(key, (table.get(key) ?? 0) + ms);
const top = (table: Map<string, number>, n: number) =>
  [...table].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) => `${ms.toFixed(0).padStart(5)} ms  ${k}`).join('\n      ');

const browser = await launchChromium();
try {
  for (let run = 0; run < runs; run++) {
    const { context, page } = await phonePageAt4x(browser);
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute'],
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(6000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    await context.close();

    // The renderer's main thread: the one that ran the page's profile.
    const events = trace.traceEvents;
    const chunks = events.filter((e) => e.name === 'ProfileChunk');
    const profileEvent = events.find((e) => e.name === 'Profile' && chunks.some((c) => c.id === e.id && c.pid === e.pid));
    if (!profileEvent) throw new Error('no CPU profile in the trace');
    const mine = chunks.filter((c) => c.id === profileEvent.id && c.pid === profileEvent.pid);
    const byId = new Map<number, ProfileNode>();
    const sampleList: { id: number; ts: number }[] = [];
    let ts = profileEvent.args.data.startTime as number;
    for (const chunk of mine) {
      const data = chunk.args.data as { cpuProfile: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
      for (const node of data.cpuProfile.nodes ?? []) byId.set(node.id, node);
      (data.cpuProfile.samples ?? []).forEach((id, i) => {
        ts += data.timeDeltas?.[i] ?? 0;
        sampleList.push({ id, ts });
      });
    }
    const mainTid = profileEvent.tid;
    const runTasks = events.filter((e) => e.name === 'RunTask' && e.pid === profileEvent.pid && e.tid === mainTid && (e.dur ?? 0) > 50_000);
    const tasks = runTasks.map((e) => ({
      start: e.ts,
      end: e.ts + (e.dur ?? 0),
      samples: sampleList.filter((s) => s.ts >= e.ts && s.ts < e.ts + (e.dur ?? 0)).map((s, i, all) => ({ id: s.id, ms: ((all[i + 1]?.ts ?? s.ts + 200) - s.ts) / 1000 })),
    }));
    const onMain = events.filter((e) => e.pid === profileEvent.pid && e.tid === mainTid && e.ph === 'X' && e.name !== 'RunTask');
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === profileEvent.pid)?.ts ?? 0;
    const whatRan = (start: number, end: number) => {
      const table = new Map<string, number>();
      for (const e of onMain) if (e.ts >= start && e.ts < end) add(table, e.name, (e.dur ?? 0) / 1000);
      return top(table, Number(process.env.TOP ?? 6));
    };
    const profile = { startTime: events.filter((e) => e.name === 'navigationStart' && e.pid === profileEvent.pid)[0]?.ts ?? profileEvent.ts };
    const idleNames = ['(idle)', '(program)'];
    for (const task of tasks) task.samples = task.samples.filter(({ id }) => !idleNames.includes(byId.get(id)?.callFrame.functionName ?? ''));
    const long = tasks.filter((task) => task.end > fcp);
    const blocking = long.reduce((sum, task) => sum + Math.max(0, (task.end - task.start) / 1000 - 50), 0);
    if (process.env.SUMMARY) {
      // One line a run: blocking, and the main thread's time after the first paint by kind of work.
      const kinds = new Map<string, number>();
      const KINDS = ['Layout', 'UpdateLayoutTree', 'ParseAuthorStyleSheet', 'Paint', 'EvaluateScript', 'FunctionCall', 'TimerFire', 'RunMicrotasks', 'ParseHTML'];
      for (const e of onMain) if (e.ts >= fcp && KINDS.includes(e.name)) add(kinds, e.name, (e.dur ?? 0) / 1000);
      const busy = runTasks.filter((e) => e.ts >= fcp).reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
      console.log(JSON.stringify({ blocking: Math.round(blocking), busyInLongTasks: Math.round(busy), ...Object.fromEntries([...kinds].map(([k, v]) => [k, Math.round(v)])) }));
      continue;
    }
    console.log(`run ${run + 1}: first contentful paint at ${((fcp - profile.startTime) / 1000).toFixed(0)} ms; after it, ${long.length} tasks over 50 ms, blocking ${blocking.toFixed(0)} ms`);
    for (const task of long) {
      const files = new Map<string, number>();
      const roots = new Map<string, number>();
      const phases = new Map<string, number>();
      for (const { id, ms } of task.samples) {
        const node = byId.get(id)!;
        add(files, moduleOf(where(node.callFrame)), ms);
        // The outermost frame from the app's own source (src/…), as a name for what the task was doing.
        let outer = '';
        for (let n: ProfileNode | undefined = node; n; n = n.parent ? byId.get(n.parent) : undefined) {
          const w = n.callFrame.url ? where(n.callFrame) : '';
          if (w.startsWith('src/')) outer = `${n.callFrame.functionName || '(anonymous)'} ${w}`;
        }
        add(roots, outer || '(no app frame)', ms);
        const seen: string[] = [];
        for (let n: ProfileNode | undefined = node; n; n = n.parent ? byId.get(n.parent) : undefined) {
          const name = nameOf(n.callFrame);
          if (PHASES.includes(name) && !seen.includes(name)) seen.push(name);
        }
        add(phases, seen.reverse().join(' > ') || '-', ms);
      }
      console.log(`  at ${((task.start - profile.startTime) / 1000).toFixed(0)} ms: ${((task.end - task.start) / 1000).toFixed(0)} ms`);
      console.log(`    trace events (nested ones counted in their parents too):\n      ${whatRan(task.start, task.end)}`);
      console.log(`    self time by file:\n      ${top(files, Number(process.env.TOP ?? 8))}`);
      console.log(`    by outermost app frame:\n      ${top(roots, Number(process.env.TOP ?? 5))}`);
      console.log(`    by phase:\n      ${top(phases, 5)}`);
      // INCLUSIVE=n: the n functions the task spent most time in, callees included. React's own names show only in a
      // build whose minifier keeps them (SWC's `mangle: false`, `keep_fnames`).
      if (process.env.INCLUSIVE) {
        const inclusive = new Map<string, number>();
        for (const { id, ms } of task.samples) {
          const seen = new Set<string>();
          for (let n: ProfileNode | undefined = byId.get(id); n; n = n.parent ? byId.get(n.parent) : undefined) {
            const key = `${nameOf(n.callFrame)} ${moduleOf(where(n.callFrame))}`;
            if (!seen.has(key)) add(inclusive, key, ms);
            seen.add(key);
          }
        }
        console.log(`    inclusive:\n      ${top(inclusive, Number(process.env.INCLUSIVE))}`);
      }
    }
  }
} finally {
  await browser.close();
}
