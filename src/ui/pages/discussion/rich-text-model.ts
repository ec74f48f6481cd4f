/**
 * The post editor's document model (slate) and its two-way mapping to the allowlisted HTML of the server
 * (p, h2, h3, strong, em, u, ul, ol, li, a, blockquote). Only this page's editor imports it.
 */
import type { BaseEditor, Descendant } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';
import { isUuid } from '../../../domain/ids';
import { mentionAttributes, mentionMarkup } from '../../../domain/mentions';

export type BlockType = 'paragraph' | 'heading-two' | 'heading-three' | 'block-quote' | 'bulleted-list' | 'numbered-list' | 'list-item';
export type Mark = 'bold' | 'italic' | 'underline';

export type FormattedText = { text: string } & Partial<Record<Mark, true>>;
export type LinkElement = { type: 'link'; url: string; children: FormattedText[] };
/** A mention (ADR 150): inline and void; the member's id is what is kept, the name what the author saw. */
export type MentionElement = { type: 'mention'; memberId: string; name: string; children: [{ text: '' }] };
export type BlockElement = { type: BlockType; children: (BlockElement | LinkElement | MentionElement | FormattedText)[] };
export type RichElement = BlockElement | LinkElement | MentionElement;

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: RichElement;
    Text: FormattedText;
  }
}

export const LIST_TYPES: readonly BlockType[] = ['bulleted-list', 'numbered-list'];
export const SAFE_URL = /^(https?:\/\/|mailto:)[^\s<>"]+$/i;

export function emptyDocument(): Descendant[] {
  return [{ type: 'paragraph', children: [{ text: '' }] }];
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

const BLOCK_TAGS: Record<BlockType, string> = {
  paragraph: 'p',
  'heading-two': 'h2',
  'heading-three': 'h3',
  'block-quote': 'blockquote',
  'bulleted-list': 'ul',
  'numbered-list': 'ol',
  'list-item': 'li',
};

function serializeNode(node: Descendant): string {
  if (!('type' in node)) {
    let html = escapeText(node.text).replace(/\n/g, '<br>');
    if (!html) return '';
    if (node.bold) html = `<strong>${html}</strong>`;
    if (node.italic) html = `<em>${html}</em>`;
    if (node.underline) html = `<u>${html}</u>`;
    return html;
  }
  if (node.type === 'mention') return isUuid(node.memberId) ? mentionMarkup(node.memberId.toLowerCase(), node.name) : escapeText(`@${node.name}`);
  const inner = node.children.map((child) => serializeNode(child as Descendant)).join('');
  if (node.type === 'link') return SAFE_URL.test(node.url) ? `<a href="${escapeAttribute(node.url)}">${inner}</a>` : inner;
  const tag = BLOCK_TAGS[node.type];
  return `<${tag}>${inner}</${tag}>`;
}

/** The document as allowlisted HTML; empty paragraphs at the end are dropped. */
export function toHtml(document: Descendant[]): string {
  const blocks = document.map(serializeNode);
  while (blocks.length > 0 && (blocks.at(-1) === '<p></p>')) blocks.pop();
  return blocks.join('');
}

const TAG_TO_BLOCK: Record<string, BlockType> = {
  P: 'paragraph', DIV: 'paragraph', H1: 'heading-two', H2: 'heading-two', H3: 'heading-three', H4: 'heading-three',
  BLOCKQUOTE: 'block-quote', PRE: 'paragraph', UL: 'bulleted-list', OL: 'numbered-list', LI: 'list-item',
};
const TAG_TO_MARK: Record<string, Mark> = { STRONG: 'bold', B: 'bold', EM: 'italic', I: 'italic', U: 'underline' };

type Inline = FormattedText | LinkElement | MentionElement;

export function mentionElement(memberId: string, name: string): MentionElement {
  return { type: 'mention', memberId, name, children: [{ text: '' }] };
}

function inlines(node: Node, marks: Partial<Record<Mark, true>>): Inline[] {
  if (node.nodeType === 3) return [{ text: node.textContent ?? '', ...marks }];
  if (node.nodeType !== 1) return [];
  const element = node as HTMLElement;
  if (element.tagName === 'BR') return [{ text: '\n', ...marks }];
  const mark = TAG_TO_MARK[element.tagName];
  const nextMarks = mark ? { ...marks, [mark]: true as const } : marks;
  const children = [...element.childNodes].flatMap((child) => inlines(child, nextMarks));
  if (element.tagName === 'A') {
    const mention = mentionAttributes({ 'data-mention': element.getAttribute('data-mention') ?? undefined, href: element.getAttribute('href') ?? undefined });
    if (mention) return [mentionElement(mention['data-mention'], (element.textContent ?? '').replace(/^@/, ''))];
    const url = element.getAttribute('href') ?? '';
    const texts = children.filter((c): c is FormattedText => !('type' in c));
    return SAFE_URL.test(url) ? [{ type: 'link', url, children: texts.length ? texts : [{ text: '' }] }] : texts;
  }
  return children;
}

function blocks(node: Node): BlockElement[] {
  if (node.nodeType !== 1) return [];
  const element = node as HTMLElement;
  const type = TAG_TO_BLOCK[element.tagName];
  if (type === 'bulleted-list' || type === 'numbered-list') {
    const items = [...element.children].filter((c) => c.tagName === 'LI').map((li) => ({ type: 'list-item' as const, children: withText(inlines(li, {})) }));
    return items.length ? [{ type, children: items }] : [];
  }
  if (type) return [{ type, children: withText(inlines(element, {})) }];
  return [{ type: 'paragraph', children: withText(inlines(element, {})) }];
}

function withText(children: Inline[]): Inline[] {
  return children.length ? children : [{ text: '' }];
}

/** Reads stored HTML (a draft) back into a document; loose text becomes paragraphs. Browser only (DOMParser). */
export function fromHtml(html: string): Descendant[] {
  if (!html.trim()) return emptyDocument();
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const result: BlockElement[] = [];
  let loose: Inline[] = [];
  const flush = () => {
    if (loose.some((i) => 'type' in i || i.text.trim())) result.push({ type: 'paragraph', children: loose });
    loose = [];
  };
  for (const child of [...body.childNodes]) {
    const isBlock = child.nodeType === 1 && (TAG_TO_BLOCK[(child as HTMLElement).tagName] !== undefined);
    if (isBlock) {
      flush();
      result.push(...blocks(child));
    } else {
      loose.push(...inlines(child, {}));
    }
  }
  flush();
  return result.length ? result : emptyDocument();
}
