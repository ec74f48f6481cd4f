/**
 * The Terms & Conditions and the Privacy Policy, written in content/legal/*.json and shipped as PDFs that the footer
 * opens in a modal. The PDFs are rendered while reading (before the import transaction) and stored under /files/legal/.
 * Their texts name the team's contact details as `{contactEmail}`, `{contactPhone}` and `{contactAddress}`, filled from
 * the settings (CONTACT_*, issue 41 item 12); each PDF keeps the details it was drawn with in its Keywords, and a
 * server that starts with other details draws them again (refreshLegalDocuments).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { fillContact, type SiteContact } from '../../src/domain/site';
import { formatUsDate } from '../../src/domain/text';
import { contactOf } from '../config';
import type { Db } from '../data/client';
import { findFile } from '../data/files';
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
      rendered.push({ path, bytes: await renderLegal(doc, contactOf(process.env)) });
    }
    return rendered.length > 0 ? rendered : null;
  },
  async write(tx, data) {
    for (const doc of data ?? []) await storeFile(tx, doc.path, 'application/pdf', doc.bytes);
  },
};

/** What a legal PDF keeps in its Keywords: the contact details it names. */
export function contactKeywords(contact: SiteContact): string {
  return `contact:${contact.email}|${contact.phone}|${contact.addressLines.join('/')}`;
}

/** How pdfkit writes a literal string: backslashes and parentheses escaped. */
const pdfLiteral = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

async function renderLegal(doc: z.output<typeof legalDocumentSchema>, contact: SiteContact): Promise<Uint8Array> {
  const bytes = await renderDocumentPdf({
    title: doc.title,
    subtitle: `Last updated: ${formatUsDate(doc.updatedAt)}`,
    sections: doc.sections.map((section) => ({ heading: section.heading, paragraphs: section.paragraphs.map((p) => fillContact(p, contact)) })),
    keywords: contactKeywords(contact),
    date: new Date(`${doc.updatedAt}T00:00:00Z`),
  });
  return new Uint8Array(bytes);
}

/**
 * At start: a stored legal PDF drawn with other contact details than `contact`, or drawn before PDFs were tagged and in
 * embedded fonts (ADR 161: no structure tree), or none stored, is drawn again from the content folder. Answers the
 * paths it wrote. The check reads the stored bytes only: nothing is drawn when all agree.
 */
/** What a tagged PDF's catalogue names (pdfkit writes it uncompressed). */
const TAGGED = Buffer.from('/StructTreeRoot', 'latin1');

export async function refreshLegalDocuments(db: Db, folder: string, contact: SiteContact): Promise<string[]> {
  const expected = Buffer.from(pdfLiteral(contactKeywords(contact)), 'latin1');
  const written: string[] = [];
  for (const { file, path } of LEGAL_DOCUMENTS) {
    const stored = await findFile(db, path);
    const body = stored ? Buffer.from(stored.body) : null;
    if (body?.includes(expected) && body.includes(TAGGED)) continue;
    const text = await readFile(join(folder, 'legal', file), 'utf8').catch(() => null);
    if (text === null) continue;
    const doc = legalDocumentSchema.parse(JSON.parse(text));
    const bytes = await renderLegal(doc, contact);
    await db.transaction((tx) => storeFile(tx, path, 'application/pdf', bytes));
    written.push(path);
  }
  return written;
}
