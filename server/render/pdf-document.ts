/** One way to make a PDF with pdfkit: the product's document settings, drawn by `draw`, collected into a Buffer. */
import PDFDocument from 'pdfkit';

export type PdfOptions = Omit<PDFKit.PDFDocumentOptions, 'info'> & { info: PDFKit.DocumentInfo };

export function renderPdf(options: PdfOptions, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', pdfVersion: '1.7', lang: 'en-US', displayTitle: true, ...options });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    try {
      draw(pdf);
      pdf.end();
    } catch (error) {
      reject(error);
    }
  });
}
