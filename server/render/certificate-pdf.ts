/**
 * The certificate of completion (pdfkit, A4 landscape): the learner's name as it was at issue, the course title, the
 * hours, the issue date, the certificate id, and the public verification URL as text and as a QR code. Plain text
 * runs, so `pdftotext` and screen readers read every word.
 */
import { renderPdf } from './pdf-document';
import type { CreditLine } from '../../src/domain/cpd.schema';
import { creditLineText } from '../../src/domain/credit-lines';
import { formatUsDate } from '../../src/domain/text';

export interface CertificateFacts {
  productName: string;
  id: string;
  learnerName: string;
  courseTitle: string;
  hours: number;
  issuedAt: Date;
  verificationUrl: string;
  /** Continuing-education credit lines (issue 39): body, amount and type, course number or "not approved by this body". */
  credits?: readonly CreditLine[];
}

const GREEN = '#1f6f4a';
const DARK_GREEN = '#123f2b';
const INK = '#1f2933';
const SOFT = '#4b5563';
const SAND = '#f4efe6';

/** Draws the QR code of `text` as squares (vector, crisp at any zoom) with its top-left corner at (x, y). */
export function drawQr(pdf: PDFKit.PDFDocument, QRCode: QrCodes, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = size / (count + quiet * 2);
  pdf.save().rect(x, y, size, size).fill('#ffffff');
  pdf.fillColor('#000000');
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) pdf.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  pdf.fill().restore();
}

export type QrCodes = typeof import('qrcode');

export async function renderCertificatePdf(facts: CertificateFacts): Promise<Buffer> {
  // Loaded by the first certificate drawn, like pdfkit (pdf-document.ts).
  const { default: QRCode } = await import('qrcode');
  return renderPdf(
    {
    size: 'A4',
    layout: 'landscape',
    margins: { top: 48, bottom: 48, left: 56, right: 56 },
    info: {
      Title: `Certificate of completion: ${facts.courseTitle}`,
      Author: facts.productName,
      Subject: `${facts.learnerName} completed ${facts.courseTitle}`,
      Creator: facts.productName,
    },
    pdfVersion: '1.7',
    lang: 'en-US',
    displayTitle: true,
  },
    (pdf) => {

    const { width, height } = pdf.page;
    pdf.rect(0, 0, width, height).fill(SAND);
    pdf.lineWidth(3).rect(24, 24, width - 48, height - 48).stroke(GREEN);
    pdf.lineWidth(1).rect(32, 32, width - 64, height - 64).stroke(DARK_GREEN);

    const left = 72;
    const textWidth = width - 2 * left - 170;
    pdf.fillColor(GREEN).font('Helvetica-Bold').fontSize(16).text(facts.productName, left, 64, { width: textWidth });
    pdf.moveDown(1.2);
    pdf.fillColor(DARK_GREEN).font('Helvetica-Bold').fontSize(32).text('Certificate of Completion', { width: textWidth });
    pdf.moveDown(0.8);
    pdf.fillColor(SOFT).font('Helvetica').fontSize(13).text('This certifies that', { width: textWidth });
    pdf.moveDown(0.3);
    pdf.fillColor(INK).font('Helvetica-Bold').fontSize(28).text(facts.learnerName, { width: textWidth });
    pdf.moveDown(0.3);
    pdf.fillColor(SOFT).font('Helvetica').fontSize(13).text('has completed every lesson and passed the assessment of the course', { width: textWidth });
    pdf.moveDown(0.3);
    pdf.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(facts.courseTitle, { width: textWidth });
    pdf.moveDown(0.8);
    const hours = `${facts.hours.toFixed(1)} ${facts.hours === 1 ? 'hour' : 'hours'} of learning`;
    pdf.fillColor(INK).font('Helvetica').fontSize(13).text(hours, { width: textWidth });
    pdf.text(`Issued on ${formatUsDate(facts.issuedAt)}`, { width: textWidth });
    const credits = facts.credits ?? [];
    if (credits.length > 0) {
      pdf.moveDown(0.5);
      pdf.fillColor(DARK_GREEN).font('Helvetica-Bold').fontSize(11).text('Continuing-education credit', { width: textWidth });
      pdf.fillColor(INK).font('Helvetica').fontSize(10);
      for (const line of credits.slice(0, 6)) pdf.text(creditLineText(line), { width: textWidth });
    }
    pdf.moveDown(credits.length > 0 ? 0.6 : 1);
    pdf.fillColor(SOFT).fontSize(10).text(`Certificate ID: ${facts.id}`, { width: textWidth });
    pdf.text(`Verify at: ${facts.verificationUrl}`, { width: textWidth, link: facts.verificationUrl });

    const qrSize = 140;
    const qrX = width - left - qrSize;
    const qrY = height - 72 - qrSize - 24;
    drawQr(pdf, QRCode, facts.verificationUrl, qrX, qrY, qrSize);
    pdf.fillColor(SOFT).font('Helvetica').fontSize(9).text('Scan to verify', qrX, qrY + qrSize + 6, { width: qrSize, align: 'center' });
    },
  );
}
