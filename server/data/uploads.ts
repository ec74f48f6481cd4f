/** Editors' uploads (issue 38 item 3): their files under /files/, and a PDF's page texts for the search index. */
import { eq, sql } from 'drizzle-orm';
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
 * The text of each page of an uploaded PDF, or undefined for a path no upload kept texts for (an imported PDF: read
 * its bytes with pdf.js, as server/content-import/search-index.ts does). For the search index when a library item
 * whose `filePath` is an upload is published.
 */
export async function uploadedPageTexts(db: Runner, path: string): Promise<string[] | undefined> {
  const [row] = await db.select({ pages: filePages.pages }).from(filePages).where(eq(filePages.path, path)).limit(1);
  return row?.pages;
}
