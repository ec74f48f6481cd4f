/**
 * The quiz's cards as drawings (src/domain/quiz-cards.ts): the server writes them out as SVG files
 * (server/render/quiz-images.ts) and the page draws the reveal card inline from the same tree (ADR 122). Both must
 * come out as one picture.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { revealCardSvg, questionCardSvg, topicCardSvg } from '../../server/render/quiz-images';
import { QUIZ_CATEGORIES } from '../../src/domain/quiz';
import { questionCardDrawing, revealCardDrawing, revealTextOf, type SvgNode, topicCardDrawing } from '../../src/domain/quiz-cards';
import { revealCardLayout } from '../../src/domain/quiz-reveal-card';
import { SvgDrawing } from '../../src/ui/components/svg-drawing';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true, trimValues: true, htmlEntities: true });
/** The `<svg>` element's children, as parsed trees: elements, their attributes in order, and their words. */
function shapesOf(markup: string): unknown[] {
  const doc = parser.parse(markup) as Record<string, unknown>[];
  const svg = doc.find((node) => 'svg' in node) as { svg: Record<string, unknown>[] };
  return svg.svg.filter((node) => !('title' in node));
}

function wordsOf(nodes: readonly SvgNode[]): string[] {
  // A motif (a group) is a picture, not words.
  return nodes.flatMap((node) => (node.text !== undefined ? [node.text] : node.tag === 'g' ? [] : wordsOf(node.children ?? [])));
}

const tricky = { category: 'green-buildings', correctOption: `"Cradle" <to> 'cradle' & back`, explanation: 'Closed loops: <b>no</b> waste & no "downcycling". '.repeat(4) };

describe('the reveal card', () => {
  it('is as big as its layout, and says the right answer then the explanation, line by line', () => {
    const drawing = revealCardDrawing(tricky);
    const layout = revealCardLayout(tricky);
    expect([drawing.width, drawing.height]).toEqual([layout.width, layout.height]);
    expect(drawing.title).toBe(revealTextOf(tricky));
    expect(wordsOf(drawing.nodes)).toEqual(['Correct answer', ...layout.answer.lines, ...layout.explanation.lines]);
  });

  it('is written by the server as a valid SVG file whose words are escaped, not markup', () => {
    const file = revealCardSvg(tricky);
    expect(XMLValidator.validate(file)).toBe(true);
    expect(file).not.toContain('<b>');
    expect(file).not.toContain('<to>');
    expect(file).toContain('stroke-width="6"');
    expect(file).not.toMatch(/strokeWidth|fontFamily/);
  });

  it('is drawn by the page with exactly the shapes and words of the file the server serves', () => {
    for (const category of [...QUIZ_CATEGORIES.map((c) => c.id), 'no-such-topic']) {
      const card = { ...tricky, category };
      const page = renderToStaticMarkup(createElement(SvgDrawing, { drawing: revealCardDrawing(card) }));
      expect(XMLValidator.validate(page)).toBe(true);
      expect(shapesOf(page)).toEqual(shapesOf(revealCardSvg(card)));
      expect(page).toMatch(/^<svg [^>]*role="img" aria-label="[^"]+"/);
    }
  });
});

describe('the question and topic cards', () => {
  it('are valid SVG for every topic, and the question card never holds an answer', () => {
    for (const { id, title } of QUIZ_CATEGORIES) {
      const card = { category: id, categoryTitle: title, number: 3, total: 12 };
      expect(XMLValidator.validate(questionCardSvg(card))).toBe(true);
      expect(XMLValidator.validate(topicCardSvg(id, title))).toBe(true);
      expect(wordsOf(questionCardDrawing(card).nodes)).toEqual([`${title.toUpperCase()} · QUESTION 3 OF 12`, title, 'SustainLearn quiz']);
      expect(topicCardDrawing(id, title).title).toBe(title);
    }
  });

  it('draws the question card in the page as the server writes it, hidden from screen readers', () => {
    for (const { id, title } of QUIZ_CATEGORIES) {
      const card = { category: id, categoryTitle: title, number: 3, total: 12 };
      const page = renderToStaticMarkup(createElement(SvgDrawing, { drawing: questionCardDrawing(card), decorative: true }));
      expect(shapesOf(page)).toEqual(shapesOf(questionCardSvg(card)));
      expect(page).toMatch(/^<svg [^>]*aria-hidden="true"/);
      expect(page).not.toMatch(/role=|aria-label=/);
    }
  });
});
