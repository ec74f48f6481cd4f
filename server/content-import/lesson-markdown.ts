/**
 * A course lesson written in Markdown (content/courses/<course>/<lesson>.md): the rules every lesson must meet, and its
 * HTML. The rules are checked at import, so an empty or malformed lesson names its file and loads nothing.
 */
import { Lexer, marked, type Token, type Tokens } from 'marked';
import { PICTURE_ALT_MISSING, PICTURE_ALT_PLACEHOLDER } from '../../src/domain/authoring';
import { countWords, readTimeMinutes } from '../../src/domain/text';
import { UPLOADED_PICTURE } from '../../src/domain/uploads';

export const LESSON_MIN_WORDS = 250;
export const LESSON_MAX_WORDS = 700;
export const KEY_TAKEAWAYS_HEADING = 'Key takeaways';
export const SOURCES_HEADING = 'Sources';

export interface Lesson {
  html: string;
  words: number;
  /** Reading time at 200 words a minute (the articles' rule), at least 1. */
  minutes: number;
  /** The figures the lesson shows: /media/lessons/... paths, and /files/uploads/... for pictures uploaded in the console. */
  figures: string[];
}

/** A broken rule: `field` names what is wrong, for the import's "file: field: message" line. */
export class LessonRuleError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

function headingIndex(tokens: Token[], text: string): number {
  return tokens.findIndex((t) => t.type === 'heading' && (t as Tokens.Heading).text.trim().toLowerCase() === text.toLowerCase());
}

function walk(tokens: Token[], visit: (token: Token) => void) {
  for (const token of tokens) {
    visit(token);
    const nested = token as { tokens?: Token[]; items?: Token[]; header?: { tokens: Token[] }[]; rows?: { tokens: Token[] }[][] };
    if (nested.tokens) walk(nested.tokens, visit);
    if (nested.items) walk(nested.items, visit);
    if (nested.header) for (const cell of nested.header) walk(cell.tokens, visit);
    if (nested.rows) for (const row of nested.rows) for (const cell of row) walk(cell.tokens, visit);
  }
}

/**
 * Checks a lesson's Markdown and renders it. `mediaPrefix` is where its SVG figures must live
 * (`/media/lessons/<course>/`); a picture an editor uploaded (/files/uploads/…) may appear too (ADR 173). `figureExists`
 * tells whether a figure's file is there.
 */
export function readLesson(markdown: string, mediaPrefix: string, figureExists: (path: string) => boolean): Lesson {
  const source = markdown.replace(/^\uFEFF/, '').trim();
  if (!source) throw new LessonRuleError('body', 'the lesson is empty');
  const tokens = new Lexer().lex(source);

  const figures: string[] = [];
  let hasListOrTable = false;
  walk(tokens, (token) => {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 1) {
      throw new LessonRuleError('body', 'use ## and ### headings: the lesson title is the page heading');
    }
    if (token.type === 'list' || token.type === 'table') hasListOrTable = true;
    if (token.type === 'html') throw new LessonRuleError('body', 'raw HTML is not allowed in a lesson; write Markdown');
    if (token.type === 'image') {
      const image = token as Tokens.Image;
      if (!image.text.trim()) throw new LessonRuleError('figure', `the figure ${image.href} needs alternative text`);
      // A picture uploaded in the console goes in with words to replace (the article editor's rule): refused until then.
      if (image.text.includes(PICTURE_ALT_PLACEHOLDER)) throw new LessonRuleError('figure', PICTURE_ALT_MISSING);
      const ownSvg = image.href.startsWith(mediaPrefix) && image.href.endsWith('.svg');
      if (!ownSvg && !UPLOADED_PICTURE.test(image.href)) {
        throw new LessonRuleError('figure', `${image.href} must be an SVG under ${mediaPrefix} or a picture uploaded in the console`);
      }
      if (!figureExists(image.href)) throw new LessonRuleError('figure', `${image.href} does not exist`);
      figures.push(image.href);
    }
    if (token.type === 'link') {
      const href = (token as Tokens.Link).href;
      if (!/^https:\/\//.test(href)) throw new LessonRuleError('link', `${href} must be an https URL`);
    }
  });
  if (!hasListOrTable) throw new LessonRuleError('body', 'a lesson needs at least one list or table');

  const takeaways = headingIndex(tokens, KEY_TAKEAWAYS_HEADING);
  if (takeaways < 0 || tokens.slice(takeaways + 1).find((t) => t.type !== 'space')?.type !== 'list') {
    throw new LessonRuleError('key takeaways', `a "## ${KEY_TAKEAWAYS_HEADING}" heading followed by a list is required`);
  }
  const sources = headingIndex(tokens, SOURCES_HEADING);
  const sourceList = sources < 0 ? undefined : tokens.slice(sources + 1).find((t) => t.type !== 'space');
  if (sourceList?.type !== 'list' || (sourceList as Tokens.List).items.length === 0) {
    throw new LessonRuleError('sources', `a "## ${SOURCES_HEADING}" heading followed by a list of named sources is required`);
  }

  const html = marked.parser(tokens, { gfm: true }) as string;
  const words = countWords(html);
  if (words < LESSON_MIN_WORDS || words > LESSON_MAX_WORDS) {
    throw new LessonRuleError('body', `has ${words} words; a lesson has ${LESSON_MIN_WORDS} to ${LESSON_MAX_WORDS}`);
  }
  return { html, words, minutes: readTimeMinutes(html), figures };
}
