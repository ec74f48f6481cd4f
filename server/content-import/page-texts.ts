/**
 * The text of each page of a stored PDF, for the search index (ADR 192): the texts kept with an upload, or read with
 * pdf.js from an imported PDF's bytes once and kept beside them. An import that writes the same bytes again keeps
 * them; other bytes drop them (storeFile). No file, or not a PDF: no pages.
 */
import type { Db, Tx } from '../data/client';
import { findFile } from '../data/files';
import { keepPageTexts, keptPageTexts } from '../data/uploads';
import { pdfPageTexts } from '../render/pdf-text';

export async function storedPageTexts(db: Db | Tx, path: string): Promise<string[]> {
  const kept = await keptPageTexts(db, path);
  if (kept) return kept;
  const file = await findFile(db, path);
  if (file?.contentType !== 'application/pdf') return [];
  const pages = await pdfPageTexts(file.body);
  await keepPageTexts(db, path, pages);
  return pages;
}
