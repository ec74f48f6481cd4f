/** The text of each page of a PDF (pdf.js), for the search index: a hit can then say on which page it is. */
type PdfDocument = Awaited<ReturnType<typeof import('pdfjs-dist/legacy/build/pdf.mjs').getDocument>['promise']>;

async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // A copy: pdf.js takes over (detaches) the buffer it is given.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  return task.promise;
}

async function pagesOf(doc: PdfDocument): Promise<string[]> {
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(text.replace(/\s+/g, ' ').replace(/(\w)- (\w)/g, '$1$2').trim());
    page.cleanup();
  }
  return pages;
}

export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await openPdf(bytes);
  try {
    return await pagesOf(doc);
  } finally {
    await doc.destroy();
  }
}

/**
 * An uploaded PDF as pdf.js reads it (issue 38 item 3): 'invalid' when it does not open as a PDF, 'encrypted' when it
 * asks for a password or is encrypted at all (an owner password too: its text may not be ours to index), else the text
 * of each page.
 */
export async function checkedPdf(bytes: Uint8Array): Promise<{ outcome: 'invalid' | 'encrypted' } | { outcome: 'ok'; pages: string[] }> {
  let doc: PdfDocument;
  try {
    doc = await openPdf(bytes);
  } catch (error) {
    return { outcome: (error as { name?: string }).name === 'PasswordException' ? 'encrypted' : 'invalid' };
  }
  try {
    const { info } = await doc.getMetadata();
    if ((info as { EncryptFilterName?: string | null }).EncryptFilterName) return { outcome: 'encrypted' };
    return { outcome: 'ok', pages: await pagesOf(doc) };
  } catch {
    return { outcome: 'invalid' };
  } finally {
    await doc.destroy();
  }
}
