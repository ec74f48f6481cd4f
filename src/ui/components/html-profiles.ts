/**
 * What each kind of stored HTML may hold, as the server's allowlists (server/render/sanitize.ts): rich text for
 * articles, slides, posts and comments; lessons add tables and the product's own figures. Both sanitizers of the views
 * read them: DOMPurify in the browser (sanitize-markup.ts), sanitize-html in the server's render (sanitize-markup.server.ts).
 */
import { LESSON_PICTURE, UPLOADED_PICTURE, uploadedSrcset } from '../../domain/uploads';
import { COVER_SIZES } from './picture-sources';

export const RICH_TAGS = ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre'];

export const PROFILES = {
  // data-mention only in the shape of a mention (ADR 150): the sanitisers check it with mentionAttributes.
  rich: { ALLOWED_TAGS: RICH_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel', 'data-mention'] },
  // An article's body (issue 38): rich text, and pictures editors uploaded (UPLOADED_PICTURE) with their text.
  article: {
    ALLOWED_TAGS: [...RICH_TAGS, 'img', 'figure', 'figcaption'],
    // srcset and sizes are never the stored text's: both sanitisers set them from `src` (pictureWidths) or drop them.
    ALLOWED_ATTR: ['href', 'target', 'rel', 'data-mention', 'src', 'alt', 'width', 'height', 'loading', 'srcset', 'sizes'],
  },
  lesson: {
    ALLOWED_TAGS: [...RICH_TAGS, 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'figure', 'figcaption', 'hr'],
    // As an article's: a picture an editor uploaded gets its srcset and sizes from `src` (pictureWidths).
    ALLOWED_ATTR: ['href', 'target', 'rel', 'src', 'alt', 'width', 'height', 'loading', 'scope', 'align', 'srcset', 'sizes'],
  },
} as const;
export type HtmlProfile = keyof typeof PROFILES;

/**
 * The pictures a profile keeps (any other `<img>` is dropped with its element); rich text keeps none. A lesson shows
 * the product's own SVG figures and pictures editors uploaded (ADR 173).
 */
export const PICTURES: Record<HtmlProfile, RegExp | null> = { rich: null, article: UPLOADED_PICTURE, lesson: LESSON_PICTURE };

/**
 * The widths an uploaded picture in a body is offered at (issue 38 item 3), derived from its `src` alone, so a stored
 * text cannot point a srcset elsewhere: `{ srcset, sizes }`, or null for a picture kept at one size.
 */
export function pictureWidths(src: string): { srcset: string; sizes: string } | null {
  const srcset = uploadedSrcset(src);
  // An article's body, and a lesson's, is the page's column, as an article's cover is.
  return srcset ? { srcset, sizes: COVER_SIZES.page } : null;
}

/**
 * The names of a lesson's table regions, in document order, from each table's heading texts: "Table: a, b", or
 * "Table"; a name met again gets " (2)", " (3)"...
 */
export function tableRegionNames(headingsOfEachTable: string[][]): string[] {
  const names = new Set<string>();
  return headingsOfEachTable.map((texts) => {
    const headings = texts.map((t) => t.trim()).filter(Boolean).join(', ');
    const base = headings ? `Table: ${headings}` : 'Table';
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base} (${n})`;
    names.add(name);
    return name;
  });
}
