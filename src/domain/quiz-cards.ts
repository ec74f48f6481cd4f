/**
 * The quiz's pictures as drawings: a question card per question, a reveal card per answered question (the right
 * answer and the explanation), and a motif per category for the topic grid. A drawing is a plain tree of SVG shapes
 * with React-style attribute names. The server writes it out as an SVG file (server/render/quiz-images.ts); the page
 * draws the reveal card from the same tree inline, with the answer that carries its words (ADR 122). So the card the
 * page shows and the card the server serves are one drawing.
 */
import { revealCardLayout } from './quiz-reveal-card';

export type SvgTag = 'g' | 'rect' | 'circle' | 'path' | 'line' | 'text' | 'tspan';

export interface SvgNode {
  readonly tag: SvgTag;
  /** React's names (`strokeWidth`); the SVG writer turns them into the file's (`stroke-width`). */
  readonly attrs: Readonly<Record<string, string | number>>;
  readonly children?: readonly SvgNode[];
  /** A text or tspan's words, escaped by whoever writes them out. */
  readonly text?: string;
}

export interface SvgDrawing {
  width: number;
  height: number;
  /** What the picture says, for screen readers. */
  title: string;
  nodes: readonly SvgNode[];
}

const el = (tag: SvgTag, attrs: SvgNode['attrs'], children?: readonly SvgNode[]): SvgNode => (children ? { tag, attrs, children } : { tag, attrs });
const words = (tag: 'text' | 'tspan', attrs: SvgNode['attrs'], text: string): SvgNode => ({ tag, attrs, text });

const CARD_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

interface Palette {
  /** Card background; white text on it is at least 4.5:1. */
  background: string;
  accent: string;
  soft: string;
}

const PALETTES: Record<string, Palette> = {
  'green-buildings': { background: '#1f6f4a', accent: '#a7d7b8', soft: '#2f8a5f' },
  'green-vocabulary': { background: '#0f5e59', accent: '#99e0d4', soft: '#187a73' },
  'passive-design-strategies': { background: '#7a3e06', accent: '#fcd28a', soft: '#95520f' },
  'green-architects': { background: '#2d3a6b', accent: '#b8c4f0', soft: '#3d4d88' },
  'sustainable-development-goals': { background: '#1e4e79', accent: '#9cc7ee', soft: '#2a6499' },
  'sustainable-policies': { background: '#4a3b6b', accent: '#d2c4f2', soft: '#5d4c85' },
  'sustainable-materials': { background: '#6b4226', accent: '#e8c39e', soft: '#845433' },
  biodiversity: { background: '#3c5a14', accent: '#cfe69a', soft: '#4f7320' },
  'biodiversity-conservation': { background: '#14532d', accent: '#b7e4c7', soft: '#1d6b3c' },
};
const DEFAULT_PALETTE: Palette = { background: '#123f2b', accent: '#a7d7b8', soft: '#1f6f4a' };

function paletteOf(category: string): Palette {
  return PALETTES[category] ?? DEFAULT_PALETTE;
}

/** The 17 official SDG colours, for the wheel of the SDG category. */
const SDG_COLOURS = [
  '#e5243b', '#dda63a', '#4c9f38', '#c5192d', '#ff3a21', '#26bde2', '#fcc30b', '#a21942', '#fd6925',
  '#dd1367', '#fd9d24', '#bf8b2e', '#3f7e44', '#0a97d9', '#56c02b', '#00689d', '#19486a',
];

const WHITE = '#ffffff';
const outlined = { stroke: WHITE, strokeWidth: 6, strokeLinejoin: 'round' } as const;

/** A category's motif, drawn in a 200×200 box at the origin. */
function motif(category: string, palette: Palette): SvgNode[] {
  const { accent, soft } = palette;
  switch (category) {
    case 'green-buildings':
      return [
        el('path', { d: 'M30 110 L100 45 L170 110 V180 H30 Z', fill: soft, ...outlined }),
        el('rect', { x: 82, y: 128, width: 36, height: 52, rx: 4, fill: accent }),
        el('path', { d: 'M140 40 C175 40 190 60 188 95 C150 97 132 78 140 40 Z', fill: accent }),
        el('path', { d: 'M142 44 L186 92', stroke: soft, strokeWidth: 3 }),
      ];
    case 'green-vocabulary':
      return [
        el('path', { d: 'M25 40 H175 A12 12 0 0 1 187 52 V130 A12 12 0 0 1 175 142 H85 L50 175 V142 H25 A12 12 0 0 1 13 130 V52 A12 12 0 0 1 25 40 Z', fill: soft, ...outlined }),
        words('text', { x: 100, y: 112, textAnchor: 'middle', fontFamily: CARD_FONT, fontSize: 56, fontWeight: 700, fill: accent }, 'Aa'),
      ];
    case 'passive-design-strategies':
      return [
        el('circle', { cx: 55, cy: 55, r: 26, fill: accent }),
        ...Array.from({ length: 8 }, (_, i) => {
          const a = (i * Math.PI) / 4;
          return el('line', {
            x1: 55 + Math.cos(a) * 34, y1: 55 + Math.sin(a) * 34, x2: 55 + Math.cos(a) * 46, y2: 55 + Math.sin(a) * 46,
            stroke: accent, strokeWidth: 6, strokeLinecap: 'round',
          });
        }),
        el('path', { d: 'M80 125 L135 85 L190 125 V185 H80 Z', fill: soft, ...outlined }),
        el('path', { d: 'M70 90 L110 120', stroke: accent, strokeWidth: 5, strokeDasharray: '8 6', strokeLinecap: 'round' }),
        el('rect', { x: 100, y: 135, width: 28, height: 26, fill: accent }),
      ];
    case 'green-architects':
      return [
        el('path', { d: 'M100 25 L60 180 M100 25 L140 180', stroke: WHITE, strokeWidth: 8, strokeLinecap: 'round' }),
        el('circle', { cx: 100, cy: 25, r: 12, fill: accent }),
        el('path', { d: 'M70 140 Q100 160 130 140', stroke: accent, strokeWidth: 6, fill: 'none' }),
        el('path', { d: 'M20 185 H180', stroke: soft, strokeWidth: 8, strokeLinecap: 'round' }),
      ];
    case 'sustainable-development-goals': {
      const p = (r: number, a: number) => `${(100 + r * Math.cos(a)).toFixed(1)} ${(100 + r * Math.sin(a)).toFixed(1)}`;
      return [
        ...SDG_COLOURS.map((colour, i) => {
          const a0 = (i / 17) * 2 * Math.PI - Math.PI / 2;
          const a1 = ((i + 1) / 17) * 2 * Math.PI - Math.PI / 2;
          return el('path', { d: `M${p(85, a0)} A85 85 0 0 1 ${p(85, a1)} L${p(50, a1)} A50 50 0 0 0 ${p(50, a0)} Z`, fill: colour, stroke: WHITE, strokeWidth: 2 });
        }),
        el('circle', { cx: 100, cy: 100, r: 40, fill: WHITE }),
      ];
    }
    case 'sustainable-policies':
      return [
        el('rect', { x: 45, y: 20, width: 110, height: 150, rx: 10, fill: soft, stroke: WHITE, strokeWidth: 6 }),
        el('path', { d: 'M65 55 H135 M65 80 H135 M65 105 H110', stroke: accent, strokeWidth: 6, strokeLinecap: 'round' }),
        el('circle', { cx: 145, cy: 160, r: 30, fill: accent }),
        el('path', { d: 'M130 160 L141 171 L161 149', stroke: soft, strokeWidth: 7, fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' }),
      ];
    case 'sustainable-materials':
      return [
        el('rect', { x: 25, y: 130, width: 150, height: 40, rx: 6, fill: accent }),
        el('rect', { x: 40, y: 85, width: 150, height: 40, rx: 6, fill: soft, stroke: WHITE, strokeWidth: 5 }),
        el('rect', { x: 20, y: 40, width: 150, height: 40, rx: 6, fill: accent }),
        el('circle', { cx: 45, cy: 60, r: 10, fill: 'none', stroke: soft, strokeWidth: 4 }),
        el('circle', { cx: 160, cy: 150, r: 10, fill: 'none', stroke: soft, strokeWidth: 4 }),
      ];
    case 'biodiversity':
      return [
        el('path', { d: 'M100 185 V95', stroke: WHITE, strokeWidth: 6, strokeLinecap: 'round' }),
        el('path', { d: 'M100 120 C60 120 35 95 35 55 C75 55 100 80 100 120 Z', fill: accent }),
        el('path', { d: 'M100 100 C140 100 165 75 165 35 C125 35 100 60 100 100 Z', fill: soft, stroke: WHITE, strokeWidth: 4 }),
        el('path', { d: 'M150 130 C165 115 185 120 180 138 C178 150 160 150 150 140 C140 150 122 150 120 138 C115 120 135 115 150 130 Z', fill: accent }),
      ];
    case 'biodiversity-conservation':
      return [
        el('path', { d: 'M100 20 L170 45 V100 C170 145 140 172 100 186 C60 172 30 145 30 100 V45 Z', fill: soft, ...outlined }),
        el('path', { d: 'M100 150 C70 150 60 120 70 85 C95 85 112 105 100 150 Z M100 150 C130 150 140 120 130 85 C105 85 88 105 100 150 Z', fill: accent }),
      ];
    default:
      return [el('circle', { cx: 100, cy: 100, r: 70, fill: soft, stroke: WHITE, strokeWidth: 6 })];
  }
}

/** Lines of text on a left edge, one tspan a line. */
function textLines(lines: readonly string[], x: number, y: number, size: number, lineHeight: number, attrs: SvgNode['attrs']): SvgNode {
  return el(
    'text',
    { x, y, fontFamily: CARD_FONT, fontSize: size, ...attrs },
    lines.map((line, i) => words('tspan', { x, dy: i === 0 ? 0 : lineHeight }, line)),
  );
}

export interface QuestionCard {
  category: string;
  categoryTitle: string;
  number: number;
  total: number;
}

/**
 * 800×240: the topic's colours and motif with "CATEGORY · QUESTION n OF N". It never shows the answer. The question
 * itself is printed once, as the answer group's label, right below the card (a card that repeated it showed the
 * question twice).
 */
export function questionCardDrawing(card: QuestionCard): SvgDrawing {
  const palette = paletteOf(card.category);
  const label = `${card.categoryTitle.toUpperCase()} · QUESTION ${card.number} OF ${card.total}`;
  return {
    width: 800,
    height: 240,
    title: `${card.categoryTitle}, question ${card.number} of ${card.total}`,
    nodes: [
      el('rect', { width: 800, height: 240, rx: 24, fill: palette.background }),
      el('circle', { cx: 690, cy: 60, r: 170, fill: palette.soft, opacity: 0.55 }),
      words('text', { x: 48, y: 78, fontFamily: CARD_FONT, fontSize: 22, fontWeight: 700, letterSpacing: 1.5, fill: palette.accent }, label),
      words('text', { x: 48, y: 140, fontFamily: CARD_FONT, fontSize: 40, fontWeight: 700, fill: WHITE }, card.categoryTitle),
      el('g', { transform: 'translate(560 40) scale(0.95)' }, motif(card.category, palette)),
      words('text', { x: 48, y: 205, fontFamily: CARD_FONT, fontSize: 16, fontWeight: 600, fill: WHITE }, 'SustainLearn quiz'),
    ],
  };
}

export interface RevealCard {
  category: string;
  correctOption: string;
  explanation: string;
}

/** The words of the reveal card, in reading order; the card draws exactly these and the browser reads them aloud. */
export function revealTextOf(card: Pick<RevealCard, 'correctOption' | 'explanation'>): string {
  return `Correct answer: ${card.correctOption}. ${card.explanation}`;
}

/** 800 wide, as tall as the explanation needs: the right answer, large, then the explanation (revealCardLayout). */
export function revealCardDrawing(card: RevealCard): SvgDrawing {
  const palette = paletteOf(card.category);
  const { width, height, answer, explanation } = revealCardLayout(card);
  return {
    width,
    height,
    title: revealTextOf(card),
    nodes: [
      el('rect', { width, height, rx: 24, fill: WHITE, stroke: palette.background, strokeWidth: 6 }),
      el('rect', { x: 3, y: 3, width: 794, height: 74, rx: 21, fill: palette.background }),
      el('rect', { x: 3, y: 50, width: 794, height: 27, fill: palette.background }),
      el('circle', { cx: 64, cy: 40, r: 20, fill: palette.accent }),
      el('path', { d: 'M54 40 L61 47 L75 32', stroke: palette.background, strokeWidth: 5, fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' }),
      words('text', { x: 98, y: 49, fontFamily: CARD_FONT, fontSize: 26, fontWeight: 700, fill: WHITE }, 'Correct answer'),
      el('g', { transform: 'translate(700 8) scale(0.3)' }, motif(card.category, palette)),
      textLines(answer.lines, 48, answer.top + answer.size * 0.3, answer.size, answer.lineHeight, { fontWeight: 800, fill: palette.background }),
      el('line', { x1: 48, y1: explanation.top - 24, x2: 752, y2: explanation.top - 24, stroke: '#d9d4c7', strokeWidth: 2 }),
      textLines(explanation.lines, 48, explanation.top + 6, 21, explanation.lineHeight, { fill: '#1f2933' }),
    ],
  };
}

/** 400×240: the category's motif on its colour, for the topic grid (decorative; the card's title names it). */
export function topicCardDrawing(category: string, title: string): SvgDrawing {
  const palette = paletteOf(category);
  return {
    width: 400,
    height: 240,
    title,
    nodes: [
      el('rect', { width: 400, height: 240, fill: palette.background }),
      el('circle', { cx: 330, cy: 30, r: 120, fill: palette.soft, opacity: 0.6 }),
      el('circle', { cx: 40, cy: 230, r: 70, fill: palette.soft, opacity: 0.5 }),
      el('g', { transform: 'translate(120 25) scale(0.95)' }, motif(category, palette)),
    ],
  };
}
