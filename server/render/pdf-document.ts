/**
 * One way to make a PDF with pdfkit: the product's document settings, drawn by `draw`, collected into a Buffer. pdfkit
 * (with fontkit) and the fonts are loaded by the first PDF made, not at start: most processes make none (ADR 129).
 *
 * Every PDF is tagged (ADR 161): a structure tree under a 'Document' root that `draw` fills through the writer, the
 * document's language, and its title shown in the window's title bar. Its text is in embedded, subset Unicode fonts.
 */
import { pdfFonts } from './pdf-fonts';
import { PdfWriter } from './pdf-writer';

export type PdfOptions = Omit<PDFKit.PDFDocumentOptions, 'info' | 'tagged' | 'font'> & { info: PDFKit.DocumentInfo & { Title: string } };

export async function renderPdf(options: PdfOptions, draw: (writer: PdfWriter) => void): Promise<Buffer> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), pdfFonts()]);
  return new Promise((resolve, reject) => {
    // No default font: pdfkit's would be Helvetica, one of the 14 standard fonts that are never embedded.
    const settings = { size: 'A4', pdfVersion: '1.7', lang: 'en-US', displayTitle: true, ...options, tagged: true, font: null };
    const pdf = new PDFDocument(settings as unknown as PDFKit.PDFDocumentOptions);
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    try {
      const root = pdf.struct('Document');
      pdf.addStructure(root);
      const writer = new PdfWriter(pdf, fonts, root);
      writer.use('sans', 'regular');
      draw(writer);
      root.end();
      pdf.end();
    } catch (error) {
      reject(error);
    }
  });
}
