/** Renders a titled document of headed sections into a real, multi-page PDF with pdfkit (library files, legal pages). */
import { renderPdf } from './pdf-document';

export interface DocumentSection {
  heading: string;
  /** A paragraph may hold `\n` line breaks (a list of references): each line starts on its own line. */
  paragraphs: string[];
}

export interface DocumentSpec {
  title: string;
  subtitle?: string;
  sections: DocumentSection[];
  /** The document's Keywords entry (the legal documents keep the contact details they were drawn with there). */
  keywords?: string;
}

const GREEN = '#1f6f4a';
const INK = '#1f2933';
const SOFT = '#4b5563';
const MARGIN = 64;
/** Lines of a multi-line paragraph (references) hang after their first line, so each entry stands out. */
const HANGING_INDENT = 18;
const KEEP_WITH_NEXT = 90;

export function renderDocumentPdf(doc: DocumentSpec): Promise<Buffer> {
  return renderPdf(
    {
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: doc.title, Author: 'SustainLearn', Creator: 'SustainLearn', ...(doc.keywords ? { Keywords: doc.keywords } : {}) },
    pdfVersion: '1.7',
    lang: 'en',
    displayTitle: true,
    tagged: false,
    // Pages stay in memory until the end so each can be numbered "Page n of m".
    bufferPages: true,
  },
    (pdf) => {

    pdf.fillColor(GREEN).font('Helvetica-Bold').fontSize(10).text('SustainLearn');
    pdf.moveDown(0.5);
    pdf.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(doc.title);
    if (doc.subtitle) pdf.moveDown(0.3).font('Helvetica').fontSize(11).fillColor(SOFT).text(doc.subtitle);
    pdf.moveDown(1);
    for (const section of doc.sections) {
      // A heading never ends a page alone: it moves on with the text it introduces.
      // An untitled section (a newsletter's opening words) has no heading line.
      if (section.heading) {
        if (pdf.y > pdf.page.height - MARGIN - KEEP_WITH_NEXT) pdf.addPage();
        pdf.fillColor(GREEN).font('Helvetica-Bold').fontSize(14).text(section.heading);
        pdf.moveDown(0.4);
      }
      for (const paragraph of section.paragraphs) {
        const lines = paragraph.split('\n').map((line) => line.trim()).filter(Boolean);
        pdf.fillColor(INK).font('Helvetica').fontSize(11);
        if (lines.length > 1) {
          for (const line of lines) {
            pdf.text(line, MARGIN + HANGING_INDENT, pdf.y, { indent: -HANGING_INDENT, lineGap: 2 });
            pdf.moveDown(0.3);
          }
          pdf.x = MARGIN;
        } else {
          pdf.text(lines[0] ?? '', { align: 'left', lineGap: 3 });
        }
        pdf.moveDown(0.6);
      }
      pdf.moveDown(0.4);
    }

    const footerTitle = doc.title.length > 60 ? `${doc.title.slice(0, 57).trimEnd()}...` : doc.title;
    const range = pdf.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      pdf.switchToPage(i);
      // Writing inside the bottom margin would start a new page unless the margin is lifted while the footer is drawn.
      const bottom = pdf.page.margins.bottom;
      pdf.page.margins.bottom = 0;
      pdf.fillColor(SOFT).font('Helvetica').fontSize(9)
        .text(`${footerTitle}  |  Page ${i - range.start + 1} of ${range.count}`, MARGIN, pdf.page.height - MARGIN / 2 - 6, {
          width: pdf.page.width - 2 * MARGIN, align: 'center', lineBreak: false,
        });
      pdf.page.margins.bottom = bottom;
    }
    },
  );
}
