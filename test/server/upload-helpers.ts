/** Uploads in server tests (issue 38, ADR 158): a multipart body as a browser's FormData sends it, and real PDFs. */
import PDFDocument from 'pdfkit';
import { uploadFile } from '../../src/contract/authoring';
import { urlOf } from './api';
import type { TestContext } from './fixture';
import type { Member } from './members';

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
export function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = `----sustainlearn${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(ctx: TestContext, who: Member, bytes: Buffer, filename: string, type: string) {
  const body = multipart(bytes, filename, type);
  return ctx.app.inject({ method: 'POST', url: urlOf(uploadFile), payload: body.payload, headers: { ...body.headers, ...who.auth } });
}

/** A real PDF made with pdfkit: one text per page; encrypted with a password when asked. */
export function pdf(pages: string[], userPassword?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, ...(userPassword ? { userPassword, ownerPassword: `${userPassword}-owner`, pdfVersion: '1.7' } : {}) });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const text of pages) doc.addPage().fontSize(14).text(text);
    doc.end();
  });
}
