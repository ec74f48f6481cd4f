/**
 * `npm run bench`: builds the product, starts it on a fresh seeded database, measures bundle weight, page loads,
 * interactions, API throughput and memory, writes bench/results/latest.{md,json} and prints the table.
 * `npm run bench -- --check` exits non-zero naming every missed budget. `--quick` runs fewer repetitions; `--only=`
 * picks sections and `--interaction=<text>` interactions (a partial run leaves docs/performance.md alone). The
 * footprint and bystander sections start processes of their own, after the others (bench/footprint.ts, bystander.ts).
 * The scale section (bench/scale.ts, PostgreSQL only) runs only when `--only=` names it: its seed alone takes minutes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '../playwright.config';
import { freePort, startServer } from '../test/support/server';
import { apiBudget, benchApi, type Endpoint, hashTime } from './api';
import { freshMemoryTime } from './machine';
import { allChunks, measureRoutes } from './bundle';
import { benchInteractions } from './interaction';
import { benchKeptLesson } from './offline';
import { benchPageLoads, pageLoadSection } from './lighthouse';
import { benchWrites } from './writes';
import { benchNotifications, notificationLines, seedNotifications } from './notifications';
import { WORDS } from './mixed';
import { processSections } from './processes';
import { inspectorOption, liveHeapMb, rssMb } from './memory';
import { scaleOnly, scaleSection } from './scale';
import { BENCH_USER, createPgDatabase, type Seeded, seedBenchDatabase } from './seed';
import { benchStarts } from './start';
import { type Budget, figure, fmt } from './stats';

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const only = [...args].find((a) => a.startsWith('--only='))?.slice(7).split(',');
/** `--interaction=<text>`: only the interactions whose name holds the text. */
const interactionFilter = [...args].find((a) => a.startsWith('--interaction='))?.slice(14);
const wants = (section: string) => !only || only.includes(section);
const KB = 1024;

async function login(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
  });
  if (!res.ok) throw new Error(`bench login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function firstId(baseUrl: string, path: string, key: string, token: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as Record<string, { _id: string }[]>;
  return json[key]![0]!._id;
}

/** The player URLs of a course's lessons, in order. */
async function lessonsOf(baseUrl: string, slug: string, token: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/courses/${slug}`, { headers: { authorization: `Bearer ${token}` } });
  const { course } = (await res.json()) as { course: { _id: string; sections: { content: { _id: string }[] }[] } };
  return course.sections.flatMap((s) => s.content.map((l) => `/courses/view/${course._id}/lessons/${l._id}`));
}

async function courseTitle(baseUrl: string, slug: string, token: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/courses/${slug}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { course: { title: string } }).course.title;
}

function endpointsFor(seeded: Seeded): Endpoint[] {
  return [
    { name: 'GET /api/courses', method: 'GET', path: '/api/courses', kind: 'content' },
    { name: 'GET /api/courses, no Accept-Encoding', method: 'GET', path: '/api/courses', kind: 'content', plain: true },
    { name: 'GET /api/health, no Accept-Encoding', method: 'GET', path: '/api/health', kind: 'health', plain: true },
    { name: 'GET /api/articles', method: 'GET', path: '/api/articles', kind: 'content' },
    { name: 'GET /api/discussions (10,000 posts)', method: 'GET', path: `/api/discussions?category=${seeded.category}&subcategory=${seeded.subcategory}`, kind: 'thread' },
    { name: 'GET /api/comments/{id}/list (1,000 comments)', method: 'GET', path: `/api/comments/${seeded.bigThreadId}/list`, kind: 'thread' },
    { name: 'GET /api/search (10,000 posts indexed)', method: 'GET', path: '/api/search?q=embodied%20carbon', kind: 'search' },
    {
      name: 'GET /api/search, a different query each time', method: 'GET', path: '/api/search?q=embodied%20carbon', kind: 'search-varied',
      rotate: WORDS.flatMap((a) => WORDS.map((b) => `/api/search?q=${encodeURIComponent(`${a} ${b}`)}`)),
    },
    { name: 'GET / (the home page rendered, kept)', method: 'GET', path: '/', kind: 'page' },
    { name: 'POST /api/auth/login', method: 'POST', path: '/api/auth/login', body: { email: BENCH_USER.email, password: BENCH_USER.password }, kind: 'login' },
  ];
}

async function main() {
  if (only?.every((s) => s === 'scale')) return scaleOnly(args);
  const started = Date.now();
  // How fast this machine is today: runs on the same code have differed by more than the budgets' margins, so a
  // record is compared with another only at like figures here. Measured first, on a machine at rest.
  const hash = await hashTime();
  const freshMemory = freshMemoryTime();
  const staticDir = mkdtempSync(join(tmpdir(), 'sl-bench-spa-'));
  console.log('Building the SPA...');
  const build = spawnSync('npx', ['rspack', 'build', '--config', 'rspack.config.ts', '--output-path', staticDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('build failed');

  console.log('Seeding a fresh PGlite database (content, 10,000 posts, 1,000- and 200-comment threads)...');
  const dataDir = mkdtempSync(join(tmpdir(), 'sl-bench-data-'));
  const seeded = await seedBenchDatabase({ dataDir });
  if (wants('notifications')) await seedNotifications({ dataDir });
  const budgets: Budget[] = [];
  const md: string[] = [
    `# Benchmarks`,
    '',
    `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, 2 cores. Figures are medians with (min–max).`,
    '',
    `The machine that day: one argon2id verify took ${fmt(hash, 1, ' ms')} and a first touch of fresh memory ${fmt(freshMemory, 1, ' µs')} a page before the run. Runs of the same code on this machine have differed by more than some budgets' margins: compare records at like figures.`,
    '',
  ];
  const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, machine: '2 cores, 24 GiB', quick, hashTime: hash, freshMemoryMicrosPerPage: freshMemory };
  if (wants('start')) {
    console.log('Starts...');
    const starts = await benchStarts(staticDir, dataDir, quick ? 1 : 3);
    results.start = starts;
    const limit = 1500;
    const ok = starts.firstPage.median <= limit;
    budgets.push({ name: 'the first page after a start', ok, actual: `${starts.firstPage.median.toFixed(0)} ms`, limit: `≤ ${limit} ms` });
    md.push('## A start (ms)', '', 'The server started on the seeded database; as soon as its health answers, the home page is asked for. That first page loads the page bundle and the sanitizer, and draws for the first time.', '');
    md.push('| to health | the first page | budget (the first page) |', '|---|---|---|');
    md.push(`| ${fmt(starts.toHealth)} | ${fmt(starts.firstPage)} | ≤ ${limit} ${ok ? '✓' : '✗'} |`, '');
  }
  // The inspector, on loopback, lets the memory section read the live heap after a collection (bench/memory.ts).
  const inspectorPort = await freePort();
  const server = await startServer({ STATIC_DIR: staticDir, RATE_LIMIT: 'off', LOG_LEVEL: 'warn', NODE_OPTIONS: inspectorOption(inspectorPort) }, dataDir);

  try {
    const token = await login(server.url);
    const articleId = await firstId(server.url, '/articles', 'articles', token);
    const courseId = await firstId(server.url, '/courses?status=1', 'courses', token);
    const lessonUrls = await lessonsOf(server.url, 'biodiversity-net-gain-for-developments', token);
    const publicRoutes = ['/', '/articles', `/articles/${articleId}`, '/login', '/sustainlearn', '/search?q=embodied%20carbon'];
    // The lesson Lighthouse loads is the last one, which the interaction runs never mark complete.
    const signedInRoutes = ['/courses', `/courses/view/${courseId}`, lessonUrls.at(-1)!, '/quiz/green-buildings/set-1', '/discussion'];
    const routes = [...publicRoutes.map((path) => ({ path, signedIn: false })), ...signedInRoutes.map((path) => ({ path, signedIn: true }))];

    const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    if (wants('bundle')) {
      console.log('Bundle...');
      const bundles = await measureRoutes(browser, server.url, staticDir, routes.map((r) => ({ ...r, ready: 'main h1' })), token);
      const total = allChunks(staticDir);
      results.bundle = { routes: bundles, total };
      md.push('## Bundle (KB)', '', 'Initial = chunks named in index.html, loaded before anything renders. Lazy = chunks the route fetches while it renders.', '');
      md.push('Before interactive = the initial scripts plus the route\'s own chunks that the page preloads (what must arrive before the rendered page answers input, ADR 100).', '');
      md.push('| route | initial JS gzip / br | before interactive JS gzip | initial CSS gzip | lazy JS gzip / br | lazy CSS gzip | budget (before interactive, gzip) |', '|---|---|---|---|---|---|---|');
      for (const b of bundles) {
        const limit = 160;
        const ok = b.beforeInteractiveJs.gzip / KB <= limit;
        budgets.push({ name: `bundle ${b.route}`, ok, actual: `${(b.beforeInteractiveJs.gzip / KB).toFixed(1)} KB`, limit: `≤ ${limit} KB` });
        md.push(`| ${b.route}${b.signedIn ? ' (signed in)' : ''} | ${(b.initialJs.gzip / KB).toFixed(1)} / ${(b.initialJs.brotli / KB).toFixed(1)} | ${(b.beforeInteractiveJs.gzip / KB).toFixed(1)} | ${(b.initialCss.gzip / KB).toFixed(1)} | ${(b.lazyJs.gzip / KB).toFixed(1)} / ${(b.lazyJs.brotli / KB).toFixed(1)} | ${(b.lazyCss.gzip / KB).toFixed(1)} | ≤ ${limit} ${ok ? '✓' : '✗'} |`);
      }
      md.push('', `All ${total.count} chunks: JS ${(total.js.gzip / KB).toFixed(1)} KB gzip (${(total.js.raw / KB).toFixed(0)} KB raw), CSS ${(total.css.gzip / KB).toFixed(1)} KB gzip.`, '');
    }

    if (wants('interaction')) {
      console.log('Interactions (4x CPU throttling)...');
      const interactions = await benchInteractions(browser, server.url, token, { ...seeded, lessonUrls }, quick ? 3 : 5, interactionFilter);
      results.interaction = interactions;
      md.push('## Interaction: event to next paint, 4x CPU throttling (ms)', '', '| interaction | time | budget |', '|---|---|---|');
      for (const i of interactions) {
        const ok = i.time.median <= i.budget;
        budgets.push({ name: `interaction ${i.name}`, ok, actual: `${i.time.median.toFixed(0)} ms`, limit: `≤ ${i.budget} ms` });
        md.push(`| ${i.name} | ${fmt(i.time)} | ≤ ${i.budget} ${ok ? '✓' : '✗'} |`);
      }
      md.push('');
      const waiting = interactions.filter((i) => i.phases);
      if (waiting.length) {
        md.push('Where the time of the interactions that wait on the API goes (ms): until the page asks for the request (event handlers, the machine, the HTTP adapter); the request until its last byte (network and server); from there to the frame that shows the result (decoding, rendering, layout). Medians of each part, so they need not add up to the median time.', '');
        md.push('| interaction | to the request | request | to the paint |', '|---|---|---|---|');
        for (const i of waiting) md.push(`| ${i.name} | ${fmt(i.phases!.toRequest)} | ${fmt(i.phases!.request)} | ${fmt(i.phases!.toPaint)} |`);
        md.push('');
      }
    }
    if (wants('offline')) {
      console.log('A kept lesson, offline (4x CPU throttling)...');
      const kept = { id: lessonUrls[0]!.split('/')[3]!, title: await courseTitle(server.url, 'biodiversity-net-gain-for-developments', token) };
      const loads = await benchKeptLesson(browser, server.url, token, kept, lessonUrls.at(-2)!, quick ? 3 : 7);
      results.offline = loads;
      const ok = loads.offline.median <= 500;
      budgets.push({ name: 'a kept lesson, offline, to its largest paint', ok, actual: `${loads.offline.median.toFixed(0)} ms`, limit: '≤ 500 ms' });
      md.push('## A kept lesson, read again (ms)', '', 'With the service worker installed and the course kept (ADR 174), one of its lessons opened at 4x CPU: to its largest paint.', '');
      md.push('| network off | online, worker installed | budget (network off) |', '|---|---|---|', `| ${fmt(loads.offline)} | ${fmt(loads.online)} | ≤ 500 ${ok ? '✓' : '✗'} |`, '');
    }
    await browser.close();

    if (wants('lighthouse')) {
      console.log('Lighthouse (mobile preset)...');
      const loads = await benchPageLoads(server.url, routes, token, quick ? 1 : 5);
      console.log('Lighthouse (mobile preset), a repeat visit with the service worker installed...');
      // Three runs a route, not five: the table doubles the section's longest part (ADR 199).
      const withWorker = await benchPageLoads(server.url, routes, token, quick ? 1 : 3, { worker: true });
      results.lighthouse = loads;
      results.lighthouseWithWorker = withWorker;
      md.push(...pageLoadSection(loads, '## Page load: Lighthouse mobile preset', '', budgets));
      md.push(...pageLoadSection(
        withWorker,
        '## Page load with the service worker installed: Lighthouse mobile preset, a repeat visit',
        'Three runs a route. Each opens the route first in the same browser profile until the service worker controls it, and stops the worker as a browser does between visits; Lighthouse then measures the page through the worker, keeping its caches (issue 42 item 6, ADR 199).',
        budgets,
        ' [worker]',
      ));
    }

    if (wants('notifications')) {
      console.log('Notifications...');
      const notified = await benchNotifications(server.url, 'PGlite', seeded, quick ? 3 : 10);
      results.notifications = notified;
      budgets.push({ name: 'notification write → open stream p95 [PGlite]', ok: notified.stream.p95 <= 1000, actual: `${notified.stream.p95.toFixed(1)} ms`, limit: '≤ 1000 ms' });
      budgets.push({ name: 'feed with notifications p99 [PGlite]', ok: notified.feed.p99 <= 25 && notified.feed.failures === 0, actual: `${notified.feed.p99} ms`, limit: '≤ 25 ms' });
      md.push(...notificationLines([notified]));
    }

    if (wants('api')) {
      const seconds = quick ? 3 : 10;
      const endpoints = endpointsFor(seeded);
      const rssIdle = rssMb(server.process.pid!);
      console.log('API on PGlite...');
      const api = await benchApi(server.url, 'PGlite', token, endpoints, seconds);
      const rssAfter = rssMb(server.process.pid!);
      let pgRss: { before: number; after: number } | undefined;
      if (process.env.DATABASE_URL) {
        console.log('API on PostgreSQL...');
        const pgDb = await createPgDatabase(process.env.DATABASE_URL);
        try {
          const pgSeeded = await seedBenchDatabase({ databaseUrl: pgDb.url, dataDir: null });
          const pgServer = await startServer({ STATIC_DIR: staticDir, RATE_LIMIT: 'off', LOG_LEVEL: 'warn', DATABASE_URL: pgDb.url });
          try {
            const before = rssMb(pgServer.process.pid!);
            api.push(...(await benchApi(pgServer.url, 'PostgreSQL', await login(pgServer.url), endpointsFor(pgSeeded), seconds)));
            pgRss = { before, after: rssMb(pgServer.process.pid!) };
          } finally {
            await pgServer.stop();
          }
        } finally {
          await pgDb.drop();
        }
      }
      results.api = { endpoints: api, hashTime: hash, rss: { pglite: { before: rssIdle, after: rssAfter }, postgres: pgRss } };
      md.push(`## API: autocannon, ${seconds} s per run, 50 connections (login: 10)`, '', '| endpoint | database | req/s | p50 / p99 (ms) | bare route req/s | p50 / p99 (ms) | ratio | KB on the wire (bare) | budget |', '|---|---|---|---|---|---|---|---|---|');
      for (const a of api) {
        const { budget, limit } = apiBudget(a);
        if (budget) budgets.push(budget);
        const mark = budget ? (budget.ok ? ' ✓' : ' ✗') : '';
        md.push(`| ${a.name} | ${a.database} | ${a.rps.toFixed(0)}${a.failures ? ` (${a.failures} failed)` : ''} | ${a.p50} / ${a.p99} | ${a.bareRps.toFixed(0)} | ${a.bareP50} / ${a.bareP99} | ${a.ratio.toFixed(2)} | ${(a.bytes / KB).toFixed(1)} (${(a.bareBytes / KB).toFixed(1)}) | ${limit}${mark} |`);
      }
      md.push('', 'Requests send `accept-encoding: gzip, deflate, br`, as browsers do, except those marked "no Accept-Encoding" (as curl, scripts and server-to-server clients ask); the bare route answers uncompressed.');
      md.push('', `Login is bounded by argon2id on purpose: one verify alone takes ${fmt(hash, 1, ' ms')}.`, '');
      const rss = (r: { before: number; after: number }) => `${r.before.toFixed(0)} MB before, ${r.after.toFixed(0)} MB after`;
      md.push(`RSS of the server through these runs (started without \`MALLOC_ARENA_MAX\`): PGlite ${rss({ before: rssIdle, after: rssAfter })}${pgRss ? `; PostgreSQL (a fresh process) ${rss(pgRss)}` : ''}. A process's footprint as deployed: the footprint section.`, '');

      console.log('Memory over 60 s...');
      const samples: number[] = [];
      const soakSeconds = quick ? 20 : 60;
      const warmUp = 5;
      const soak = new Promise<void>((resolve, reject) =>
        autocannon({ url: `${server.url}/api/courses`, connections: 20, duration: soakSeconds }, (e) => (e ? reject(e) : resolve())),
      );
      const sampler = setInterval(() => samples.push(rssMb(server.process.pid!)), 1000);
      // The live heap once the soak has warmed up, and again once it is over, each after full collections.
      await new Promise((r) => setTimeout(r, warmUp * 1000));
      const heapStart = await liveHeapMb(inspectorPort);
      await soak;
      clearInterval(sampler);
      const heapEnd = await liveHeapMb(inspectorPort);
      const warm = figure(samples.slice(warmUp, warmUp * 2));
      const end = figure(samples.slice(-5));
      const rssGrowth = (end.median - warm.median) / warm.median;
      const growth = (heapEnd - heapStart) / heapStart;
      results.memory = { idleMb: rssIdle, afterApiMb: rssAfter, soakStartMb: warm.median, soakEndMb: end.median, rssGrowth, heapStartMb: heapStart, heapEndMb: heapEnd, growth };
      budgets.push({ name: 'live heap growth over the soak', ok: growth < 0.1, actual: `${(growth * 100).toFixed(1)} %`, limit: '< 10 %' });
      md.push(
        `## Memory over a ${soakSeconds} s soak of GET /api/courses (MB)`,
        '',
        `RSS is sampled each second. The budget is on the live JS heap, read over the inspector after two full collections, once the soak has run ${warmUp} s and again after it ends.`,
        '',
        `| RSS idle | RSS after the API run | RSS soak start (${warmUp}–${warmUp * 2} s) | RSS soak end (last 5 s) | RSS growth | live heap at ${warmUp} s | live heap at the end | heap growth | budget |`,
        '|---|---|---|---|---|---|---|---|---|',
      );
      md.push(
        `| ${rssIdle.toFixed(0)} | ${rssAfter.toFixed(0)} | ${warm.median.toFixed(0)} | ${end.median.toFixed(0)} | ${(rssGrowth * 100).toFixed(1)} % | ${heapStart.toFixed(1)} | ${heapEnd.toFixed(1)} | ${(growth * 100).toFixed(1)} % | < 10 % ${growth < 0.1 ? '✓' : '✗'} |`,
        '',
      );
    }
  } finally {
    await server.stop();
  }

  try {
    try {
      if (wants('footprint') || wants('bystander')) await processSections(staticDir, { dataDir, seeded }, { quick, wants }, { md, budgets, results });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    if (wants('writes')) {
      console.log('Writes under their limits...');
      const pgDb = process.env.DATABASE_URL ? await createPgDatabase(process.env.DATABASE_URL) : undefined;
      let writes: Awaited<ReturnType<typeof benchWrites>>;
      try {
        writes = await benchWrites(pgDb);
      } finally {
        await pgDb?.drop();
      }
      results.writes = writes;
      md.push('## Writes under their limits', '', `Comment creates: 600 at 10 at a time from 200 members, each behind its own address (ms, p50 / p99). \`RATE_LIMIT=on\` adds the shared counters (one upsert per budget, in the database, ADR 060).`, '');
      md.push('| database | limits on | limits off | cost of the counters (p99) |', '|---|---|---|---|');
      for (const database of [...new Set(writes.costs.map((c) => c.database))]) {
        const on = writes.costs.find((c) => c.database === database && c.limits === 'on')!;
        const off = writes.costs.find((c) => c.database === database && c.limits === 'off')!;
        const failed = (c: typeof on) => (c.failures ? `, ${c.failures} failed` : '');
        md.push(`| ${database} | ${on.p50} / ${on.p99}${failed(on)} | ${off.p50} / ${off.p99}${failed(off)} | ${(on.p99 - off.p99).toFixed(1)} ms |`);
      }
      if (writes.notify) md.push('', `On PostgreSQL every such write also tells the other processes (\`pg_notify\`, ADR 061): ${writes.notify.p50} / ${writes.notify.p99} ms (p50 / p99) for the notice alone.`);
      md.push('', '| database | 20 comments at once from one member | 15 wrong passwords, one email, one address | then the right password from another address |', '|---|---|---|---|');
      for (const b of writes.budgets) {
        const burstOk = b.commentBurst.accepted === 10 && b.commentBurst.refused === 10;
        const loginOk = b.wrongPasswords.checked === 10 && b.wrongPasswords.refused === 5 && b.wrongPasswords.ownerElsewhere === 200;
        budgets.push({ name: `limits comment burst [${b.database}]`, ok: burstOk, actual: `${b.commentBurst.accepted} accepted`, limit: '10 accepted, 10 refused' });
        budgets.push({ name: `limits wrong passwords [${b.database}]`, ok: loginOk, actual: `${b.wrongPasswords.checked} checked, owner ${b.wrongPasswords.ownerElsewhere}`, limit: '10 checked, 5 refused, owner 200' });
        md.push(`| ${b.database} | ${b.commentBurst.accepted} accepted, ${b.commentBurst.refused} refused (429) ${burstOk ? '✓' : '✗'} | ${b.wrongPasswords.checked} checked, ${b.wrongPasswords.refused} refused ${b.wrongPasswords.checked === 10 ? '✓' : '✗'} | ${b.wrongPasswords.ownerElsewhere} ${b.wrongPasswords.ownerElsewhere === 200 ? '✓' : '✗'} |`);
      }
      md.push('');
    }
    if (only?.includes('scale')) await scaleSection(quick, { md, budgets, results });
  } finally {
    rmSync(staticDir, { recursive: true, force: true });
  }

  const missed = budgets.filter((b) => !b.ok);
  md.push('## Budgets', '', missed.length === 0 ? 'Every budget met.' : `${missed.length} of ${budgets.length} budgets missed:`, '');
  for (const b of missed) md.push(`- ${b.name}: ${b.actual} (budget ${b.limit})`);
  const minutes = Math.max(1, Math.round((Date.now() - started) / 60_000));
  md.push('', `Reproduce: \`npm run bench\` (about ${minutes} minute${minutes === 1 ? '' : 's'} on this machine); \`npm run bench -- --check\` fails on a missed budget.`);
  results.budgets = budgets;
  // Only a whole run is the record (latest.*, and the README's Performance section); a partial one is kept aside.
  const whole = !quick && !only && !interactionFilter;
  const name = whole ? 'latest' : 'partial';
  writeFileSync(`bench/results/${name}.md`, `${md.join('\n')}\n`);
  writeFileSync(`bench/results/${name}.json`, `${JSON.stringify(results, null, 2)}\n`);
  if (whole) updateRecord(md, budgets);
  console.log(md.join('\n'));
  if (args.has('--check') && missed.length > 0) {
    console.error(`\nMissed budgets:\n${missed.map((b) => `  ${b.name}: ${b.actual} (budget ${b.limit})`).join('\n')}`);
    process.exit(1);
  }
}

/**
 * A whole run is the record: docs/performance.md gets every table, and the README, between its bench markers, a
 * short summary that links there.
 */
function updateRecord(md: string[], budgets: Budget[]) {
  const body = md.filter((line) => !line.startsWith('# ')).join('\n').trim();
  const intro = [
    '# Performance',
    '',
    'Written by `npm run bench` after a whole run (see the README for the sections and flags). How the figures were',
    'reached: ADRs 004, 006, 007, 008, 045, 050, 100, 102–106, 110–120, 122, 125 and 129 in `docs/decisions/`.',
    '',
  ];
  writeFileSync('docs/performance.md', `${intro.join('\n')}\n${body}\n`);
  const readme = readFileSync('README.md', 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error('README.md has no bench markers');
  const met = budgets.filter((b) => b.ok).length;
  const summary = [
    `Latest whole run: ${new Date().toISOString().slice(0, 10)}, ${met} of ${budgets.length} budgets met.`,
    'Every table, figure and missed budget, with what stands in the way: [docs/performance.md](docs/performance.md).',
  ];
  writeFileSync('README.md', `${readme.slice(0, from + start.length)}\n${summary.join('\n')}\n${readme.slice(to)}`);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
