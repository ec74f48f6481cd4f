/**
 * Stores a generated file (a PDF) under a /files/... path, replacing an older version. The same bytes again are left
 * as they are (no write, and the kept page texts stay); other bytes replace them and drop the page texts read from
 * the old ones (ADR 192).
 */
import { eq, sql } from 'drizzle-orm';
import { filePages, files } from '../data/schema';
import type { Tx } from './module';

export async function storeFile(tx: Tx, path: string, contentType: string, body: Uint8Array): Promise<void> {
  const values = { path, contentType, size: body.byteLength, body, createdAt: new Date() };
  const written = await tx.insert(files).values(values)
    .onConflictDoUpdate({ target: files.path, set: values, setWhere: sql`${files.body} is distinct from excluded.body or ${files.contentType} is distinct from excluded.content_type` })
    .returning({ path: files.path });
  if (written.length > 0) await tx.delete(filePages).where(eq(filePages.path, path));
}
