/**
 * The reveal card's geometry: where its words go and how tall it is. The card's drawing (quiz-cards.ts) is made from
 * it, and that drawing is both the SVG file the server serves and the card the page draws inline (ADR 122).
 */

/** Greedy word wrap by character count (the fonts are proportional; the budget leaves room for wide letters). */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Picks the largest font size at which the text fits the given number of lines. */
export function fitText(text: string, widthPx: number, sizes: number[], maxLines: number): { size: number; lines: string[] } {
  for (const size of sizes) {
    const lines = wrapText(text, Math.floor(widthPx / (size * 0.62)));
    if (lines.length <= maxLines) return { size, lines };
  }
  const size = sizes.at(-1)!;
  return { size, lines: wrapText(text, Math.floor(widthPx / (size * 0.62))) };
}

export const REVEAL_CARD_WIDTH = 800;
const REVEAL_CARD_MIN_HEIGHT = 360;
const ANSWER_TOP = 120;
const EXPLANATION_LINE_HEIGHT = 32;

export interface RevealCardLayout {
  width: number;
  height: number;
  /** The right answer, large: the biggest of 36, 30 or 26 px at which it fits three lines. */
  answer: { size: number; lines: string[]; top: number; lineHeight: number };
  /** The explanation below a rule, 21 px on 32 px lines. */
  explanation: { lines: string[]; top: number; lineHeight: number };
}

/** 800 wide, as tall as the explanation needs (at least 360): the right answer, large, then the explanation. */
export function revealCardLayout(card: { correctOption: string; explanation: string }): RevealCardLayout {
  const answer = fitText(card.correctOption, 600, [36, 30, 26], 3);
  // Sized for wide fallback fonts (DejaVu Sans) too: about 0.6 em per character.
  const explanation = wrapText(card.explanation, 56);
  const answerLineHeight = Math.round(answer.size * 1.2);
  const explanationTop = ANSWER_TOP + answer.lines.length * answerLineHeight + 30;
  return {
    width: REVEAL_CARD_WIDTH,
    height: Math.max(REVEAL_CARD_MIN_HEIGHT, explanationTop + explanation.length * EXPLANATION_LINE_HEIGHT + 40),
    answer: { ...answer, top: ANSWER_TOP, lineHeight: answerLineHeight },
    explanation: { lines: explanation, top: explanationTop, lineHeight: EXPLANATION_LINE_HEIGHT },
  };
}
