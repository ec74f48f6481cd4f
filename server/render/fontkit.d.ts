/** The part of fontkit (pdfkit's font engine, no types of its own) that the PDF fonts use (ADR 161). */
declare module 'fontkit' {
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface Glyph {
    advanceWidth: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    readonly advanceWidth: number;
  }
  export interface Font {
    postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: unknown): GlyphRun;
    glyphsForString(text: string): Glyph[];
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
