/** The part of fontkit (pdfkit's font engine, no types of its own) that the PDF fonts use (ADR 161). */
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
