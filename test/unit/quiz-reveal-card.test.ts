/**
 * The reveal card's geometry (src/domain/quiz-reveal-card.ts), which its one drawing is made from (ADR 122): word
 * wrap, the answer's size, and the card's height.
 */
import { describe, expect, it } from 'vitest';
import { fitText, revealCardLayout, wrapText } from '../../src/domain/quiz-reveal-card';

describe('wrapText', () => {
  it('fills each line with whole words up to the limit, spaces included', () => {
    expect(wrapText('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrapText('aa bb cc dd', 4)).toEqual(['aa', 'bb', 'cc', 'dd']);
    expect(wrapText('  aa \n bb  ', 80)).toEqual(['aa bb']);
  });

  it('keeps a word longer than a line whole, on a line of its own', () => {
    expect(wrapText('a superconductivity b', 6)).toEqual(['a', 'superconductivity', 'b']);
  });

  it('gives no line for no words', () => {
    expect(wrapText(' \n ', 10)).toEqual([]);
  });
});

describe('fitText', () => {
  it('takes the largest size at which the text fits the lines allowed', () => {
    // 600 px at 36 px is 26 characters a line: 'LEED' fits one.
    expect(fitText('LEED', 600, [36, 30, 26], 3)).toEqual({ size: 36, lines: ['LEED'] });
    // 600 px is 26 characters a line at 36 px, 32 at 30 px and 37 at 26 px.
    const long = 'Layers of boards glued at right angles into panels used for walls, floors and roofs of buildings';
    expect(fitText(long, 600, [36, 30, 26], 3)).toEqual({
      size: 26,
      lines: ['Layers of boards glued at right', 'angles into panels used for walls,', 'floors and roofs of buildings'],
    });
    const shorter = 'Layers of boards glued at right angles into panels used for walls, floors and roofs';
    expect(fitText(shorter, 600, [36, 30, 26], 3)).toEqual({
      size: 30,
      lines: ['Layers of boards glued at right', 'angles into panels used for', 'walls, floors and roofs'],
    });
  });

  it('falls back to the smallest size when none fits, with all the lines it needs', () => {
    const text = 'word '.repeat(60).trim();
    const fitted = fitText(text, 600, [36, 30, 26], 3);
    expect(fitted.size).toBe(26);
    expect(fitted.lines.join(' ')).toBe(text);
    expect(fitted.lines.length).toBeGreaterThan(3);
  });
});

describe('revealCardLayout', () => {
  it('is 800 by 360 when the answer and explanation are short', () => {
    const layout = revealCardLayout({ correctOption: 'LEED', explanation: 'Developed by the USGBC.' });
    expect([layout.width, layout.height]).toEqual([800, 360]);
    expect(layout.answer).toMatchObject({ size: 36, lines: ['LEED'], top: 120, lineHeight: 43 });
    // One answer line of 43 px below 120, then 30 px to the explanation.
    expect(layout.explanation).toEqual({ lines: ['Developed by the USGBC.'], top: 193, lineHeight: 32 });
  });

  it('grows by one explanation line (32 px) for each line past the minimum', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'carbon').join(' ');
    // 'carbon' and a space: eight words a 56-character line.
    const tall = revealCardLayout({ correctOption: 'LEED', explanation: words(8 * 6) });
    expect(tall.explanation.lines).toHaveLength(6);
    expect(tall.height).toBe(193 + 6 * 32 + 40);
    const taller = revealCardLayout({ correctOption: 'LEED', explanation: words(8 * 7) });
    expect(taller.height - tall.height).toBe(32);
  });

  it('moves the explanation down for an answer on more lines', () => {
    const explanation = 'carbon '.repeat(56).trim();
    const one = revealCardLayout({ correctOption: 'LEED', explanation });
    const three = revealCardLayout({ correctOption: 'Layers of boards glued at right angles into panels used for walls, floors and roofs', explanation });
    expect(three.answer.lines).toHaveLength(3);
    expect(three.explanation.top - one.explanation.top).toBe(3 * three.answer.lineHeight - one.answer.lineHeight);
    expect(three.height - one.height).toBe(three.explanation.top - one.explanation.top);
  });
});
