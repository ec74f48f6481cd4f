/**
 * Malformed page requests (issue 34, item 8): every route of the app's route table, reached at a concrete URL built
 * by src/ui/routes.ts `paths` from the seeded content (articles, courses, lessons, workshops, quiz topics and sets, a
 * discussion's topic, a certificate), gets broken paths and query strings: control characters (encoded, and raw where
 * the HTTP layer lets them through), non-ASCII (encoded and raw), encoded and double-encoded slashes and backslashes,
 * other hosts in place of the path (`//evil.example`, `/\evil.example`, `/\t/evil.example`, `https://evil.example`),
 * 8 KB values and repeated parameters, signed out, with a valid token cookie and with a garbage one.
 *
 * The app is the one the server builds, with the real page bundle (built from the current sources into a private
 * folder), listening on a socket: requests are written byte for byte, so what an attacker sends is what Node parses.
 * Every answer must come below 500 within 5 s, and every `Location` must be a same-site path in printable ASCII,
 * the login page's redirect of a signed-in visitor to `from` included. A failing test lists every offending request.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { certificates, cpdTranscripts } from '../../server/data/schema';
import { quizConstants } from '../../src/contract/quizzes';
import { getCourse, listArticles, listCourses, listWorkshops } from '../../src/contract/content';
import { createDiscussion, sdgConstants } from '../../src/contract/discussions';
import { patternSource, ROUTE_TABLE, type RouteEntry } from '../../src/ui/route-table';
import { paths } from '../../src/ui/routes';
import { send } from './api';
import { describeWithApp, type TestContext } from './fixture';
import { members } from './members';
import { bytesOf, locationProblem, type Raw, rawGet, REDIRECT_VALUES, SLOW_MS, TARGET_PREFIXES, VALUES, pageBundle } from './page-fuzz';

// ---------------------------------------------------------------------------------------------------------------------
// The routes, at concrete URLs: every builder of `paths` called with seeded ids (a builder added to `paths` without
// arguments here fails the typecheck), and every entry of the route table must be where one of them leads.

interface Seeded {
  article: string;
  course: string;
  courseCategory: string;
  lesson: string;
  workshop: string;
  quizTopic: string;
  quizCategory: string;
  quizSet: string;
  certificate: string;
  transcript: string;
  discussionTopic: { category: string; subcategory: string };
  member: string;
  discussion: string;
}

type Builders = { [K in keyof typeof paths as (typeof paths)[K] extends string ? never : K]: (typeof paths)[K] };
const ARGS: { [K in keyof Builders]: (s: Seeded) => Parameters<Builders[K]> } = {
  article: (s) => [s.article],
  searchResults: () => ['carbon', 'articles'],
  discussionTopic: (s) => [s.discussionTopic],
  coursesByCategory: (s) => [s.courseCategory],
  courseCategory: (s) => [s.courseCategory],
  courseDetail: (s) => [s.course],
  courseView: (s) => [s.course],
  courseLesson: (s) => [s.course, s.lesson],
  courseAssessment: (s) => [s.course],
  certificate: (s) => [s.certificate],
  cpdTranscript: (s) => [s.transcript],
  workshop: (s) => [s.workshop],
  quizTopic: (s) => [s.quizTopic],
  quizSet: (s) => [s.quizCategory, s.quizSet],
  member: (s) => [s.member],
  discussionPost: (s) => [s.discussion],
  // Newsletter pages (ADR 139): none is seeded, so unknown ones; each page answers its own "not found".
  newsletter: () => ['a-newsletter-2026-11-01'],
  newsletterConfirm: () => ['n'.repeat(32)],
  newsletterUnsubscribe: () => ['u'.repeat(32)],
  staffNewsletterIssue: () => ['00000000-0000-4000-8000-000000000000'],
  staffWorkshop: (s) => [s.workshop],
  staffMembers: () => ['ada', 2],
  staffMember: (s) => [s.member],
  staffAnalytics: () => [30],
  staffModeration: () => ['held'],
  staffContent: () => ['articles', 'carbon', 'draft'],
  staffContentItem: () => ['articles', '00000000-0000-4000-8000-000000000000'],
  staffContentNew: () => ['articles'],
  staffContentPreview: () => ['articles', '00000000-0000-4000-8000-000000000000'],
};

function concreteUrls(s: Seeded): string[] {
  return Object.entries(paths).map(([key, value]) => {
    if (typeof value === 'string') return value;
    const args = (ARGS as Record<string, (s: Seeded) => unknown[]>)[key];
    if (!args) throw new Error(`paths.${key} has no arguments in ARGS`);
    return (value as (...a: unknown[]) => string)(...args(s));
  });
}

/** The entry of the route table a path is shown by: the first that matches, as the app's router does. */
const routeOf = (path: string): RouteEntry | undefined => ROUTE_TABLE.find((r) => new RegExp(patternSource(r.path)).test(path));

/** For every entry of the route table, the first concrete URL it shows; undefined when none leads there. */
function baseUrls(s: Seeded): Map<RouteEntry, string | undefined> {
  const urls = concreteUrls(s);
  return new Map(ROUTE_TABLE.map((entry) => [entry, urls.find((url) => routeOf(url.split('?')[0]!) === entry)]));
}

/** Every query field a page reads (`.get('name')` in src/ui), and `from`: the fields fuzzed on every route. */
function queryFields(): string[] {
  const root = fileURLToPath(new URL('../../src/ui/', import.meta.url));
  const names = new Set<string>(['from']);
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const m of readFileSync(join(root, file), 'utf8').matchAll(/\.get\('([A-Za-z][\w-]*)'\)/g)) names.add(m[1]!);
  }
  return [...names].sort();
}
const FIELDS = queryFields();

// ---------------------------------------------------------------------------------------------------------------------
// The cases: every malformed value reaches every route once, its place (a path parameter, a query field, the `from`
// field) and its sign-in state rotating from route to route; the login page gets every redirect value in every state.

type Who = 'signed out' | 'signed in' | 'garbage cookie';
const WHO: Who[] = ['signed out', 'signed in', 'garbage cookie'];
const GARBAGE_COOKIES = ['token=not-a-jwt', 'token=eyJhbGciOiJub25lIn0.eyJzdWIiOiIwIn0.', 'token=%E0%A4%A', `token=${'x'.repeat(4096)}`, 'token'];

interface Case {
  route: string;
  input: string;
  who: Who;
  target: Buffer;
}

const QUERY_SHAPES: [string, (field: string) => string][] = [
  ['repeated', (f) => `${f}=1&${f}=2`],
  ['repeated, the second off-site', (f) => `${f}=%2Fsearch&${f}=%2F%5Cevil.example`],
  ['empty value', (f) => `${f}=`],
  ['key without value', (f) => f],
  ['8 KB key', (f) => `${f}${'k'.repeat(8 * 1024)}=1`],
];

function casesFor(entry: RouteEntry, base: string, r: number): Case[] {
  const [path = '/', query] = base.split(/\?(.*)/s);
  const segments = path.split('/');
  const params = entry.path.split('/').flatMap((part, i) => (part.startsWith(':') ? [i] : []));
  const cases: Case[] = [];
  const add = (input: string, k: number, ...target: Raw[]) => cases.push({ route: entry.path, input, who: WHO[(r + k) % WHO.length]!, target: bytesOf(...target) });
  const withQuery = (extra: Raw): Raw[] => [path, '?', ...(query ? [query, '&'] : []), extra];
  /** The value as the route's k-th parameter in turn, or as a segment after a route without parameters. */
  const inPath = (value: Raw, k: number): Raw[] => {
    if (!params.length) return [path === '/' ? '' : path, '/', value, ...(query ? ['?', query] : [])];
    const at = params[Math.floor((r + k) / 2) % params.length]!;
    return [segments.slice(0, at).join('/'), '/', value, at + 1 < segments.length ? `/${segments.slice(at + 1).join('/')}` : '', ...(query ? ['?', query] : [])];
  };
  for (const [k, [label, value]] of VALUES.entries()) {
    // Even turns put the value in the path, odd turns in a query field, each field in turn.
    if ((r + k) % 2 === 0) add(`path ${params.length ? 'parameter' : 'segment'} = ${label}`, k, ...inPath(value, k));
    else {
      const field = FIELDS[(r + k) % FIELDS.length]!;
      add(`query ${field} = ${label}`, k, ...withQuery(bytesOf(`${field}=`, value)));
    }
  }
  for (const [k, [label, value]] of REDIRECT_VALUES.entries()) add(`query from = ${label}`, k + 1, ...withQuery(bytesOf('from=', value)));
  for (const [k, [label, shape]] of QUERY_SHAPES.entries()) {
    const field = FIELDS[(r + k) % FIELDS.length]!;
    add(`query ${field}: ${label}`, k + 2, ...withQuery(shape(field)));
  }
  for (const [k, [label, prefix]] of TARGET_PREFIXES.entries()) add(label, k, prefix, path === '/' ? '' : path, ...(query ? ['?', query] : []));
  return cases;
}

/** The login page's redirect of a signed-in visitor: every off-site return path, in every sign-in state. */
const LOGIN_CASES: Case[] = WHO.flatMap((who) =>
  REDIRECT_VALUES.map(([label, value]): Case => ({ route: paths.login, input: `login redirect: from = ${label}`, who, target: bytesOf(`${paths.login}?from=`, value) })),
);

// ---------------------------------------------------------------------------------------------------------------------
// Sending and judging.

interface Offence {
  c: Case;
  problem: string;
}

const shown = (bytes: Buffer) => {
  const text = JSON.stringify(bytes.toString('latin1')).slice(1, -1);
  return text.length > 140 ? `${text.slice(0, 100)}…(${bytes.length} bytes)` : text;
};
const describeOffence = ({ c, problem }: Offence) => `GET ${shown(c.target)} | ${c.route} | ${c.input} | ${c.who} | ${problem}`;

async function sendCase(port: number, token: string, c: Case, i: number): Promise<Offence[]> {
  const cookie = c.who === 'signed in' ? `token=${encodeURIComponent(token)}` : c.who === 'garbage cookie' ? GARBAGE_COOKIES[i % GARBAGE_COOKIES.length]! : undefined;
  const answer = await rawGet(port, c.target, cookie ? { cookie } : {});
  const offences: Offence[] = [];
  if (typeof answer.status !== 'number' || answer.status >= 500) offences.push({ c, problem: `answered ${answer.status}` });
  if (answer.ms > SLOW_MS) offences.push({ c, problem: `answered in ${Math.round(answer.ms)} ms` });
  if (answer.locations.length > 1) offences.push({ c, problem: `${answer.locations.length} Location headers` });
  for (const location of answer.locations) {
    const problem = locationProblem(location);
    if (problem) offences.push({ c, problem: `Location ${shown(location)} ${problem}` });
  }
  return offences;
}

// ---------------------------------------------------------------------------------------------------------------------

const bundle = pageBundle();
beforeAll(() => bundle.prepare(), 180_000);
afterAll(() => bundle.remove());

describeWithApp('malformed page requests', { seed: true, env: { STATIC_DIR: bundle.dir } }, (ctx) => {
  let port: number;
  let token: string;
  let seeded: Seeded;

  beforeAll(async () => {
    const c = ctx();
    await c.app.listen({ port: 0, host: '127.0.0.1' });
    port = (c.app.server.address() as { port: number }).port;
    const [who] = await members(c, 1, 'pages');
    token = who!.token;
    seeded = await seed(c, who!.id, token);
  }, 60_000);

  it('reaches every entry of the route table at a URL built by paths', () => {
    const missing = [...baseUrls(seeded)].filter(([, url]) => !url).map(([entry]) => entry.path);
    expect(missing, 'routes of the table no URL of `paths` leads to (give them a builder and its arguments)').toEqual([]);
  });

  it('draws every route at its URL: open ones for nobody, members\' ones for a member and to the login page for nobody', async () => {
    const drawn = (res: { statusCode: number; body: string }) => res.statusCode === 200 && /<div id="root"><[a-z]/.test(res.body);
    const wrong: string[] = [];
    for (const [entry, url] of baseUrls(seeded)) {
      if (!url) continue;
      const nobody = await ctx().app.inject({ method: 'GET', url });
      const member = await ctx().app.inject({ method: 'GET', url, headers: { cookie: `token=${encodeURIComponent(token)}` } });
      if (entry.signedIn) {
        if (!drawn(member)) wrong.push(`${url} for a member: ${member.statusCode}`);
        if (nobody.statusCode !== 302 || !String(nobody.headers.location).startsWith(`${paths.login}?from=`)) wrong.push(`${url} for nobody: ${nobody.statusCode} ${nobody.headers.location ?? ''}`);
      } else {
        // The sign-in pages send a member on (home, or `from`); every other open page is drawn for both.
        if (!drawn(nobody)) wrong.push(`${url} for nobody: ${nobody.statusCode}`);
        if (!drawn(member) && member.statusCode !== 302) wrong.push(`${url} for a member: ${member.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it(`answers every malformed page request below 500 within ${SLOW_MS / 1000} s, with only same-site Locations`, async () => {
    const cases = [...baseUrls(seeded)].flatMap(([entry, url], r) => (url ? casesFor(entry, url, r) : []));
    const all = [...cases, ...LOGIN_CASES];
    // Every route, in every sign-in state, gets its share.
    for (const entry of ROUTE_TABLE) {
      for (const who of WHO) expect(cases.filter((c) => c.route === entry.path && c.who === who).length, `${entry.path}, ${who}`).toBeGreaterThanOrEqual(15);
    }
    const offences: Offence[] = [];
    for (const [i, c] of all.entries()) offences.push(...(await sendCase(port, token, c, i)));
    expect(offences.map(describeOffence), `${offences.length} offences in ${all.length} page requests`).toEqual([]);
  }, 300_000);
});

/** A transcript as the member's download keeps it (issue 39): its public page reads the snapshot. */
async function transcriptFor(c: TestContext, userId: string): Promise<string> {
  const code = 'pagesFuzzTranscript01';
  const snapshot = {
    memberName: 'Pages No0', body: 'aia', bodyName: 'AIA CES', number: '30012345', total: 1, unit: 'LU',
    period: { id: '2026', label: '2026', start: '2026-01-01', end: '2026-12-31', graceEnd: '2027-09-30' },
    activities: [{ title: 'Embodied Carbon Fundamentals', courseNumber: null, earnedOn: '2026-03-02', amount: 1, type: 'LU', selfReported: false }],
  };
  await c.database.db.insert(cpdTranscripts).values({ code, userId, body: 'aia', periodId: '2026', snapshot });
  return code;
}

async function seed(c: TestContext, memberId: string, token: string): Promise<Seeded> {
  const article = (await send(c, listArticles)).json().articles[0]._id as string;
  const course = (await send(c, listCourses)).json().courses[0] as { _id: string; category: string; title: string };
  const full = (await send(c, getCourse, { params: { id: course._id }, token })).json().course as { sections: { content: { _id: string }[] }[] };
  const workshop = (await send(c, listWorkshops, { token })).json().workshops[0]._id as string;
  const quiz = (await send(c, quizConstants, { token })).json() as Record<'topics' | 'categories' | 'sets', { id: string }[]>;
  const constants = (await send(c, sdgConstants, { token })).json();
  const category = Object.values(constants.categories as Record<string, string>)[0]!;
  const subcategory = (constants.subcategories[category] as { value: string }[])[0]!.value;
  const post = await send(c, createDiscussion, { body: { title: 'Page fuzz', content: '<p>Page fuzz</p>', category, subcategory }, token });
  expect(post.statusCode).toBe(200);
  const [certificate] = await c.database.db
    .insert(certificates)
    .values({ userId: memberId, courseId: course._id, learnerName: 'Pages No0', courseTitle: course.title, minutes: 60, score: 8, totalQuestions: 10, issuedAt: new Date() })
    .returning({ id: certificates.id });
  return {
    article,
    course: course._id,
    courseCategory: course.category,
    lesson: full.sections[0]!.content[0]!._id,
    workshop,
    quizTopic: quiz.topics[0]!.id,
    quizCategory: quiz.categories[0]!.id,
    quizSet: quiz.sets[0]!.id,
    certificate: certificate!.id,
    transcript: await transcriptFor(c, memberId),
    discussionTopic: { category, subcategory },
    member: memberId,
    discussion: post.json().discussion._id as string,
  };
}
