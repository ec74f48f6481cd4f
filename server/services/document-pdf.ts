/** Renders a titled document of headed sections into a real, multi-page PDF with pdfkit (library files, legal pages). */
import PDFDocument from 'pdfkit';

export interface DocumentSection {
  heading: string;
  paragraphs: string[];
}

export interface DocumentSpec {
  title: string;
  subtitle?: string;
  sections: DocumentSection[];
}

const GREEN = '#1f6f4a';
const INK = '#1f2933';

export function renderDocumentPdf(doc: DocumentSpec): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margins: { top: 64, bottom: 64, left: 64, right: 64 },
      info: { Title: doc.title, Author: 'SustainLearn', Creator: 'SustainLearn' },
      pdfVersion: '1.7',
      lang: 'en',
      displayTitle: true,
      tagged: false,
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);

    pdf.fillColor(GREEN).font('Helvetica-Bold').fontSize(10).text('SustainLearn');
    pdf.moveDown(0.5);
    pdf.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(doc.title);
    if (doc.subtitle) pdf.moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#4b5563').text(doc.subtitle);
    pdf.moveDown(1);
    for (const section of doc.sections) {
      pdf.fillColor(GREEN).font('Helvetica-Bold').fontSize(14).text(section.heading);
      pdf.moveDown(0.4);
      for (const paragraph of section.paragraphs) {
        pdf.fillColor(INK).font('Helvetica').fontSize(11).text(paragraph, { align: 'left', lineGap: 3 });
        pdf.moveDown(0.6);
      }
      pdf.moveDown(0.4);
    }
    pdf.end();
  });
}
