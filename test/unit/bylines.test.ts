/**
 * Honest bylines (issue 38 item 5, ADR 153): every byline of the product's seeded content (an article's author, a
 * workshop's hosts, a landing slide's source) is the editorial team or a real member named in MEMBER_BYLINES, and every
 * case study written as a teaching composite is flagged, so its card says so. The folder is read with the import's own
 * readers and schemas, so this checks exactly what `npm run content:import` loads.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { articleContent } from '../../server/content-import/articles';
import { courseContent, type CourseContent } from '../../server/content-import/courses';
import { homeContent } from '../../server/content-import/home';
import type { Reporter } from '../../server/content-import/module';
import { workshopContent } from '../../server/content-import/workshops';
import { EDITORIAL_TEAM } from '../../src/domain/content';

const CONTENT = join(import.meta.dirname, '..', '..', 'content');

/**
 * Real members who sign content under their own name. Empty today: add someone only once they are a member of the
 * product and have agreed to sign (ADR 153).
 */
const MEMBER_BYLINES: readonly string[] = [];

/** Case studies that describe one real, named project (with its owner's consent). None yet. */
const REAL_PROJECT_CASE_STUDIES: readonly string[] = [];

/** Field names that put a person's or a body's name on content; each must be one the readers below check. */
const BYLINE_KEYS = /^(authors?|by|byline|signed_?by|hosts?|presenters?|speakers?|instructors?|teachers?|tutors?|editors?|writers?|reviewers?|experts?|source)$/i;

const report: Reporter = {
  check: <S extends z.ZodType>(_file: string, schema: S, value: unknown) => schema.parse(value) as z.output<S>,
  parse: <S extends z.ZodType>(_file: string, schema: S, text: string) => schema.parse(JSON.parse(text)) as z.output<S>,
};

interface Byline {
  where: string;
  name: string;
}

/** Every byline in a content folder, read the way the import reads it. */
async function bylines(folder: string): Promise<Byline[]> {
  const found: Byline[] = [];
  for (const a of (await articleContent.read(folder, report)) ?? []) found.push({ where: `articles/${a.slug}.html: author`, name: a.author });
  for (const w of (await workshopContent.read(folder, report)) ?? []) {
    for (const h of w.hosts) found.push({ where: `workshops.json ${w.slug}: host`, name: h.name });
  }
  for (const s of (await homeContent.read(folder, report))?.slides ?? []) found.push({ where: `home.json ${s.slug}: source`, name: s.source });
  return found;
}

const honest = (name: string) => name === EDITORIAL_TEAM || MEMBER_BYLINES.includes(name);

/** The bylines that are neither the editorial team nor a listed member, as "where: name". */
async function dishonestBylines(folder: string): Promise<string[]> {
  return (await bylines(folder)).filter((b) => !honest(b.name)).map((b) => `${b.where}: ${b.name}`);
}

/** Every JSON file of the folder and every article's header, except the demo community (marked "(demo)" where shown). */
function contentRecords(folder: string): { file: string; value: unknown }[] {
  const records: { file: string; value: unknown }[] = [];
  const visit = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (name !== 'demo' && name !== 'images') visit(path, name);
      } else if (entry.name.endsWith('.json')) {
        records.push({ file: name, value: JSON.parse(readFileSync(path, 'utf8')) });
      } else if (entry.name.endsWith('.html')) {
        const header = /^\s*<!--([\s\S]*?)-->/.exec(readFileSync(path, 'utf8'))?.[1];
        if (header) records.push({ file: name, value: JSON.parse(header) });
      }
    }
  };
  visit(folder, '');
  return records;
}

/** Where a byline-like field sits ("file: a.b.c"), with array indexes written as []. */
function bylineFields(value: unknown, path: string[] = []): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => bylineFields(v, [...path, '[]']));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [
    ...(BYLINE_KEYS.test(key) ? [[...path, key].join('.')] : []),
    ...bylineFields(v, [...path, key]),
  ]);
}

/** The fields bylines() reads; any other byline-like field would go unchecked. */
const READ_FIELDS = new Set(['articles/*.html: author', 'workshops.json: [].hosts', 'home.json: slides.[].source']);

describe('bylines of the seeded content', () => {
  it('are all the editorial team or a real member', async () => {
    const all = await bylines(CONTENT);
    // The readers found the content (a moved folder would make an empty, passing list).
    expect(all.filter((b) => b.where.startsWith('articles/')).length).toBeGreaterThanOrEqual(21);
    expect(all.filter((b) => b.where.startsWith('workshops.json')).length).toBeGreaterThanOrEqual(6);
    expect(all.filter((b) => b.where.startsWith('home.json')).length).toBeGreaterThanOrEqual(3);
    expect(await dishonestBylines(CONTENT)).toEqual([]);
  });

  it('sit only in fields the check above reads', () => {
    const fields = contentRecords(CONTENT).flatMap(({ file, value }) =>
      bylineFields(value).map((field) => `${file.startsWith('articles/') ? 'articles/*.html' : file}: ${field}`));
    expect(fields.length).toBeGreaterThan(0);
    expect([...new Set(fields)].filter((f) => !READ_FIELDS.has(f))).toEqual([]);
  });

  describe('in a copy of the folder', () => {
    let copy: string;
    beforeAll(() => {
      copy = mkdtempSync(join(tmpdir(), 'sl-bylines-'));
      cpSync(join(CONTENT, 'articles'), join(copy, 'articles'), { recursive: true });
      cpSync(join(CONTENT, 'workshops.json'), join(copy, 'workshops.json'));
    });
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    it('names an invented author or host', async () => {
      const article = join(copy, 'articles', 'energy--closing-the-performance-gap.html');
      writeFileSync(article, readFileSync(article, 'utf8').replace(`"author": "${EDITORIAL_TEAM}"`, '"author": "Dr. Jane Doe"'));
      const workshops = join(copy, 'workshops.json');
      writeFileSync(workshops, readFileSync(workshops, 'utf8').replace(`"name": "${EDITORIAL_TEAM}"`, '"name": "Prof. John Roe"'));
      expect(await dishonestBylines(copy)).toEqual([
        'articles/energy--closing-the-performance-gap.html: author: Dr. Jane Doe',
        'workshops.json embodied-carbon-clinic: host: Prof. John Roe',
      ]);
    });
  });
});

describe('case studies', () => {
  let library: CourseContent['library'];
  beforeAll(async () => {
    library = (await courseContent.read(CONTENT, report)).library;
  });

  it('are each flagged illustrative, so the card says so, unless they describe one real project', () => {
    const studies = library.caseStudies ?? [];
    expect(studies.length).toBeGreaterThanOrEqual(4);
    expect(studies.filter((s) => !s.illustrative && !REAL_PROJECT_CASE_STUDIES.includes(s.slug)).map((s) => s.slug)).toEqual([]);
  });

  it('say it inside too: a flagged case study opens by calling itself an illustrative composite', () => {
    for (const s of (library.caseStudies ?? []).filter((c) => c.illustrative)) {
      expect(s.description, s.slug).toMatch(/illustrative composite/i);
      expect(s.sections[0]!.paragraphs[0], s.slug).toMatch(/illustrative composite/i);
    }
  });
});
