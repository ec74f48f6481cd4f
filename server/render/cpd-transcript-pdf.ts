/**
 * A continuing-education transcript (issue 39, pdfkit, A4 portrait): the member's name and number with the body, the
 * provider's name, address, number and web address, each activity (title, course number, date, credit, type), the
 * total, and the verification URL as text and QR code. No email. Plain text runs in embedded Unicode fonts, tagged
 * (ADR 161) with headings, a table of the activities and a figure for the QR code, so `pdftotext` reads every word.
 */
import { drawQr } from './certificate-pdf';
import { renderPdf } from './pdf-document';
import { longDate } from '../../src/domain/cpd';

export interface TranscriptFacts {
  productName: string;
  memberName: string;
  number: string;
  bodyName: string;
  periodLabel: string;
  provider: { name: string; address: string | null; url: string; number: string | null };
  activities: { title: string; provider: string; courseNumber: string | null; earnedOn: string; credit: string; selfReported: boolean }[];
  total: string;
  /** Lines under the total (AIA: carry-over, grace credit in or out, what counts). */
  notes: readonly string[];
  issuedOn: string;
  verificationUrl: string;
}

const GREEN = '#1f6f4a';
const INK = '#1f2933';
const SOFT = '#4b5563';
const RULE = '#d1d5db';

const COLUMNS = [
  { label: 'Activity', width: 200 },
  { label: 'Course number', width: 90 },
  { label: 'Date', width: 85 },
  { label: 'Credit', width: 108 },
] as const;

export async function renderTranscriptPdf(facts: TranscriptFacts): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return renderPdf(
    {
      size: 'A4',
      margins: { top: 48, bottom: 56, left: 56, right: 56 },
      info: {
        Title: `${facts.bodyName} transcript, ${facts.periodLabel}: ${facts.memberName}`,
        Author: facts.productName,
        Subject: `Continuing-education transcript of ${facts.memberName}`,
        Creator: facts.productName,
      },
    },
    (w) => {
      const { pdf } = w;
      const left = 56;
      const width = pdf.page.width - 2 * left;
      pdf.fillColor(GREEN).fontSize(14);
      w.paragraph('P', facts.productName, 'bold', { x: left, y: 48 });
      pdf.moveDown(0.4);
      pdf.fillColor(INK).fontSize(22);
      w.paragraph('H1', `${facts.bodyName} transcript`, 'bold');
      pdf.fontSize(12).fillColor(SOFT);
      w.paragraph('P', `Period: ${facts.periodLabel}`, 'regular');
      pdf.moveDown(0.8);

      pdf.fillColor(INK).fontSize(11);
      w.paragraph('H2', 'Member', 'bold');
      w.paragraph('P', facts.memberName, 'regular');
      w.paragraph('P', `${facts.bodyName} number: ${facts.number}`, 'regular');
      pdf.moveDown(0.6);
      w.paragraph('H2', 'Provider', 'bold');
      w.paragraph('P', facts.provider.name, 'regular');
      if (facts.provider.address) w.paragraph('P', facts.provider.address, 'regular');
      w.paragraph('P', facts.provider.number ? `Provider number: ${facts.provider.number}` : 'Provider number: none (not a registered provider of this body)', 'regular');
      w.link('', facts.provider.url);
      pdf.moveDown(1);

      // The table: a header row, then one row per activity, as tall as its longest cell; a rule under each row.
      const table = w.group('Table');
      const drawRow = (cells: readonly string[], header: boolean) => {
        const style = header ? 'bold' : 'regular';
        pdf.fontSize(9.5).fillColor(INK);
        const heights = cells.map((cell, i) => w.heightOf(cell, style, { width: COLUMNS[i]!.width - 8 }));
        if (pdf.y + Math.max(...heights) + 8 > pdf.page.height - 140) pdf.addPage();
        const top = pdf.y;
        const row = w.group('TR', table);
        let x = left;
        let bottom = top + Math.max(...heights) + 8;
        cells.forEach((cell, i) => {
          w.block(header ? 'TH' : 'TD', () => w.text(cell, style, { x, y: top + 4, width: COLUMNS[i]!.width - 8 }), row);
          bottom = Math.max(bottom, pdf.y + 4);
          x += COLUMNS[i]!.width;
        });
        w.artifact(() => pdf.moveTo(left, bottom).lineTo(left + width, bottom).lineWidth(0.5).stroke(RULE));
        pdf.x = left;
        pdf.y = bottom;
      };
      drawRow(COLUMNS.map((c) => c.label), true);
      for (const a of facts.activities) {
        const title = a.selfReported ? `${a.title} (self-reported; ${a.provider})` : `${a.title} (${a.provider})`;
        drawRow([title, a.courseNumber ?? 'Not approved by this body', longDate(a.earnedOn), a.credit], false);
      }
      if (!facts.activities.length) {
        pdf.fontSize(10).fillColor(SOFT);
        w.paragraph('P', 'No activities in this period yet.', 'regular', { x: left, y: pdf.y + 6 });
      }
      pdf.moveDown(0.8);
      pdf.fontSize(12).fillColor(INK);
      w.paragraph('P', `Total: ${facts.total}`, 'bold', { x: left });
      pdf.fontSize(10).fillColor(INK);
      for (const note of facts.notes) w.paragraph('P', note, 'regular', { x: left, width });
      pdf.fontSize(9.5).fillColor(SOFT);
      w.paragraph('P', `Issued on ${longDate(facts.issuedOn)}.`, 'regular', { x: left });

      const qrSize = 96;
      if (pdf.y + qrSize + 40 > pdf.page.height - 56) pdf.addPage();
      const qrTop = pdf.y + 16;
      w.block('Figure', () => drawQr(pdf, QRCode, facts.verificationUrl, left, qrTop, qrSize), w.root, {
        alt: `QR code that opens the transcript's verification page, ${facts.verificationUrl}`,
      });
      pdf.fillColor(SOFT).fontSize(9.5);
      const textWidth = width - qrSize - 16;
      w.paragraph('P', 'Scan or open to confirm this transcript:', 'regular', { x: left + qrSize + 16, y: qrTop + 24, width: textWidth });
      w.link('', facts.verificationUrl, { width: textWidth });
    },
  );
}
