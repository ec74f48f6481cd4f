/**
 * Content files the import refuses (naming the file and changing nothing), a draft course without its lessons, and
 * content removed from the files: the import against the seeded library.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { courses, files, workshops, workshopSeries } from '../../server/data/schema';
import { importContent } from '../../server/content-import/import';
import { listCourses } from '../../src/contract/content';
import { filePath, send } from './api';
import { courseProgress } from '../../src/contract/learning';
import { describeWithApp } from './fixture';
import { members } from './members';

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
