/**
 * An article's body written in the browser (issue 38, ADR 157): Markdown (with any HTML in it kept) rendered by the
 * lessons' renderer (marked, GFM) and cleaned by the public pages' sanitiser, so the page and the preview show the
 * same HTML. An imported article's HTML body is valid Markdown too and passes through as it is.
 */
import { marked } from 'marked';
import { sanitizeArticleHtml } from './sanitize';

export function renderArticleMarkdown(markdown: string): string {
  const html = marked.parse(markdown.replace(/^\uFEFF/, ''), { gfm: true, async: false }) as string;
  return sanitizeArticleHtml(html).trim();
}
