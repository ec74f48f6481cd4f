import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { openDatabase } from '../../server/data/client';
import { articles, files, salesBanners, slides } from '../../server/data/schema';
import { importContent } from '../../server/content-import/import';
import { ContentError } from '../../server/content-import/module';
import { featuredArticle, listArticles } from '../../src/contract/content';
import { send } from './api';
import { dataDirCopy, describeWithApp, type TestContext } from './fixture';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the product's content folder that a test may break. */
function contentCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sl-content-'));
  made.push(dir);
  cpSync(CONTENT_DIR, dir, { recursive: true });
  return dir;
}

function edit(path: string, change: (text: string) => string) {
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

const ENERGY_ARTICLE = 'articles/energy--closing-the-performance-gap.html';
const PASSIVHAUS_ARTICLE = 'articles/energy--passivhaus-criteria-and-principles.html';

async function snapshot(ctx: TestContext) {
  const { db } = ctx.database;
  return {
    articles: await db.select().from(articles).orderBy(asc(articles.slug)),
    slides: await db.select().from(slides).orderBy(asc(slides.slug)),
    banners: await db.select({ text: salesBanners.text }).from(salesBanners),
    files: await db.select({ path: files.path, size: files.size }).from(files).orderBy(asc(files.path)),
  };
}

describeWithApp('content import', { seed: true }, (ctx) => {
  it('is idempotent: importing the same folder again keeps every row and id', async () => {
    const before = await snapshot(ctx());
    expect(before.articles.length).toBeGreaterThanOrEqual(21);
    // Never changed since it was published: modified when published (ADR 162); the same again after this import.
    for (const a of before.articles) expect(a.updatedAt, a.slug).toEqual(a.publishedAt);
    // An article's own quiz comes with it (ADR 176); the others have none.
    const quizzed = before.articles.filter((a) => a.quiz).map((a) => [a.slug, a.quiz!.questions.length, a.credits.length]);
    expect(quizzed).toEqual([['carbon--whole-life-carbon-en-15978-walkthrough', 5, 2], ['energy--passivhaus-criteria-and-principles', 5, 2]]);
    await importContent(ctx().database.db, CONTENT_DIR);
    const after = await snapshot(ctx());
    expect(after.articles).toEqual(before.articles);
    expect(after.slides).toEqual(before.slides);
    expect(after.banners).toEqual(before.banners);
    expect(after.files.map((f) => f.path)).toEqual(before.files.map((f) => f.path));
  });

  it('names the file and the field of a bad article header, and changes nothing (not even valid files)', async () => {
    const folder = contentCopy();
    // A valid change that comes first in write order must not be half-loaded either.
    edit(join(folder, 'home.json'), (t) => t.replace(/"salesBanner": "[^"]*"/, '"salesBanner": "Changed banner"'));
    edit(join(folder, ENERGY_ARTICLE), (t) => t.replace('"category": "energy"', '"category": "enrgy"'));
    const before = await snapshot(ctx());
    const error = await importContent(ctx().database.db, folder).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as Error).message).toMatch(/^articles\/energy--closing-the-performance-gap\.html: field "category": /);
    expect(await snapshot(ctx())).toEqual(before);
  });

  it.each([
    ['a header that is not JSON', ENERGY_ARTICLE, (t: string) => t.replace('"title":', 'title:'), /^articles\/energy--closing-the-performance-gap\.html: the header comment is not valid JSON/],
    ['a missing header', ENERGY_ARTICLE, (t: string) => t.replace(/^<!--[\s\S]*?-->/, ''), /^articles\/energy--closing-the-performance-gap\.html: must start with/],
    ['a missing author', ENERGY_ARTICLE, (t: string) => t.replace(/"author": "[^"]*", /, ''), /field "author"/],
    ['a bad date', ENERGY_ARTICLE, (t: string) => t.replace(/"publishedAt": "[^"]*"/, '"publishedAt": "last May"'), /field "publishedAt": must be a date/],
    ['an empty body', ENERGY_ARTICLE, (t: string) => t.replace(/-->[\s\S]*$/, '-->\n'), /field "body"/],
    // An article's quiz (ADR 176): credit lines need one, and each question four options.
    ['credit lines without a quiz', ENERGY_ARTICLE, (t: string) => t.replace('"featured": false', '"featured": false, "credits": [{"body": "aia", "amount": 0.25, "type": "LU", "courseNumber": null}]'), /field "credits": An article earns credit by its quiz/],
    ['a quiz question with three options', PASSIVHAUS_ARTICLE, (t: string) => t.replace(/"options": \[\s*("[^"]*"),/, '"options": ['), /field "quiz\.questions\.0\.options": must list exactly 4 options/],
    ['a slide without a source', 'home.json', (t: string) => t.replace(/("slug": "passive-first"[\s\S]*?"source": )"[^"]*"/, '$1""'), /^home\.json: field "slides\.1\.source"/],
    ['a legal section without paragraphs', 'legal/privacy.json', (t: string) => t.replace(/"paragraphs": \[[^\]]*\]/, '"paragraphs": []'), /^legal\/privacy\.json: field "sections\.0\.paragraphs"/],
  ])('reports %s with the file name and changes nothing', async (_label, file, change, message) => {
    const folder = contentCopy();
    edit(join(folder, file), change);
    const before = await snapshot(ctx());
    await expect(importContent(ctx().database.db, folder)).rejects.toThrow(message);
    expect(await snapshot(ctx())).toEqual(before);
  });

  it('sanitizes article HTML on the way in and recomputes the read time from the body', async () => {
    const folder = contentCopy();
    const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ');
    edit(join(folder, ENERGY_ARTICLE), (t) =>
      t.replace(/-->[\s\S]*$/, `-->\n<h2 onclick="steal()">Heading</h2><script>alert(1)</script><p>${words} <a href="javascript:alert(1)">x</a></p><img src=x onerror=alert(1)>`),
    );
    const before = (await snapshot(ctx())).articles;
    await importContent(ctx().database.db, folder);
    const after = (await snapshot(ctx())).articles;
    const [row] = after.filter((a) => a.slug === 'energy--closing-the-performance-gap');
    // dateModified (ADR 162): the changed article was modified by this import; the others keep their date.
    expect(row!.updatedAt.getTime()).toBeGreaterThan(before.find((a) => a.slug === row!.slug)!.updatedAt.getTime());
    expect(after.filter((a) => a.slug !== row!.slug).map((a) => a.updatedAt)).toEqual(before.filter((a) => a.slug !== row!.slug).map((a) => a.updatedAt));
    expect(row!.content).toMatch(/^<h2>Heading<\/h2><p>word0 /);
    expect(row!.content).not.toMatch(/script|onclick|onerror|javascript:|<img/);
    expect(row!.readTime).toBe(3);
    await importContent(ctx().database.db, CONTENT_DIR);
  });

  it('makes the articles match the folder: a removed file removes its article', async () => {
    const folder = contentCopy();
    unlinkSync(join(folder, ENERGY_ARTICLE));
    await importContent(ctx().database.db, folder);
    const slugs = (await snapshot(ctx())).articles.map((a) => a.slug);
    expect(slugs).not.toContain('energy--closing-the-performance-gap');
    await importContent(ctx().database.db, CONTENT_DIR);
    expect((await snapshot(ctx())).articles.map((a) => a.slug)).toContain('energy--closing-the-performance-gap');
  });

  it('falls back to the newest article for the hero when none is marked featured', async () => {
    const folder = contentCopy();
    edit(join(folder, 'articles/carbon--embodied-carbon-hidden-half.html'), (t) => t.replace('"featured": true', '"featured": false'));
    await importContent(ctx().database.db, folder);
    const newest = (await send(ctx(), listArticles, { query: { limit: 1 } })).json().articles[0];
    const featured = (await send(ctx(), featuredArticle)).json().article;
    expect(featured._id).toBe(newest._id);
    await importContent(ctx().database.db, CONTENT_DIR);
  });
});

describe('npm run content:import', () => {
  const run = (folder: string, dataDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/content-import.ts', folder], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('names the broken file and field, exits 1 and writes nothing; a good folder then loads', async () => {
    // Migrated and empty (on an empty folder the first run would make and migrate one first, at a few seconds' cost).
    const dataDir = dataDirCopy({ seed: false });
    made.push(dataDir);
    const folder = contentCopy();
    edit(join(folder, ENERGY_ARTICLE), (t) => t.replace(/"title": "[^"]*"/, '"title": ""'));

    const broken = run(folder, dataDir);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('Content import failed, nothing was changed: articles/energy--closing-the-performance-gap.html: field "title"');

    const readCounts = async () => {
      const database = await openDatabase({ dataDir });
      try {
        return { articles: (await database.db.select().from(articles)).length, banners: (await database.db.select().from(salesBanners)).length };
      } finally {
        await database.close();
      }
    };
    expect(await readCounts()).toEqual({ articles: 0, banners: 0 });

    const good = run(CONTENT_DIR, dataDir);
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/^Imported .* into the pglite database \(home, articles, legal/);
    expect((await readCounts()).articles).toBeGreaterThanOrEqual(21);
  }, 180_000);

  it('explains its usage without a folder', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/content-import.ts'], { encoding: 'utf8' });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('Usage: npm run content:import -- <folder>');
  });
});
