/** Stores a generated file (a PDF) under a /files/... path, replacing an older version. */
import { files } from '../data/schema';
import type { Tx } from './module';

export async function storeFile(tx: Tx, path: string, contentType: string, body: Uint8Array): Promise<void> {
  const values = { path, contentType, size: body.byteLength, body, createdAt: new Date() };
  await tx.insert(files).values(values).onConflictDoUpdate({ target: files.path, set: values });
}
