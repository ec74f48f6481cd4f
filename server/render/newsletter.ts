/**
 * A newsletter issue's Markdown as the subscriber reads it (issue 36 item 4): HTML rendered by `marked` and sanitised
 * like every stored HTML, plain text for the mail's text part, and the sections of its PDF.
 */
import { Lexer, marked, type Token, type Tokens } from 'marked';
import { renderDocumentPdf, type DocumentSection } from './document-pdf';
import { sanitizeNewsletterHtml } from './sanitize';

/** Raw HTML in the Markdown is dropped by the sanitiser; what is left is the allowlist's. */
export function newsletterHtml(markdown: string): string {
  return sanitizeNewsletterHtml(marked.parse(markdown, { async: false, gfm: true }));
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&nbsp;': ' ' };

function plain(html: string): string {
  return html.replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g, (_, href: string, text: string) => (text === href ? text : `${text} (${href})`))
    .replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|#39|#x27|nbsp);/g, (e) => ENTITIES[e]!).replace(/[ \t]+/g, ' ').trim();
}

function inline(token: { tokens?: Token[]; text?: string }): string {
  return plain(sanitizeNewsletterHtml(marked.parser([{ type: 'paragraph', raw: '', text: token.text ?? '', tokens: token.tokens ?? [] } as Tokens.Paragraph])));
}

/** Each block of the Markdown as a paragraph of plain text (lists one item a line): the mail's text part and the PDF. */
function blocks(markdown: string): { heading?: string; text?: string }[] {
  const out: { heading?: string; text?: string }[] = [];
  for (const token of new Lexer({ gfm: true }).lex(markdown)) {
    if (token.type === 'heading') out.push({ heading: inline(token as Tokens.Heading) });
    else if (token.type === 'list') out.push({ text: (token as Tokens.List).items.map((item) => `- ${plain(sanitizeNewsletterHtml(marked.parser(item.tokens)))}`).join('\n') });
    else if (token.type === 'code') out.push({ text: (token as Tokens.Code).text });
    else if (token.type === 'paragraph' || token.type === 'blockquote' || token.type === 'text') {
      const text = plain(sanitizeNewsletterHtml(marked.parser([token])));
      if (text) out.push({ text });
    }
  }
  return out;
}

export function newsletterText(markdown: string): string {
  return blocks(markdown).map((b) => (b.heading ? b.heading.toUpperCase() : b.text)).join('\n\n');
}

/** The PDF of a sent issue: its subject as the title, each heading a section (what comes before the first: untitled). */
export function newsletterPdf(subject: string, markdown: string, sentOn: string): Promise<Buffer> {
  const sections: DocumentSection[] = [];
  for (const block of blocks(markdown)) {
    if (block.heading !== undefined) sections.push({ heading: block.heading, paragraphs: [] });
    else {
      if (sections.length === 0) sections.push({ heading: '', paragraphs: [] });
      sections.at(-1)!.paragraphs.push(block.text!);
    }
  }
  return renderDocumentPdf({ title: subject, subtitle: `Newsletter, ${sentOn}`, sections });
}

/** The first words of the issue, for the library's card. */
export function newsletterSummary(markdown: string, max = 200): string {
  const first = blocks(markdown).find((b) => b.text)?.text?.replace(/\s+/g, ' ') ?? '';
  return first.length > max ? `${first.slice(0, max - 3).trimEnd()}...` : first;
}
