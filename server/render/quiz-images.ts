/**
 * The quiz's pictures as SVG files. What they draw is in src/domain/quiz-cards.ts, which the page also draws the reveal
 * card from (ADR 122); this writes a drawing out as a file. Generated rather than stored, so an edited question never
 * shows a stale picture.
 */
import {
  type QuestionCard,
  questionCardDrawing,
  type RevealCard,
  revealCardDrawing,
  type SvgDrawing,
  type SvgNode,
  topicCardDrawing,
} from '../../src/domain/quiz-cards';
import { escapeMarkup } from '../../src/domain/text';

/** `strokeWidth` → `stroke-width`: the drawing names attributes as React does, the file as SVG does. */
const attributeName = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function nodeMarkup(node: SvgNode): string {
  const attrs = Object.entries(node.attrs)
    .map(([name, value]) => ` ${attributeName(name)}="${escapeMarkup(String(value))}"`)
    .join('');
  const inner = node.text !== undefined ? escapeMarkup(node.text) : (node.children ?? []).map(nodeMarkup).join('');
  return inner ? `<${node.tag}${attrs}>${inner}</${node.tag}>` : `<${node.tag}${attrs}/>`;
}

export function svgDocument({ width, height, title, nodes }: SvgDrawing): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeMarkup(title)}">
<title>${escapeMarkup(title)}</title>
${nodes.map(nodeMarkup).join('\n')}
</svg>
`;
}

export const questionCardSvg = (card: QuestionCard): string => svgDocument(questionCardDrawing(card));
export const revealCardSvg = (card: RevealCard): string => svgDocument(revealCardDrawing(card));
export const topicCardSvg = (category: string, title: string): string => svgDocument(topicCardDrawing(category, title));
