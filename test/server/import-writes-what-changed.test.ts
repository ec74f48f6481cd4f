/**
 * An import writes only what changed (ADR 192): the same folder again leaves every stored PDF, its page texts and
 * every search document as they were; a document whose text changed gets new PDF bytes, new page texts and new search
 * documents, and nothing else moves. The PDFs it draws carry the date of their content, not of the drawing.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, like } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { CONTENT_DIR } from '../../server/app';
import { importContent } from '../../server/content-import/import';
import { filePages, files, searchDocuments } from '../../server/data/schema';
import { describeWithApp, type TestContext } from './fixture';

const EBOOK = 'library/ebooks/practical-guide-embodied-carbon.json';
const EBOOK_PDF = '/files/ebooks/practical-guide-embodied-carbon.pdf';
const NEW_WORD = 'Quarrystonewise';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

async function state(ctx: TestContext) {
  const { db } = ctx.database;
  const stored = await db.select({ path: files.path, createdAt: files.createdAt, body: files.body }).from(files)
    .where(like(files.path, '/files/%.pdf')).orderBy(asc(files.path));
  return {
    files: new Map(stored.map((f) => [f.path, { createdAt: f.createdAt.toISOString(), body: Buffer.from(f.body).toString('base64') }])),
    pages: new Map((await db.select().from(filePages)).map((p) => [p.path, p.pages])),
    documents: new Map((await db.select({ id: searchDocuments.id, kind: searchDocuments.kind, refId: searchDocuments.refId, page: searchDocuments.page })
      .from(searchDocuments)).map((d) => [d.id, `${d.kind}/${d.refId}/${d.page}`])),
  };
}

describeWithApp('an import writes what changed', { seed: true }, (ctx) => {
  it('leaves the same folder as it was, and rewrites only a changed document, its PDF, page texts and search entries', async () => {
    const { db } = ctx().database;
    const before = await state(ctx());
    expect(before.files.size).toBeGreaterThanOrEqual(18);
    // The search index read each library PDF once, at the seed, and kept its pages.
    expect(before.pages.get(EBOOK_PDF)?.length).toBeGreaterThan(1);

    // The same folder again: nothing written.
    await importContent(db, CONTENT_DIR);
    expect(await state(ctx())).toEqual(before);

    // One ebook's text changed: its PDF, its page texts and its search entries follow; nothing else moves.
    const copy = mkdtempSync(join(tmpdir(), 'sl-content-'));
    made.push(copy);
    cpSync(CONTENT_DIR, copy, { recursive: true });
    const ebook = join(copy, EBOOK);
    writeFileSync(ebook, readFileSync(ebook, 'utf8').replace('Build nothing, build less', `Build nothing, build less: ${NEW_WORD}`));
    await importContent(db, copy);
    const after = await state(ctx());
    expect([...after.files.keys()]).toEqual([...before.files.keys()]);
    for (const [path, file] of after.files) {
      if (path === EBOOK_PDF) expect(file.body, path).not.toEqual(before.files.get(path)!.body);
      else expect(file, path).toEqual(before.files.get(path));
    }
    expect(after.pages.get(EBOOK_PDF)!.join(' ')).toContain(NEW_WORD);
    for (const [path, pages] of before.pages) if (path !== EBOOK_PDF) expect(after.pages.get(path), path).toEqual(pages);
    const hits = await db.select({ refId: searchDocuments.refId, body: searchDocuments.body }).from(searchDocuments).where(eq(searchDocuments.kind, 'ebook'));
    const changed = hits.filter((h) => h.body.includes(NEW_WORD)).map((h) => h.refId);
    expect(changed).toHaveLength(1);
    const moved = [...before.documents].filter(([id]) => !after.documents.has(id)).map(([, key]) => key);
    // Only the pages whose text changed were written again: the heading's page, perhaps the one its words spill onto.
    expect(moved.length).toBeGreaterThanOrEqual(1);
    expect(moved.every((key) => key.startsWith(`ebook/${changed[0]}/`)), moved.join(', ')).toBe(true);
  });

  it('draws a PDF dated by its content, not by the import', async () => {
    const { db } = ctx().database;
    const [pdf] = await db.select({ body: files.body }).from(files).where(eq(files.path, EBOOK_PDF));
    // pdfkit writes the info dictionary's dates as (D:YYYYMMDDHHmmSSZ); the ebook's publishedAt is 2026-05-12.
    const dates = Buffer.from(pdf!.body).toString('latin1').match(/\(D:\d{14}Z\)/g);
    expect(dates).toEqual(['(D:20260512090000Z)']);
  });
});
