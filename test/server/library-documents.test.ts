/**
 * The library documents over HTTP: upcoming workshops, ebooks, research papers, newsletters, case studies, and the PDFs
 * they point at (content type, length, cache headers, byte ranges, and real text read back with pdftotext).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { files, workshops, workshopSeries } from '../../server/data/schema';
import { libraryFilePath } from '../../server/content-import/courses';
import { SESSION_WINDOW_DAYS, type Schedule, sessionsBetween } from '../../src/domain/workshops';
import { featuredCaseStudy, listCaseStudies, listEbooks, listNewsletters, listResearchPapers, listWorkshops } from '../../src/contract/content';
import type { Call } from '../../src/contract/define';
import { type CaseStudy, type Ebook, ILLUSTRATIVE_LABEL, type Newsletter, type ResearchPaper, type Workshop } from '../../src/domain/content';
import { filePath, getUrl, mediaPath, send } from './api';
import { describeWithApp } from './fixture';
import { libraryFiles, readJson, tokenFor } from './content-files';

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
