/**
 * Contact details from the settings (issue 41 item 12): the API answers CONTACT_EMAIL, CONTACT_PHONE and
 * CONTACT_ADDRESS; the legal PDFs name the configured email (read back with pdftotext) and are drawn again only when
 * the details change, or when a stored one predates tagged PDFs in embedded fonts (ADR 161); a bad value stops the
 * configuration with one clear line.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { siteContact } from '../../src/contract/site';
import { DEFAULT_CONTACT, type SiteContact } from '../../src/domain/site';
import { CONTENT_DIR } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/config';
import { storeFile } from '../../server/content-import/files';
import { contactKeywords, refreshLegalDocuments } from '../../server/content-import/legal';
import { getUrl, send } from './api';
import { describeWithApp } from './fixture';

const CONFIGURED: SiteContact = {
  email: 'team@practice.example',
  phone: '+44 161 496 0000',
  addressLines: ['2 Canal Street', 'Manchester M1 3HE, United Kingdom'],
};

const textOf = (bytes: Uint8Array) => spawnSync('pdftotext', ['-', '-'], { input: bytes }).stdout.toString('utf8').replace(/\s+/g, ' ');

describeWithApp('contact details from the settings', {
  seed: true,
  env: { CONTACT_EMAIL: CONFIGURED.email, CONTACT_PHONE: CONFIGURED.phone, CONTACT_ADDRESS: CONFIGURED.addressLines.join('; ') },
}, (ctx) => {
  it('answers the configured email, phone and address lines', async () => {
    const res = await send(ctx(), siteContact);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, contact: CONFIGURED });
  });

  it('draws the legal PDFs again with the configured email, and only when the details changed', async () => {
    const db = ctx().database.db;
    // The seeded PDFs were drawn with the defaults: both are drawn again, then neither.
    expect(await refreshLegalDocuments(db, CONTENT_DIR, CONFIGURED)).toEqual(['/files/legal/terms.pdf', '/files/legal/privacy.pdf']);
    expect(await refreshLegalDocuments(db, CONTENT_DIR, CONFIGURED)).toEqual([]);
    for (const path of ['/files/legal/terms.pdf', '/files/legal/privacy.pdf']) {
      const text = textOf((await getUrl(ctx(), path)).rawPayload);
      expect(text, path).toContain(CONFIGURED.email);
      expect(text, path).not.toContain(DEFAULT_CONTACT.email);
      expect(text, path).not.toContain('{contactEmail}');
    }
    // Back to the defaults: drawn again, naming the default address.
    expect(await refreshLegalDocuments(db, CONTENT_DIR, DEFAULT_CONTACT)).toHaveLength(2);
    expect(textOf((await getUrl(ctx(), '/files/legal/terms.pdf')).rawPayload)).toContain(DEFAULT_CONTACT.email);

    // A PDF stored before ADR 161, with the same details: untagged, in Helvetica (not embedded). Drawn again, once.
    const { default: PDFDocument } = await import('pdfkit');
    const old = await new Promise<Buffer>((resolve) => {
      const pdf = new PDFDocument({ info: { Title: 'Terms', Keywords: contactKeywords(DEFAULT_CONTACT) } });
      const chunks: Buffer[] = [];
      pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
      pdf.on('end', () => resolve(Buffer.concat(chunks)));
      pdf.font('Helvetica').text('Terms and conditions');
      pdf.end();
    });
    await db.transaction((tx) => storeFile(tx, '/files/legal/terms.pdf', 'application/pdf', new Uint8Array(old)));
    expect(await refreshLegalDocuments(db, CONTENT_DIR, DEFAULT_CONTACT)).toEqual(['/files/legal/terms.pdf']);
    expect(await refreshLegalDocuments(db, CONTENT_DIR, DEFAULT_CONTACT)).toEqual([]);
    const redrawn = (await getUrl(ctx(), '/files/legal/terms.pdf')).rawPayload;
    expect(textOf(redrawn)).toContain(DEFAULT_CONTACT.email);
    expect(Buffer.from(redrawn).includes('/StructTreeRoot')).toBe(true);
    expect(Buffer.from(redrawn).includes('/FontFile2')).toBe(true);
  });
});

describe('contact settings', () => {
  const base = { JWT_SECRET: 'x'.repeat(32) };

  it('default to the example address and the drama number', () => {
    expect(loadConfig(base).contact).toEqual(DEFAULT_CONTACT);
  });

  it('stop with one line naming a bad email or phone', () => {
    expect(() => loadConfig({ ...base, CONTACT_EMAIL: 'not an email' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, CONTACT_PHONE: 'call us' })).toThrow(/CONTACT_PHONE/);
  });
});
