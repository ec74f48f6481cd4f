/**
 * The learning library over HTTP: courses with every filter combination and every bad filter value, one course,
 * upcoming workshops, ebooks, research papers, newsletters, case studies, and the PDFs they point at (content type,
 * length, cache headers, byte ranges, and real text read back with pdftotext).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { courseSections, courses, files, workshops, workshopSeries } from '../../server/data/schema';
import { type CourseFile, libraryFilePath } from '../../server/content-import/courses';
import { SESSION_WINDOW_DAYS, type Schedule, sessionsBetween } from '../../src/domain/workshops';
import { importContent } from '../../server/content-import/import';
import {
  featuredCaseStudy, getCourse, listCaseStudies, listCourses, listEbooks, listNewsletters, listResearchPapers, listWorkshops,
} from '../../src/contract/content';
import type { Call, QueryOf } from '../../src/contract/define';
import {
  ACCESS_TYPES, CONTENT_CATEGORIES, COURSE_LEVELS, type CaseStudy, type Course, type Ebook, ILLUSTRATIVE_LABEL, type Newsletter,
  type ResearchPaper, type Workshop,
} from '../../src/domain/content';
import { type CallOptions, filePath, getUrl, mediaPath, send, urlOf } from './api';
import { readLesson } from '../../server/content-import/lesson-markdown';
import { courseProgress } from '../../src/contract/learning';
import { describeWithApp, type TestContext } from './fixture';
import { members } from './members';

const readJson = (path: string) => JSON.parse(readFileSync(join(CONTENT_DIR, path), 'utf8'));
const jsonFilesIn = (folder: string) => readdirSync(join(CONTENT_DIR, folder)).filter((n) => n.endsWith('.json')).sort();
type CourseJson = Omit<CourseFile, 'sections' | 'assessment'> & { sections: { title: string; lessons: { slug: string; title: string }[] }[] };
const courseFiles: CourseJson[] = jsonFilesIn('courses').map((n) => readJson(`courses/${n}`));
/** A lesson's minutes as the import computes them: the reading time of its Markdown body. */
const lessonMinutes = (course: string, lesson: string) =>
  readLesson(readFileSync(join(CONTENT_DIR, 'courses', course, `${lesson}.md`), 'utf8'), `/media/lessons/${course}/`, () => true).minutes;

interface LibraryFile {
  slug: string;
  title: string;
  description: string;
  category?: string;
  publishedAt: string;
  featured?: boolean;
  illustrative?: boolean;
  imageUrl?: string;
  sections: { heading: string; paragraphs: string[] }[];
}
const libraryFiles = (kind: string): LibraryFile[] => jsonFilesIn(`library/${kind}`).map((n) => readJson(`library/${kind}/${n}`));

/** A signed-in member without going through the OTP flow (the accounts tests cover that). */
async function tokenFor(ctx: TestContext): Promise<string> {
  const [reader] = await members(ctx, 1, 'reader');
  return reader!.token;
}

function expectedCourses(filters: { status?: number; access?: string; level?: string; category?: string }) {
  return courseFiles
    .filter((c) => filters.status === undefined || c.status === filters.status)
    .filter((c) => !filters.access || (filters.access === 'free' ? c.price === 0 : c.price > 0))
    .filter((c) => !filters.level || c.level === filters.level)
    .filter((c) => !filters.category || c.category === filters.category)
    .map((c) => c.title)
    .sort();
}

describeWithApp('courses', { seed: true }, (ctx) => {
  const list = async (query: QueryOf<typeof listCourses> = {}): Promise<Course[]> => {
    const res = await send(ctx(), listCourses, { query });
    expect(res.statusCode, urlOf(listCourses, undefined, query)).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().courses;
  };

  it('lists every course, publicly, with its curriculum, objectives, duration (sum of lesson minutes) and fields', async () => {
    const all = await list();
    expect(all.map((c) => c.title).sort()).toEqual(courseFiles.map((c) => c.title).sort());
    expect(Object.keys(all[0]!).sort()).toEqual(
      ['_id', 'category', 'credits', 'description', 'duration', 'level', 'objectives', 'price', 'sections', 'status', 'thumbnail', 'title'].sort(),
    );
    for (const course of all) {
      const source = courseFiles.find((c) => c.title === course.title)!;
      expect(course).toMatchObject({
        description: source.description, category: source.category, level: source.level, price: source.price,
        status: source.status, thumbnail: source.thumbnail,
      });
      expect(course.objectives.map((o) => o.description)).toEqual(source.objectives);
      expect(course.sections.map((s) => s.title)).toEqual(source.sections.map((s) => s.title));
      expect(course.sections.map((s) => s.content.map((l) => [l.title, l.duration]))).toEqual(
        source.sections.map((s) => s.lessons.map((l) => [l.title, lessonMinutes(source.slug, l.slug)])),
      );
      const minutes = source.sections.flatMap((s) => s.lessons).reduce((sum, l) => sum + lessonMinutes(source.slug, l.slug), 0);
      expect(course.duration, course.title).toBe(minutes);
      expect((await getUrl(ctx(), course.thumbnail)).statusCode, course.thumbnail).toBe(200);
    }
  });

  it('has real seeded courses: 2+ published per category, free and paid, every level, 3-6 objectives and modules of 2-5 lessons', async () => {
    const published = await list({ status: 1 });
    for (const { id } of CONTENT_CATEGORIES) expect(published.filter((c) => c.category === id).length, id).toBeGreaterThanOrEqual(2);
    expect(published.some((c) => c.price === 0)).toBe(true);
    expect(published.some((c) => c.price > 0)).toBe(true);
    for (const level of COURSE_LEVELS) expect(published.some((c) => c.level === level), level).toBe(true);
    for (const course of published) {
      expect(course.description.length, course.title).toBeGreaterThan(70);
      expect(course.objectives.length, course.title).toBeGreaterThanOrEqual(3);
      expect(course.objectives.length, course.title).toBeLessThanOrEqual(6);
      expect(course.sections.length, course.title).toBeGreaterThanOrEqual(3);
      expect(course.sections.length, course.title).toBeLessThanOrEqual(6);
      for (const section of course.sections) {
        expect(section.content.length, section.title).toBeGreaterThanOrEqual(2);
        expect(section.content.length, section.title).toBeLessThanOrEqual(5);
      }
    }
  });

  it('answers every combination of status, access, level and category filters with exactly the matching courses', async () => {
    let combinations = 0;
    for (const status of [undefined, 0, 1]) {
      for (const access of [undefined, ...ACCESS_TYPES]) {
        for (const level of [undefined, ...COURSE_LEVELS]) {
          for (const category of [undefined, ...CONTENT_CATEGORIES.map((c) => c.id)]) {
            const query = { status, access, level, category };
            const titles = (await list(query)).map((c) => c.title).sort();
            expect(titles, urlOf(listCourses, undefined, query)).toEqual(expectedCourses({ status, access, level, category }));
            combinations++;
          }
        }
      }
    }
    expect(combinations).toBe(3 * 3 * 4 * 8);
    // Every course of the product is written and published; the draft case is tested with its own content below.
    expect(expectedCourses({ status: 0 })).toEqual([]);
  });

  it('honours limit (the home carousel asks for 6 published courses) in a stable order', async () => {
    const all = await list({ status: 1 });
    const six = await list({ status: 1, limit: 6 });
    expect(six.map((c) => c._id)).toEqual(all.slice(0, 6).map((c) => c._id));
    expect(six.every((c) => c.status === 1)).toBe(true);
  });

  it.each([
    ['status', '2'], ['status', '-1'], ['status', 'published'], ['status', '1.5'],
    ['access', 'premium'], ['access', 'FREE'], ['access', ''],
    ['level', 'expert'], ['level', 'Beginner'],
    ['category', 'plastics'], ['category', 'sdgs'],
    ['limit', '0'], ['limit', '101'], ['limit', 'six'],
  ])('refuses %s=%s with 400 and a message naming the filter', async (name, value) => {
    const res = await send(ctx(), listCourses, { rawUrl: `${urlOf(listCourses)}?${name}=${encodeURIComponent(value)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.stringMatching(new RegExp(`^${name}: .+`)) });
  });

  it('refuses a bad value even next to good ones', async () => {
    const res = await send(ctx(), listCourses, { rawUrl: `${urlOf(listCourses)}?status=1&access=free&level=beginner&category=carbn` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^category: /);
  });

  it('answers one course by id and by slug to a signed-in user, 404 "Course not found" otherwise, 401 signed out', async () => {
    const token = await tokenFor(ctx());
    const [first] = await list({ status: 1, limit: 1 });
    const res = await send(ctx(), getCourse, { params: { id: first!._id }, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, course: first });
    const slug = courseFiles.find((c) => c.title === first!.title)!.slug;
    expect((await send(ctx(), getCourse, { params: { id: slug }, token })).json().course._id).toBe(first!._id);
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'no-such-course']) {
      const nf = await send(ctx(), getCourse, { params: { id: missing }, token });
      expect(nf.statusCode).toBe(404);
      expect(nf.json()).toEqual({ success: false, message: 'Course not found' });
    }
    expect((await send(ctx(), getCourse, { params: { id: first!._id } })).statusCode).toBe(401);
  });

  it('keeps every course, section and lesson id when the same content is imported again', async () => {
    const { db } = ctx().database;
    const snapshot = async () => ({
      courses: await db.select({ id: courses.id, slug: courses.slug }).from(courses).orderBy(asc(courses.slug)),
      sections: await db.select({ id: courseSections.id }).from(courseSections).orderBy(asc(courseSections.id)),
      api: await list(),
    });
    const before = await snapshot();
    await importContent(db, CONTENT_DIR);
    expect(await snapshot()).toEqual(before);
  });
});

describeWithApp('workshops and library documents', { seed: true }, (ctx) => {
  let token = '';
  const signedIn = async () => (token ||= await tokenFor(ctx()));
  /** A call of the contract as the signed-in reader. */
  const call = async (c: Call) => send(ctx(), c, { token: await signedIn() });
  /** A URL outside the contract (a PDF, a picture) as the signed-in reader. */
  const get = async (url: string, headers: Record<string, string> = {}) => getUrl(ctx(), url, { token: await signedIn(), headers });
  const scratch = mkdtempSync(join(tmpdir(), 'sl-pdf-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('needs a signed-in user for every library list', async () => {
    for (const c of [listWorkshops, listEbooks, listResearchPapers, listNewsletters, listCaseStudies, featuredCaseStudy]) {
      const res = await send(ctx(), c);
      expect(res.statusCode, c.path).toBe(401);
    }
  });

  it('lists the sessions of every workshop series in the next 90 days, soonest first, as their schedules say', async () => {
    const res = await call(listWorkshops);
    expect(res.statusCode).toBe(200);
    const list: Workshop[] = res.json().workshops;
    const source: { title: string; duration: number; schedule: Schedule }[] = readJson('workshops.json');
    expect(new Set(list.map((w) => w.title))).toEqual(new Set(source.map((w) => w.title)));
    expect(list.map((w) => w.date)).toEqual(list.map((w) => w.date).sort());
    const now = Date.now();
    for (const series of source) {
      const mine = list.filter((w) => w.title === series.title);
      // Every series has sessions across the window, each at a start its schedule gives.
      expect(mine.length).toBeGreaterThanOrEqual(2);
      const expected = sessionsBetween(series.schedule, new Date(now - 3_600_000), new Date(now + SESSION_WINDOW_DAYS * 86_400_000)).map((d) => d.toISOString());
      for (const w of mine) {
        expect(expected).toContain(w.date);
        expect(w.duration).toBe(series.duration);
        // The join link is not in the list: it is for registered members, at the time (the workshop's own page).
        expect(w).not.toHaveProperty('joinUrl');
      }
    }
    for (const image of new Set(list.map((w) => w.imageUrl))) expect((await get(image)).statusCode).toBe(200);
  });

  it('leaves out workshops that are over but keeps one still running', async () => {
    const { db } = ctx().database;
    const [series] = await db.select().from(workshopSeries).limit(1);
    const base = { description: 'x', imageUrl: mediaPath('workshops/embodied-carbon-clinic.svg'), joinUrl: 'https://example.com/j', duration: 60, seriesId: series!.id };
    await db.insert(workshops).values([
      { ...base, slug: 'finished', title: 'Finished yesterday', startsAt: new Date(Date.now() - 24 * 3600_000) },
      { ...base, slug: 'running', title: 'Running now', startsAt: new Date(Date.now() - 30 * 60_000) },
    ]);
    try {
      const titles = ((await call(listWorkshops)).json().workshops as Workshop[]).map((w) => w.title);
      expect(titles).not.toContain('Finished yesterday');
      expect(titles[0]).toBe('Running now');
    } finally {
      await db.delete(workshops).where(eq(workshops.slug, 'finished'));
      await db.delete(workshops).where(eq(workshops.slug, 'running'));
    }
  });

  it('lists ebooks with filename <slug>.pdf, the PDF byte size and the upload date, newest first', async () => {
    const res = await call(listEbooks);
    expect(res.statusCode).toBe(200);
    const list: Ebook[] = res.json().ebooks;
    const source = libraryFiles('ebooks');
    expect(list).toHaveLength(source.length);
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.map((e) => e.createdAt)).toEqual(list.map((e) => e.createdAt).sort().reverse());
    for (const ebook of list) {
      const s = source.find((d) => d.title === ebook.title)!;
      expect(ebook.filename).toBe(`${s.slug}.pdf`);
      expect(ebook.fileUrl).toBe(libraryFilePath('ebooks', s.slug));
      expect(ebook.createdAt).toBe(`${s.publishedAt}T09:00:00.000Z`);
      const file = await get(ebook.fileUrl);
      expect(file.statusCode).toBe(200);
      expect(ebook.size).toBe(file.rawPayload.length);
    }
  });

  it('lists research papers (with category) and newsletters, newest first', async () => {
    const papers: ResearchPaper[] = (await call(listResearchPapers)).json().researchPapers;
    const paperFiles = libraryFiles('research-papers');
    expect(papers.length).toBeGreaterThanOrEqual(4);
    expect(papers.map((p) => p.title).sort()).toEqual(paperFiles.map((p) => p.title).sort());
    expect(papers.map((p) => p.createdAt)).toEqual(papers.map((p) => p.createdAt).sort().reverse());
    for (const paper of papers) {
      const s = paperFiles.find((d) => d.title === paper.title)!;
      expect(paper).toMatchObject({ category: s.category, description: s.description, fileUrl: libraryFilePath('researchPapers', s.slug) });
    }
    const letters: Newsletter[] = (await call(listNewsletters)).json().newsletters;
    const letterFiles = libraryFiles('newsletters');
    expect(letters.length).toBeGreaterThanOrEqual(4);
    expect(letters.map((n) => n.title).sort()).toEqual(letterFiles.map((n) => n.title).sort());
    expect(letters.map((n) => n.createdAt)).toEqual(letters.map((n) => n.createdAt).sort().reverse());
    expect(Object.keys(letters[0]!).sort()).toEqual(['_id', 'createdAt', 'description', 'fileUrl', 'title']);
  });

  it('lists case studies and answers the featured one (the one marked in its file)', async () => {
    const list: CaseStudy[] = (await call(listCaseStudies)).json().caseStudies;
    const source = libraryFiles('case-studies');
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.map((c) => c.title).sort()).toEqual(source.map((c) => c.title).sort());
    for (const study of list) {
      const s = source.find((d) => d.title === study.title)!;
      expect(study).toMatchObject({ imageUrl: s.imageUrl, documentUrl: libraryFilePath('caseStudies', s.slug), featured: s.featured ?? false, illustrative: s.illustrative ?? false });
      expect((await get(study.imageUrl)).statusCode).toBe(200);
    }
    const marked = source.filter((s) => s.featured);
    expect(marked).toHaveLength(1);
    const featured = await call(featuredCaseStudy);
    expect(featured.statusCode).toBe(200);
    expect(featured.json()).toEqual({ success: true, caseStudy: list.find((c) => c.title === marked[0]!.title) });
  });

  it('serves a PDF with its content type, length, cache headers, ETag and inline file name', async () => {
    const path = libraryFilePath('ebooks', libraryFiles('ebooks')[0]!.slug);
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['accept-ranges']).toBe('bytes');
    // A member's copy: kept by their browser, never by a shared cache (issue 41 item 3).
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    expect(res.headers['content-disposition']).toBe(`inline; filename="${path.split('/').pop()}"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [row] = await ctx().database.db.select().from(files).where(eq(files.path, path));
    expect(row!.size).toBe(res.rawPayload.length);
    const again = await get(path, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers byte ranges with 206 and Content-Range, and unsatisfiable ones with 416', async () => {
    const path = libraryFilePath('researchPapers', libraryFiles('research-papers')[0]!.slug);
    const whole = (await get(path)).rawPayload;
    const size = whole.length;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
      [`bytes=${size - 10}-${size + 500}`, size - 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(path, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
      expect(Number(res.headers['content-length']), range).toBe(end - start + 1);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(res.rawPayload, whole.subarray(start, end + 1)), range).toBe(0);
    }
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=50-10', 'items=0-10', 'bytes=abc']) {
      const res = await get(path, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${size}`);
    }
  });

  it('answers 404 for a file that does not exist', async () => {
    const res = await get(filePath('ebooks/no-such-book.pdf'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'File not found' });
  });

  it('serves a library document to members only: a visitor is refused, or sent to sign in and back; the legal ones stay public', async () => {
    const path = libraryFilePath('ebooks', libraryFiles('ebooks')[0]!.slug);
    const visitor = await ctx().app.inject({ method: 'GET', url: path });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ success: false, message: 'Please sign in to open this document' });
    const opened = await ctx().app.inject({ method: 'GET', url: path, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/login?from=${encodeURIComponent(path)}`);
    expect(opened.headers['cache-control']).toBe('no-store');
    // A View link opened in a new tab carries the session cookie, not a bearer token.
    const byCookie = await ctx().app.inject({ method: 'GET', url: path, headers: { cookie: `token=${encodeURIComponent(await signedIn())}` } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['content-type']).toBe('application/pdf');
    expect(byCookie.headers['cache-control']).toBe('private, max-age=86400');
    const forged = await ctx().app.inject({ method: 'GET', url: path, headers: { cookie: 'token=not-a-token' } });
    expect(forged.statusCode).toBe(401);
    const legal = await ctx().app.inject({ method: 'GET', url: '/files/legal/terms.pdf' });
    expect(legal.statusCode).toBe(200);
    expect(legal.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers HEAD with the headers and no body', async () => {
    const path = libraryFilePath('newsletters', libraryFiles('newsletters')[0]!.slug);
    const whole = await get(path);
    const head = await ctx().app.inject({ method: 'HEAD', url: path, headers: { authorization: `Bearer ${token}` } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.headers['content-length']).toBe(String(whole.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('renders every library document as a several-page PDF whose real text pdftotext reads back', async () => {
    const squash = (text: string) => text.replace(/\s+/g, '');
    const kinds = [['ebooks', 'ebooks'], ['researchPapers', 'research-papers'], ['newsletters', 'newsletters'], ['caseStudies', 'case-studies']] as const;
    for (const [kind, folder] of kinds) {
      const source = libraryFiles(folder);
      expect(source.length, folder).toBeGreaterThanOrEqual(4);
      for (const doc of source) {
        const res = await get(libraryFilePath(kind, doc.slug));
        expect(res.statusCode).toBe(200);
        const file = join(scratch, `${doc.slug}.pdf`);
        writeFileSync(file, res.rawPayload);
        const pages = /Pages:\s+(\d+)/.exec(spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout)?.[1];
        expect(Number(pages), doc.slug).toBeGreaterThanOrEqual(2);
        const result = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
        expect(result.status, result.stderr).toBe(0);
        const text = squash(result.stdout);
        expect(text).toContain(squash(doc.title).slice(0, 40));
        // A teaching composite says so under its title too (ADR 153).
        expect(text.includes(squash(ILLUSTRATIVE_LABEL)), doc.slug).toBe(doc.illustrative === true);
        for (const section of doc.sections) {
          expect(text, `${doc.slug}: ${section.heading}`).toContain(squash(section.heading));
          // The first words after each heading (a heading never ends a page, so no page footer comes between).
          const opening = section.paragraphs[0]!.split('\n')[0]!.split(/\s+/).slice(0, 8).join(' ');
          expect(text, `${doc.slug}: ${opening}`).toContain(squash(opening));
        }
      }
    }
  });
});

describeWithApp('the library on an empty database', { seed: false }, (ctx) => {
  it('answers empty lists, 404 for the featured case study and for any course', async () => {
    const token = await tokenFor(ctx());
    const call = <C extends Call>(c: C, options: CallOptions<C> = {}) => send(ctx(), c, { ...options, token });
    expect((await call(listCourses)).json()).toEqual({ success: true, courses: [] });
    expect((await call(listCourses, { query: { status: 1, access: 'paid', level: 'advanced', category: 'energy' } })).json()).toEqual({ success: true, courses: [] });
    expect((await call(listWorkshops)).json()).toEqual({ success: true, workshops: [] });
    expect((await call(listEbooks)).json()).toEqual({ success: true, ebooks: [] });
    expect((await call(listResearchPapers)).json()).toEqual({ success: true, researchPapers: [] });
    expect((await call(listNewsletters)).json()).toEqual({ success: true, newsletters: [] });
    expect((await call(listCaseStudies)).json()).toEqual({ success: true, caseStudies: [] });
    const featured = await call(featuredCaseStudy);
    expect(featured.statusCode).toBe(404);
    expect(featured.json()).toEqual({ success: false, message: 'No featured case study' });
    const course = await call(getCourse, { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(course.statusCode).toBe(404);
    expect(course.json()).toEqual({ success: false, message: 'Course not found' });
  });
});

describeWithApp('importing broken library content', { seed: true }, (ctx) => {
  const copies: string[] = [];
  afterAll(() => {
    for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  });
  const brokenCopy = (file: string, change: (text: string) => string) => {
    const dir = mkdtempSync(join(tmpdir(), 'sl-content-'));
    copies.push(dir);
    cpSync(CONTENT_DIR, dir, { recursive: true });
    writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));
    return dir;
  };

  it.each([
    ['a course level that does not exist', 'courses/embodied-carbon-fundamentals.json', (t: string) => t.replace('"level": "beginner"', '"level": "expert"'), /^courses\/embodied-carbon-fundamentals\.json: field "level": /],
    ['a course slug that differs from its file name', 'courses/embodied-carbon-fundamentals.json', (t: string) => t.replace('"slug": "embodied-carbon-fundamentals"', '"slug": "other"'), /field "slug": must match the file name/],
    ['minutes written by hand on a lesson', 'courses/embodied-carbon-fundamentals.json', (t: string) => t.replace('"title": "Carbon in the built environment: the big picture"', '"title": "Carbon in the built environment: the big picture", "duration": 10'), /field "sections\.0\.lessons\.0": Unrecognized key: "duration"/],
    ['an empty lesson', 'courses/embodied-carbon-fundamentals/carbon-in-the-built-environment-the-big-picture.md', () => '', /^courses\/embodied-carbon-fundamentals\/carbon-in-the-built-environment-the-big-picture\.md: field "body": the lesson is empty$/],
    ['a lesson without key takeaways', 'courses/embodied-carbon-fundamentals/carbon-in-the-built-environment-the-big-picture.md', (t: string) => t.replace('## Key takeaways', '## Summary'), /carbon-in-the-built-environment-the-big-picture\.md: field "key takeaways": /],
    ['a lesson without named sources', 'courses/embodied-carbon-fundamentals/carbon-in-the-built-environment-the-big-picture.md', (t: string) => t.slice(0, t.indexOf('## Sources')), /carbon-in-the-built-environment-the-big-picture\.md: field "sources": /],
    ['a lesson too long', 'courses/embodied-carbon-fundamentals/carbon-in-the-built-environment-the-big-picture.md', (t: string) => `${t}\n\n${'More words here. '.repeat(200)}`, /field "body": has \d+ words; a lesson has 250 to 700/],
    ['an assessment question on no lesson of the course', 'courses/embodied-carbon-fundamentals/assessment.json', (t: string) => t.replace(/"lesson": "[^"]+"/, '"lesson": "not-a-lesson"'), /^courses\/embodied-carbon-fundamentals\/assessment\.json: field "lesson": "not-a-lesson" is not a lesson of this course$/],
    ['a workshop time that is not HH:MM', 'workshops.json', (t: string) => t.replace('"time": "17:00"', '"time": "5pm"'), /^workshops\.json: field "0\.schedule\.time": must be a local time like 17:00/],
    ['a workshop time zone that does not exist', 'workshops.json', (t: string) => t.replace('"timeZone": "Europe/London"', '"timeZone": "Europe/Atlantis"'), /^workshops\.json: field "0\.schedule\.timeZone": must be an IANA time zone/],
    ['a workshop agenda that does not fill its time', 'workshops.json', (t: string) => t.replace('"minutes": 50', '"minutes": 40'), /^workshops\.json: field "0\.agenda": adds up to 80 minutes, not the duration 90/],
    ['a research paper without a category', 'library/research-papers/embodied-carbon-building-life-cycle-review.json', (t: string) => t.replace('"category": "carbon",', ''), /research-papers\/embodied-carbon-building-life-cycle-review\.json: field "category"/],
    ['a second featured case study', 'library/case-studies/circular-office-fit-out.json', (t: string) => t.replace('"featured": false', '"featured": true'), /only one case study may be featured/],
    ['an illustrative composite whose card would not say so', 'library/case-studies/circular-office-fit-out.json', (t: string) => t.replace('"illustrative": true,', ''), /^library\/case-studies\/circular-office-fit-out\.json: field "illustrative": the text calls this case study an illustrative composite/],
    ['an ebook marked illustrative', 'library/ebooks/circular-interiors-playbook.json', (t: string) => t.replace('"publishedAt"', '"illustrative": true, "publishedAt"'), /^library\/ebooks\/circular-interiors-playbook\.json: field "illustrative": only a case study/],
  ])('refuses %s, naming the file, and changes nothing', async (_label, file, change, message) => {
    const { db } = ctx().database;
    const before = await db.select({ id: courses.id, title: courses.title, level: courses.level }).from(courses).orderBy(asc(courses.id));
    await expect(importContent(db, brokenCopy(file, change))).rejects.toThrow(message);
    expect(await db.select({ id: courses.id, title: courses.title, level: courses.level }).from(courses).orderBy(asc(courses.id))).toEqual(before);
  });

  it('imports a draft course whose lessons are not written yet, lists it only under status=0, and keeps it out of the player', async () => {
    const { db } = ctx().database;
    const dir = brokenCopy('courses/embodied-carbon-fundamentals.json', (t) => t.replace('"status": 1', '"status": 0'));
    rmSync(join(dir, 'courses/embodied-carbon-fundamentals'), { recursive: true, force: true });
    await importContent(db, dir);
    const [reader] = await members(ctx(), 1, 'drafts');
    const drafts = await send(ctx(), listCourses, { query: { status: 0 } });
    expect(drafts.json().courses.map((c: { title: string }) => c.title)).toEqual(['Embodied Carbon Fundamentals']);
    const published = await send(ctx(), listCourses, { query: { status: 1 } });
    expect(published.json().courses.map((c: { title: string }) => c.title)).not.toContain('Embodied Carbon Fundamentals');
    expect((await send(ctx(), courseProgress, { params: { id: 'embodied-carbon-fundamentals' }, token: reader!.token })).statusCode).toBe(404);
    // Publishing it without its lessons is refused, naming the first missing lesson.
    const unwritten = brokenCopy('courses/embodied-carbon-fundamentals.json', (t) => t);
    rmSync(join(unwritten, 'courses/embodied-carbon-fundamentals/carbon-in-the-built-environment-the-big-picture.md'));
    await expect(importContent(db, unwritten)).rejects.toThrow(
      /^courses\/embodied-carbon-fundamentals\/carbon-in-the-built-environment-the-big-picture\.md: field "body": the lesson file is missing; a published course needs every lesson written$/,
    );
    await importContent(db, CONTENT_DIR);
  });

  it('removes a course, a workshop and a document (with its PDF) whose file was removed', async () => {
    const { db } = ctx().database;
    const dir = brokenCopy('workshops.json', (t) => JSON.stringify(JSON.parse(t).slice(1)));
    rmSync(join(dir, 'courses/embodied-carbon-fundamentals.json'));
    rmSync(join(dir, 'library/ebooks/circular-interiors-playbook.json'));
    await importContent(db, dir);
    expect(await db.select().from(courses).where(eq(courses.slug, 'embodied-carbon-fundamentals'))).toEqual([]);
    expect(await db.select().from(workshopSeries).where(eq(workshopSeries.slug, 'embodied-carbon-clinic'))).toEqual([]);
    expect(await db.select().from(workshops).where(like(workshops.slug, 'embodied-carbon-clinic--%'))).toEqual([]);
    expect(await db.select({ path: files.path }).from(files).where(eq(files.path, filePath('ebooks/circular-interiors-playbook.pdf')))).toEqual([]);
    await importContent(db, CONTENT_DIR);
    expect(await db.select({ path: files.path }).from(files).where(eq(files.path, filePath('ebooks/circular-interiors-playbook.pdf')))).toHaveLength(1);
  });
});
