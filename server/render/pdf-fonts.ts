/**
 * The fonts every PDF is drawn with (ADR 161): Noto Sans (Latin with its extensions, Greek, Cyrillic) and, for the
 * characters it lacks, Noto Sans SC (Chinese, and the kana and hangul it also holds). Both are embedded by pdfkit as
 * subsets: only the glyphs a document uses go into it.
 *
 * The files are read once per process, when first needed: Noto Sans (about 0.6 MB a style) by the first PDF drawn,
 * Noto Sans SC (about 10.5 MB a style) only when a text to draw holds a character Noto Sans lacks.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font, GlyphRun } from 'fontkit';

export type FontStyle = 'regular' | 'bold' | 'italic';
export type FontFamily = 'sans' | 'cjk';

const FILES: Record<FontFamily, Partial<Record<FontStyle, string>>> = {
  sans: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
    italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  },
  // Chinese has no italic: an italic run's Chinese characters are upright, in the regular font.
  cjk: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};

/** The style whose file draws `style` in `family` (Chinese italic: the regular). */
const styleIn = (family: FontFamily, style: FontStyle): FontStyle => (FILES[family][style] ? style : 'regular');

/** The name a font is registered under in a document: one name a file. */
export const fontName = (family: FontFamily, style: FontStyle) => `${family}-${styleIn(family, style)}`;

/** A run of text drawn in one font. */
export interface TextRun {
  family: FontFamily;
  text: string;
}

/** Marks, joiners and variation selectors stay in the font of the character they belong to. */
const JOINS_PREVIOUS = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;
/** Spaces and line breaks stay in the run they are in: a line break is no reason to open the Chinese font. */
const SPACE = /^[\p{Cc}\p{Z}]$/u;

/**
 * `font` laid out without OpenType features: each character's glyph from the font's character map at its advance
 * width, no kerning, ligatures or mark positioning (texts are drawn composed, NFC, so accented letters are single
 * glyphs). fontkit's OpenType layout took four times as long as the rest of a document together (ADR 161): a first
 * import of the content, which draws every library PDF, went from seconds to a minute.
 */
function withPlainLayout(font: Font): Font {
  const layout = (text: string): GlyphRun => {
    const glyphs = font.glyphsForString(text);
    return {
      glyphs,
      positions: glyphs.map((glyph) => ({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })),
      get advanceWidth() {
        return this.positions.reduce((width, position) => width + position.xAdvance, 0);
      },
    };
  };
  return new Proxy(font, { get: (target, key) => (key === 'layout' ? layout : Reflect.get(target, key)) });
}

export class PdfFonts {
  private readonly opened = new Map<string, Font>();
  private readonly plain = new Map<Font, Font>();

  constructor(private readonly fontkit: typeof import('fontkit')) {}

  /** The font of `family` in `style`, read from its file the first time it is asked for. */
  font(family: FontFamily, style: FontStyle): Font {
    const file = FILES[family][styleIn(family, style)]!;
    let font = this.opened.get(file);
    if (!font) {
      font = this.fontkit.create(readFileSync(createRequire(import.meta.url).resolve(file)));
      this.opened.set(file, font);
    }
    return font;
  }

  /** The font pdfkit is given: the same, laid out plainly. */
  forPdf(family: FontFamily, style: FontStyle): Font {
    const font = this.font(family, style);
    let plain = this.plain.get(font);
    if (!plain) {
      plain = withPlainLayout(font);
      this.plain.set(font, plain);
    }
    return plain;
  }

  /**
   * `text` cut into runs, each in the font that has its characters: Noto Sans wherever it has the glyph, else Noto Sans
   * SC when that has it; a character neither has stays in Noto Sans (its missing-glyph box).
   */
  runs(text: string, style: FontStyle): TextRun[] {
    const sans = this.font('sans', style);
    const runs: TextRun[] = [];
    for (const char of text) {
      const code = char.codePointAt(0)!;
      const last = runs[runs.length - 1];
      let family: FontFamily = 'sans';
      if (last && JOINS_PREVIOUS.test(char)) family = last.family;
      else if (SPACE.test(char)) family = last?.family ?? 'sans';
      else if (!sans.hasGlyphForCodePoint(code) && this.font('cjk', style).hasGlyphForCodePoint(code)) family = 'cjk';
      if (last && last.family === family) last.text += char;
      else runs.push({ family, text: char });
    }
    return runs;
  }
}

let loading: Promise<PdfFonts> | null = null;

/** The process's fonts: fontkit is loaded with the first PDF, like pdfkit (ADR 129). */
export function pdfFonts(): Promise<PdfFonts> {
  loading ??= import('fontkit').then((fontkit) => new PdfFonts(fontkit), (error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
