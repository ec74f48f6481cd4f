/** The server's HTML allowlist: what articles, slides, posts and comments may contain once stored. */
import sanitizeHtml from 'sanitize-html';
import { mentionAttributes } from '../../src/domain/mentions';
import { LESSON_PICTURE, UPLOADED_PICTURE } from '../../src/domain/uploads';

const RICH_TAGS = ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre'];

const options: sanitizeHtml.IOptions = {
  allowedTags: RICH_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target', 'data-mention'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A mention (ADR 150) keeps exactly its id and its profile's path; any other link opens in a new tab.
    a: (tagName, attribs) => ({
      tagName,
      attribs: mentionAttributes(attribs)
        ?? { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/**
 * A lesson's allowlist: the rich tags plus what lessons use, tables and figures: the product's own SVGs under
 * /media/lessons/ and pictures editors uploaded (ADR 173). Headings keep their levels; images keep their alternative text.
 */
const lessonOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedTags: [...RICH_TAGS, 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'figure', 'figcaption', 'hr'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'width', 'height', 'loading'], th: ['align', 'scope'], td: ['align'] },
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !LESSON_PICTURE.test(frame.attribs.src ?? ''),
  transformTags: {
    ...options.transformTags,
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    th: (tagName, attribs) => ({ tagName, attribs: { ...attribs, scope: 'col' } }),
  },
};

export function sanitizeLessonHtml(html: string): string {
  return sanitizeHtml(html, lessonOptions);
}

/** A newsletter's allowlist (issue 36 item 4): the rich tags and a rule; a top heading becomes a second-level one. */
const newsletterOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedTags: [...RICH_TAGS, 'hr'],
  transformTags: { ...options.transformTags, h1: 'h2' },
};

export function sanitizeNewsletterHtml(html: string): string {
  return sanitizeHtml(html, newsletterOptions);
}

/**
 * An article's allowlist (issue 38): the rich tags, and pictures editors uploaded (our own re-encoded files under
 * /files/uploads/, never another site's), each with its alternative text and loaded lazily.
 */
const articleOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedTags: [...RICH_TAGS, 'img', 'figure', 'figcaption'],
  allowedAttributes: { ...(options.allowedAttributes as Record<string, string[]>), img: ['src', 'alt', 'width', 'height', 'loading'] },
  allowedSchemesByTag: { img: [] },
  exclusiveFilter: (frame) => frame.tag === 'img' && !UPLOADED_PICTURE.test(frame.attribs.src ?? ''),
  transformTags: {
    ...options.transformTags,
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' } }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, articleOptions);
}
