/** Stored documents (the library's and the legal PDFs), by their path under /files/. */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { files } from './schema';

export type FileRow = typeof files.$inferSelect;

export async function findFile(db: Db | Tx, path: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.path, path)).limit(1);
  return row;
}
