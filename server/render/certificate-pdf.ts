/**
 * The certificate of completion (pdfkit, A4 landscape): the learner's name as it was at issue, the course title, the
 * hours, the issue date, the certificate id, and the public verification URL as text and as a QR code. Plain text
 * runs in embedded Unicode fonts, tagged (ADR 161), so `pdftotext` and screen readers read every word.
 */
import { renderPdf } from './pdf-document';
import type { FontStyle } from './pdf-fonts';
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
  const info = {
    Title: `Certificate of completion: ${facts.courseTitle}`,
    Author: facts.productName,
    Subject: `${facts.learnerName} completed ${facts.courseTitle}`,
    Creator: facts.productName,
  };
  return renderPdf({ size: 'A4', layout: 'landscape', margins: { top: 48, bottom: 48, left: 56, right: 56 }, info }, (w) => {
    const { pdf } = w;
    const { width, height } = pdf.page;
    w.artifact(() => {
      pdf.rect(0, 0, width, height).fill(SAND);
      pdf.lineWidth(3).rect(24, 24, width - 48, height - 48).stroke(GREEN);
      pdf.lineWidth(1).rect(32, 32, width - 64, height - 64).stroke(DARK_GREEN);
    });

    const left = 72;
    const textWidth = width - 2 * left - 170;
    // Noto Sans's lines are a sixth taller than Helvetica's were: set a little tighter, so the page holds six credit lines.
    const say = (type: string, text: string, style: FontStyle, size: number, color: string, at: { x?: number; y?: number } = {}) => {
      pdf.fillColor(color).fontSize(size);
      w.paragraph(type, text, style, { width: textWidth, lineGap: -0.12 * size, ...at });
    };
    say('P', facts.productName, 'bold', 16, GREEN, { x: left, y: 60 });
    pdf.moveDown(1);
    say('H1', 'Certificate of Completion', 'bold', 32, DARK_GREEN);
    pdf.moveDown(0.6);
    say('P', 'This certifies that', 'regular', 13, SOFT);
    pdf.moveDown(0.2);
    say('P', facts.learnerName, 'bold', 28, INK);
    pdf.moveDown(0.2);
    say('P', 'has completed every lesson and passed the assessment of the course', 'regular', 13, SOFT);
    pdf.moveDown(0.2);
    say('P', facts.courseTitle, 'bold', 20, INK);
    pdf.moveDown(0.6);
    say('P', `${facts.hours.toFixed(1)} ${facts.hours === 1 ? 'hour' : 'hours'} of learning`, 'regular', 13, INK);
    say('P', `Issued on ${formatUsDate(facts.issuedAt)}`, 'regular', 13, INK);
    const credits = facts.credits ?? [];
    if (credits.length > 0) {
      pdf.moveDown(0.4);
      say('H2', 'Continuing-education credit', 'bold', 11, DARK_GREEN);
      for (const credit of credits.slice(0, 6)) say('P', creditLineText(credit), 'regular', 10, INK);
    }
    pdf.moveDown(credits.length > 0 ? 0.5 : 1);
    say('P', `Certificate ID: ${facts.id}`, 'regular', 10, SOFT);
    w.link('Verify at: ', facts.verificationUrl, { width: textWidth, lineGap: -1.2 });

    const qrSize = 140;
    const qrX = width - left - qrSize;
    const qrY = height - 72 - qrSize - 24;
    w.block('Figure', () => drawQr(pdf, QRCode, facts.verificationUrl, qrX, qrY, qrSize), w.root, {
      alt: `QR code that opens the verification page, ${facts.verificationUrl}`,
    });
    pdf.fillColor(SOFT).fontSize(9);
    w.paragraph('P', 'Scan to verify', 'regular', { x: qrX, y: qrY + qrSize + 6, width: qrSize, align: 'center' });
  });
}
