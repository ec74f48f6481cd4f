/**
 * One way to make a PDF with pdfkit: the product's document settings, drawn by `draw`, collected into a Buffer. pdfkit
 * (with fontkit and its fonts) is loaded by the first PDF made, not at start: most processes make none (ADR 129).
 */

export type PdfOptions = Omit<PDFKit.PDFDocumentOptions, 'info'> & { info: PDFKit.DocumentInfo };

export async function renderPdf(options: PdfOptions, draw: (pdf: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
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
