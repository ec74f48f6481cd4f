/** Editors' uploads (issue 38 item 3): their files under /files/, and a PDF's page texts for the search index. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { filePages, files } from './schema';

type Runner = Db | Tx;

export interface StoredFile {
  path: string;
  contentType: string;
  body: Buffer;
}

/**
 * Keeps the files (a picture's widths, or a PDF) and a PDF's page texts in one transaction. A path is a hash of what
 * it holds, so a path already there holds these bytes: it is left as it is.
 */
export async function keepUpload(db: Db, stored: StoredFile[], pages?: { path: string; pages: string[]; uploadedBy: string }): Promise<void> {
  await db.transaction(async (tx) => {
    for (const file of stored) {
      await tx.insert(files).values({ path: file.path, contentType: file.contentType, size: file.body.byteLength, body: file.body }).onConflictDoNothing();
    }
    if (pages) await tx.insert(filePages).values(pages).onConflictDoUpdate({ target: filePages.path, set: { pages: sql`excluded.pages` } });
  });
}

/**
 * The page texts kept for a stored PDF: an upload's, read at the upload, or an imported PDF's, kept the first time the
 * search index read them (server/content-import/page-texts.ts, ADR 192); undefined when none are kept.
 */
export async function keptPageTexts(db: Runner, path: string): Promise<string[] | undefined> {
  const [row] = await db.select({ pages: filePages.pages }).from(filePages).where(eq(filePages.path, path)).limit(1);
  return row?.pages;
}

/** Keeps the page texts read from a stored PDF (a concurrent reader's kept ones stand). */
export async function keepPageTexts(db: Runner, path: string, pages: string[]): Promise<void> {
  await db.insert(filePages).values({ path, pages }).onConflictDoNothing();
}

/** Which of `paths` an upload holds (a lesson's pictures are checked before the course is published, ADR 173). */
export async function storedPaths(db: Runner, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db.select({ path: files.path }).from(files).where(inArray(files.path, [...new Set(paths)]));
  return new Set(rows.map((r) => r.path));
}

/**
 * Removes the uploads (every width of a picture, or a PDF with its page texts) created before `before` that nothing
 * refers to any more: no content item's fields, no revision's (Restore may bring one back), no live article, lesson,
 * library document or case study. The check is in the DELETE itself, so a save that refers to a file again wins. Answers the
 * paths removed.
 */
export async function removeUnreferencedUploads(db: Db, before: Date): Promise<string[]> {
  // A picture's widths share their base: '/files/uploads/<hash>' of '/files/uploads/<hash>-960.webp'.
  const base = sql`regexp_replace(f.path, '(-[0-9]+)?[.][a-z]+$', '')`;
  const refersTo = (text: ReturnType<typeof sql>) => sql`strpos(${text}, ${base}) > 0`;
  const result = await db.execute(sql`
    delete from files f
    where (f.path like '/files/uploads/%' or f.path like '/files/documents/%')
      and f.created_at < ${before.toISOString()}::timestamptz
      and not exists (select 1 from content_items c where ${refersTo(sql`c.fields::text`)})
      and not exists (select 1 from content_revisions r where ${refersTo(sql`r.fields::text`)})
      and not exists (select 1 from articles a where ${refersTo(sql`a.image_url || ' ' || a.content`)})
      and not exists (select 1 from course_lessons l where ${refersTo(sql`l.body`)})
      and not exists (select 1 from case_studies d where ${refersTo(sql`d.image_url || ' ' || d.file_path`)})
      and not exists (select 1 from ebooks d where d.file_path = f.path)
      and not exists (select 1 from research_papers d where d.file_path = f.path)
      and not exists (select 1 from newsletters d where d.file_path = f.path)
    returning f.path`);
  return (result as unknown as { rows: { path: string }[] }).rows.map((r) => r.path);
}
