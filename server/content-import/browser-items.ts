/**
 * What the browser published of a kind the import also writes (issue 38 item 8, ADR 167): library documents and home
 * slides. Their live rows (and PDFs) are left alone (a folder is the whole list of the import's own items, not of the
 * browser's), and a folder entry whose slug a published browser item holds is kept out, and named, unless `--force`.
 */
import type { AuthoringKind } from '../../src/domain/authoring';
import { itemsOfKind } from '../data/authoring';
import type { Tx } from './module';

export interface BrowserPublished {
  /** Slugs of published items made in the browser. */
  slugs: Set<string>;
  /** Their live rows' ids. */
  liveIds: string[];
  /** The PDFs their live rows point at. */
  paths: string[];
}

export async function browserPublished(tx: Tx, kind: AuthoringKind): Promise<BrowserPublished> {
  const published = (await itemsOfKind(tx, kind)).filter((item) => !item.importedAt && item.status === 'published' && item.liveId);
  return {
    slugs: new Set(published.map((item) => item.key)),
    liveIds: published.map((item) => item.liveId!),
    paths: published.flatMap((item) => (typeof item.fields.fileUrl === 'string' ? [item.fields.fileUrl] : [])),
  };
}
