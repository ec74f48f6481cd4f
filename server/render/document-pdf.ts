/**
 * Renders a titled document of headed sections into a real, multi-page PDF with pdfkit (library files, legal pages,
 * newsletters), in embedded Unicode fonts and tagged (ADR 161): the title a heading, each section a 'Sect' with its
 * heading and paragraphs, a list of references a list, the page footers artifacts.
 */
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
  /**
   * Its CreationDate: the date of what it says (when published or last updated), so the same content draws the same
   * bytes at every import (ADR 192). Without it, pdfkit writes the time of drawing.
   */
  date?: Date;
}

const GREEN = '#1f6f4a';
const INK = '#1f2933';
const SOFT = '#4b5563';
const MARGIN = 64;
/** Lines of a multi-line paragraph (references) hang after their first line, so each entry stands out. */
const HANGING_INDENT = 18;
const KEEP_WITH_NEXT = 90;

export function renderDocumentPdf(doc: DocumentSpec): Promise<Buffer> {
  const info = {
    Title: doc.title, Author: 'SustainLearn', Creator: 'SustainLearn',
    ...(doc.keywords ? { Keywords: doc.keywords } : {}), ...(doc.date ? { CreationDate: doc.date } : {}),
  };
  // Pages stay in memory until the end so each can be numbered "Page n of m".
  return renderPdf({ size: 'A4', margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN }, info, lang: 'en', bufferPages: true }, (w) => {
    const { pdf } = w;
    pdf.fillColor(GREEN).fontSize(10);
    w.paragraph('P', 'SustainLearn', 'bold');
    pdf.moveDown(0.5);
    pdf.fillColor(INK).fontSize(22);
    w.paragraph('H1', doc.title, 'bold');
    if (doc.subtitle) {
      pdf.moveDown(0.3).fontSize(11).fillColor(SOFT);
      w.paragraph('P', doc.subtitle, 'regular');
    }
    pdf.moveDown(1);
    for (const section of doc.sections) {
      const sect = w.group('Sect');
      // A heading never ends a page alone: it moves on with the text it introduces.
      // An untitled section (a newsletter's opening words) has no heading line.
      if (section.heading) {
        if (pdf.y > pdf.page.height - MARGIN - KEEP_WITH_NEXT) pdf.addPage();
        pdf.fillColor(GREEN).fontSize(14);
        w.paragraph('H2', section.heading, 'bold', {}, sect);
        pdf.moveDown(0.4);
      }
      for (const paragraph of section.paragraphs) {
        const lines = paragraph.split('\n').map((line) => line.trim()).filter(Boolean);
        pdf.fillColor(INK).fontSize(11);
        if (lines.length > 1) {
          // A list of references: each entry a list item.
          const list = w.group('L', sect);
          for (const line of lines) {
            const item = w.group('LI', list);
            w.paragraph('LBody', line, 'regular', { x: MARGIN + HANGING_INDENT, y: pdf.y, indent: -HANGING_INDENT, lineGap: 2 }, item);
            pdf.moveDown(0.3);
          }
          pdf.x = MARGIN;
        } else {
          w.paragraph('P', lines[0] ?? '', 'regular', { align: 'left', lineGap: 3 }, sect);
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
      pdf.fillColor(SOFT).fontSize(9);
      w.artifact(() => w.text(`${footerTitle}  |  Page ${i - range.start + 1} of ${range.count}`, 'regular', {
        x: MARGIN, y: pdf.page.height - MARGIN / 2 - 6, width: pdf.page.width - 2 * MARGIN, align: 'center', lineBreak: false,
      }), 'Pagination');
      pdf.page.margins.bottom = bottom;
    }
  });
}
