/**
 * The Terms & Conditions and the Privacy Policy, written in content/legal/*.json and shipped as PDFs that the footer
 * opens in a modal. The PDFs are rendered while reading (before the import transaction) and stored under /files/legal/.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { formatUsDate } from '../../src/domain/text';
import { renderDocumentPdf } from '../render/document-pdf';
import { storeFile } from './files';
import type { ContentModule } from './module';

export const LEGAL_DOCUMENTS = [
  { file: 'terms.json', path: '/files/legal/terms.pdf' },
  { file: 'privacy.json', path: '/files/legal/privacy.pdf' },
] as const;

export const legalDocumentSchema = z.object({
  title: z.string().trim().min(1).max(120),
  updatedAt: z.iso.date('must be a date like 2026-11-01'),
  sections: z
    .array(z.object({
      heading: z.string().trim().min(1).max(200),
      paragraphs: z.array(z.string().trim().min(1)).min(1),
    }))
    .min(1),
});

interface RenderedDocument {
  path: string;
  bytes: Uint8Array;
}

export const legalContent: ContentModule<RenderedDocument[] | null> = {
  name: 'legal',
  async read(folder, report) {
    const rendered: RenderedDocument[] = [];
    for (const { file, path } of LEGAL_DOCUMENTS) {
      const full = join(folder, 'legal', file);
      const text = await readFile(full, 'utf8').catch(() => null);
      if (text === null) continue;
      const doc = report.parse(full, legalDocumentSchema, text);
      const bytes = await renderDocumentPdf({ title: doc.title, subtitle: `Last updated: ${formatUsDate(doc.updatedAt)}`, sections: doc.sections });
      rendered.push({ path, bytes: new Uint8Array(bytes) });
    }
    return rendered.length > 0 ? rendered : null;
  },
  async write(tx, data) {
    for (const doc of data ?? []) await storeFile(tx, doc.path, 'application/pdf', doc.bytes);
  },
};
