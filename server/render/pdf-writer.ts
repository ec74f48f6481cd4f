/**
 * What the PDF renderers draw with (ADR 161): text in the embedded Unicode fonts, each run of it in the font that has
 * its characters, and the tags a screen reader reads the document by: every text inside a structure element (heading,
 * paragraph, table cell, link, figure) under the document's root, every decoration an artifact.
 */
import { type FontFamily, type FontStyle, fontName, type PdfFonts } from './pdf-fonts';

/** pdfkit's text options, with the position to start at (else where the last text ended). */
export type TextOptions = PDFKit.Mixins.TextOptions & { x?: number; y?: number };

type Struct = PDFKit.PDFStructureElement;

export class PdfWriter {
  private readonly registered = new Set<string>();

  constructor(
    readonly pdf: PDFKit.PDFDocument,
    private readonly fonts: PdfFonts,
    /** The structure tree's 'Document' element. */
    readonly root: Struct,
  ) {}

  /** Makes `family` in `style` the current font, registering it in this document on first use. */
  use(family: FontFamily, style: FontStyle): this {
    const name = fontName(family, style);
    if (!this.registered.has(name)) {
      // pdfkit takes a fontkit font as a source: the file is parsed once per process, not once per document, and
      // it is laid out without OpenType features (pdf-fonts.ts).
      this.pdf.registerFont(name, this.fonts.forPdf(family, style) as unknown as Buffer);
      this.registered.add(name);
    }
    this.pdf.font(name);
    return this;
  }

  /**
   * Draws `text` in `style` at the current size and colour. A text in one font is one pdfkit text; a text in several
   * (Latin and Chinese) is drawn run after run, each continuing the line where the last ended.
   */
  text(raw: string, style: FontStyle, options: TextOptions = {}): this {
    const { x, y, ...rest } = options;
    // Composed: an accented letter is one glyph of the font (no OpenType mark positioning, pdf-fonts.ts).
    const text = raw.normalize('NFC');
    const runs = this.fonts.runs(text, style);
    if (runs.length <= 1) {
      this.use(runs[0]?.family ?? 'sans', style);
      this.draw(text, x, y, rest);
      return this;
    }
    if (rest.align === 'center' && rest.lineBreak === false) return this.centredLine(runs, style, x, y, rest);
    runs.forEach((run, i) => {
      this.use(run.family, style);
      const last = i === runs.length - 1;
      const continued = last ? (rest.continued ?? false) : true;
      if (i === 0) this.draw(run.text, x, y, { ...rest, continued });
      else this.pdf.text(run.text, { continued });
    });
    return this;
  }

  /** The height `text` takes in `style` with `options` (a text in several fonts: measured in the wider, Chinese one). */
  heightOf(raw: string, style: FontStyle, options: PDFKit.Mixins.TextOptions): number {
    const text = raw.normalize('NFC');
    const runs = this.fonts.runs(text, style);
    this.use(runs.length > 1 ? 'cjk' : (runs[0]?.family ?? 'sans'), style);
    return this.pdf.heightOfString(text, options);
  }

  private draw(text: string, x: number | undefined, y: number | undefined, options: PDFKit.Mixins.TextOptions) {
    // pdfkit reads a missing x as the options: give it a position only when there is one.
    if (x === undefined && y === undefined) this.pdf.text(text, options);
    else this.pdf.text(text, x ?? this.pdf.x, y ?? this.pdf.y, options);
  }

  /** One centred line of several runs (a page footer): pdfkit would centre each run on its own. */
  private centredLine(runs: { family: FontFamily; text: string }[], style: FontStyle, x: number | undefined, y: number | undefined, options: PDFKit.Mixins.TextOptions) {
    const widths = runs.map((run) => this.use(run.family, style).pdf.widthOfString(run.text, options));
    const total = widths.reduce((a, b) => a + b, 0);
    const left = x ?? this.pdf.x;
    const width = options.width ?? this.pdf.page.width - left - this.pdf.page.margins.right;
    let at = left + Math.max(0, (width - total) / 2);
    const top = y ?? this.pdf.y;
    runs.forEach((run, i) => {
      this.use(run.family, style).pdf.text(run.text, at, top, { ...options, align: 'left', width: undefined });
      at += widths[i]!;
    });
    return this;
  }

  /** A structure element of `type` under `parent` (the document by default), holding what `draw` puts on the page. */
  block(type: string, draw: () => void, parent: Struct = this.root, options: PDFKit.Mixins.StructureElementOptions = {}): Struct {
    const element = this.group(type, parent, options);
    element.add(draw);
    return element;
  }

  /** An empty structure element of `type` under `parent`, for elements that hold others (a section, a table, a row). */
  group(type: string, parent: Struct = this.root, options: PDFKit.Mixins.StructureElementOptions = {}): Struct {
    const element = this.pdf.struct(type, options);
    // Attached first, so each closure added to it later draws at once, in page order.
    parent.add(element);
    return element;
  }

  /** A paragraph (or a heading: `type` 'H1'…) of one text. */
  paragraph(type: string, text: string, style: FontStyle, options: TextOptions = {}, parent: Struct = this.root): Struct {
    return this.block(type, () => this.text(text, style, options), parent);
  }

  /** A paragraph of a label, then a link whose text is its address. */
  link(label: string, url: string, options: TextOptions = {}, parent: Struct = this.root): Struct {
    const paragraph = this.group('P', parent);
    if (label) paragraph.add(() => this.text(label, 'regular', { ...options, continued: true }));
    this.block('Link', () => this.text(url, 'regular', label ? { link: url } : { ...options, link: url }), paragraph);
    return paragraph;
  }

  /** What `draw` puts on the page, marked as an artifact: a screen reader skips it (rules, borders, page footers). */
  artifact(draw: () => void, type: 'Layout' | 'Pagination' | 'Page' = 'Layout'): this {
    this.pdf.markContent('Artifact', { type });
    draw();
    this.pdf.endMarkedContent();
    return this;
  }
}
