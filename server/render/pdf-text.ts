/** The text of each page of a PDF (pdf.js), for the search index: a hit can then say on which page it is. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // A copy: pdf.js takes over (detaches) the buffer it is given.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      pages.push(text.replace(/\s+/g, ' ').replace(/(\w)- (\w)/g, '$1$2').trim());
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
