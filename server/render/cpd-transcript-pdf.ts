/**
 * A continuing-education transcript (issue 39, pdfkit, A4 portrait): the member's name and number with the body, the
 * provider's name, address, number and web address, each activity (title, course number, date, credit, type), the
 * total, and the verification URL as text and QR code. No email. Plain text runs, so `pdftotext` reads every word.
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
    (pdf) => {
      const left = 56;
      const width = pdf.page.width - 2 * left;
      pdf.fillColor(GREEN).font('Helvetica-Bold').fontSize(14).text(facts.productName, left, 48);
      pdf.moveDown(0.4);
      pdf.fillColor(INK).fontSize(22).text(`${facts.bodyName} transcript`);
      pdf.font('Helvetica').fontSize(12).fillColor(SOFT).text(`Period: ${facts.periodLabel}`);
      pdf.moveDown(0.8);

      pdf.fillColor(INK).font('Helvetica-Bold').fontSize(11).text('Member');
      pdf.font('Helvetica').text(facts.memberName);
      pdf.text(`${facts.bodyName} number: ${facts.number}`);
      pdf.moveDown(0.6);
      pdf.font('Helvetica-Bold').text('Provider');
      pdf.font('Helvetica').text(facts.provider.name);
      if (facts.provider.address) pdf.text(facts.provider.address);
      pdf.text(facts.provider.number ? `Provider number: ${facts.provider.number}` : 'Provider number: none (not a registered provider of this body)');
      pdf.text(facts.provider.url, { link: facts.provider.url });
      pdf.moveDown(1);

      // The table: a header row, then one row per activity, as tall as its longest cell.
      const drawRow = (cells: readonly string[], bold: boolean) => {
        pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5).fillColor(INK);
        const heights = cells.map((cell, i) => pdf.heightOfString(cell, { width: COLUMNS[i]!.width - 8 }));
        const height = Math.max(...heights) + 8;
        if (pdf.y + height > pdf.page.height - 140) pdf.addPage();
        const top = pdf.y;
        let x = left;
        cells.forEach((cell, i) => {
          pdf.text(cell, x, top + 4, { width: COLUMNS[i]!.width - 8 });
          x += COLUMNS[i]!.width;
        });
        pdf.moveTo(left, top + height).lineTo(left + width, top + height).lineWidth(0.5).stroke(RULE);
        pdf.x = left;
        pdf.y = top + height;
      };
      drawRow(COLUMNS.map((c) => c.label), true);
      if (!facts.activities.length) {
        pdf.font('Helvetica').fontSize(10).fillColor(SOFT).text('No activities in this period yet.', left, pdf.y + 6);
      }
      for (const a of facts.activities) {
        const title = a.selfReported ? `${a.title} (self-reported; ${a.provider})` : `${a.title} (${a.provider})`;
        drawRow([title, a.courseNumber ?? 'Not approved by this body', longDate(a.earnedOn), a.credit], false);
      }
      pdf.moveDown(0.8);
      pdf.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(`Total: ${facts.total}`, left);
      pdf.font('Helvetica').fontSize(10).fillColor(INK);
      for (const note of facts.notes) pdf.text(note, left, undefined, { width });
      pdf.font('Helvetica').fontSize(9.5).fillColor(SOFT).text(`Issued on ${longDate(facts.issuedOn)}.`, left);

      const qrSize = 96;
      if (pdf.y + qrSize + 40 > pdf.page.height - 56) pdf.addPage();
      const qrTop = pdf.y + 16;
      drawQr(pdf, QRCode, facts.verificationUrl, left, qrTop, qrSize);
      pdf.fillColor(SOFT).font('Helvetica').fontSize(9.5)
        .text('Scan or open to confirm this transcript:', left + qrSize + 16, qrTop + 24, { width: width - qrSize - 16 })
        .text(facts.verificationUrl, { width: width - qrSize - 16, link: facts.verificationUrl });
    },
  );
}
