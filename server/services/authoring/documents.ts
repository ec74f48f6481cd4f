/**
 * The library's kind handlers (issue 38, ADR 167): ebooks, research papers, newsletters and case studies, made by one
 * factory. An item is a PDF (an editor's upload, or a PDF of the content folder) with its title and description;
 * publishing writes the kind's row (the row the library pages and the full re-index read, under the item's own id) and
 * one members-only search document per page of the PDF, as the import's index does.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type caseStudyFieldsSchema, LIBRARY_AUTHORING_KINDS, LIBRARY_FIELDS_SCHEMAS, type LibraryAuthoringKind, type researchPaperFieldsSchema,
} from '../../../src/domain/authoring';
import type { Db, Tx } from '../../data/client';
import { caseStudies, ebooks, files, newsletters, researchPapers } from '../../data/schema';
import { rebuildWords, removeDocuments, upsertDocument } from '../../data/search';
import { storedPageTexts } from '../../content-import/page-texts';
import type { KindHandler } from './kind';

type DocumentFields = z.output<typeof caseStudyFieldsSchema> & Partial<z.output<typeof researchPaperFieldsSchema>>;

const LIBRARY = {
  ebooks: { table: ebooks, searchKind: 'ebook', page: '/ebook' },
  'research-papers': { table: researchPapers, searchKind: 'research-paper', page: '/research-papers' },
  newsletters: { table: newsletters, searchKind: 'newsletter', page: '/newsletters' },
  'case-studies': { table: caseStudies, searchKind: 'case-study', page: '/case-studies' },
} as const;

export const PDF_MISSING = 'Upload the PDF';
export const ILLUSTRATIVE_UNMARKED = 'The text calls this case study an illustrative composite: mark it illustrative so its card says so too';

async function pdfFile(db: Db | Tx, path: string) {
  const [file] = await db.select({ contentType: files.contentType, body: files.body, size: files.size }).from(files).where(eq(files.path, path)).limit(1);
  return file?.contentType === 'application/pdf' ? file : undefined;
}

/** The kind's row from the item's fields (`publishedAt`: when first published). */
function rowOf(kind: LibraryAuthoringKind, fields: DocumentFields, publishedAt: Date) {
  const common = { slug: fields.slug, title: fields.title, description: fields.description, filePath: fields.fileUrl, publishedAt };
  if (kind === 'research-papers') return { ...common, category: fields.category! };
  if (kind === 'case-studies') return { ...common, imageUrl: fields.imageUrl, featured: fields.featured, illustrative: fields.illustrative };
  return common;
}

/** What the kind's public list draws for one item (the contract's shape for that list). */
async function pageOf(db: Db, kind: LibraryAuthoringKind, fields: DocumentFields, id: string, publishedAt: Date) {
  const at = publishedAt.toISOString();
  const common = { _id: id, title: fields.title, description: fields.description, fileUrl: fields.fileUrl, createdAt: at };
  if (kind === 'ebooks') {
    const file = await pdfFile(db, fields.fileUrl);
    return { _id: id, title: fields.title, filename: fields.fileUrl.split('/').pop() ?? `${fields.slug}.pdf`, size: file?.size ?? 0, fileUrl: fields.fileUrl, createdAt: at };
  }
  if (kind === 'research-papers') return { ...common, category: fields.category };
  if (kind === 'case-studies') {
    return { _id: id, title: fields.title, description: fields.description, imageUrl: fields.imageUrl, documentUrl: fields.fileUrl, featured: fields.featured, illustrative: fields.illustrative };
  }
  return common;
}

export function documentHandler(kind: LibraryAuthoringKind): KindHandler<DocumentFields> {
  const { table, searchKind, page } = LIBRARY[kind];
  return {
    kind,
    schema: LIBRARY_FIELDS_SCHEMAS[kind] as never,
    keyOf: (fields) => fields.slug,
    titleOf: (fields) => fields.title,
    blank: () => ({ description: '', ...(kind === 'case-studies' ? { featured: false, illustrative: false } : {}) }),
    async check(db, fields) {
      const errors: Record<string, string> = {};
      if (!(await pdfFile(db, fields.fileUrl))) errors.fileUrl = PDF_MISSING;
      else if (kind === 'case-studies' && !fields.illustrative) {
        const texts = [fields.description, ...(await storedPageTexts(db, fields.fileUrl))];
        if (texts.some((t) => /illustrative composite/i.test(t))) errors.illustrative = ILLUSTRATIVE_UNMARKED;
      }
      return errors;
    },
    async publish(tx, fields, { liveId, now, firstPublishedAt }) {
      const values = rowOf(kind, fields, firstPublishedAt ?? now);
      // One featured case study, as the import allows: publishing a featured one takes the mark from the others.
      if (kind === 'case-studies' && fields.featured) await tx.update(caseStudies).set({ featured: false }).where(and(eq(caseStudies.featured, true), ne(caseStudies.id, liveId)));
      await tx.insert(table).values({ id: liveId, ...values } as never).onConflictDoUpdate({ target: table.id, set: values as never });
      await removeDocuments(tx, searchKind, [liveId]);
      const pages = await storedPageTexts(tx, fields.fileUrl);
      for (const [i, text] of pages.entries()) {
        await upsertDocument(tx, {
          kind: searchKind, refId: liveId, page: i + 1, title: fields.title, summary: i === 0 ? fields.description : '', body: text,
          url: `${fields.fileUrl}#page=${i + 1}`, visibility: 'members',
        });
      }
      await rebuildWords(tx);
      return liveId;
    },
    async unpublish(tx, liveId) {
      await tx.delete(table).where(eq(table.id, liveId));
      await removeDocuments(tx, searchKind, [liveId]);
      await rebuildWords(tx);
    },
    publicUrl: () => page,
    preview: (db, fields, id, now) => pageOf(db, kind, fields, id, now),
  };
}

export const libraryHandlers: KindHandler[] = LIBRARY_AUTHORING_KINDS.map((kind) => documentHandler(kind) as unknown as KindHandler);
