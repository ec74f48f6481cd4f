/**
 * Mentions (issue 37, ADR 150). A mention is kept in a post's or comment's rich HTML as exactly
 * `<a data-mention="{id}" href="/members/{id}">@Name</a>`: the member's id is what is stored; the name between the
 * tags is what the author saw when writing, and is replaced by the member's current name whenever the text is served.
 */
import { isUuid } from './ids';

/** The most mentions one text may notify. */
export const MENTION_LIMIT = 20;
/** How many members a suggestion lists. */
export const SUGGESTION_LIMIT = 8;

export interface MentionSuggestion {
  _id: string;
  name: string;
  profilePicture: string;
}

/** A member chosen to mention: who, and the name that was put in the text. */
export type MentionRef = Pick<MentionSuggestion, '_id' | 'name'>;

export function memberPath(id: string): string {
  return `/members/${id}`;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The stored shape of one mention; the name is escaped. */
export function mentionMarkup(id: string, name: string): string {
  return `<a data-mention="${id}" href="${memberPath(id)}">@${escapeText(name)}</a>`;
}

/**
 * The attributes a link keeps when it claims to be a mention: exactly the id and its profile path when the id is a
 * UUID and the address is that profile's, else null (the link is then an ordinary one, or none).
 */
export function mentionAttributes(attributes: Record<string, string | undefined>): { 'data-mention': string; href: string } | null {
  const id = attributes['data-mention'];
  if (!isUuid(id)) return null;
  const lower = id.toLowerCase();
  return attributes.href === memberPath(id) ? { 'data-mention': lower, href: memberPath(lower) } : null;
}

/** A whole mention as the sanitisers write it: the id twice, in this order, then anything up to the link's end. */
const MENTION = /<a data-mention="([0-9a-f-]{36})" href="\/members\/\1"[^>]*>([\s\S]*?)<\/a>/g;

export function hasMentions(html: string): boolean {
  return html.includes('data-mention="');
}

/** The distinct member ids mentioned in sanitised HTML, in order of first mention. */
export function mentionedIds(html: string): string[] {
  if (!hasMentions(html)) return [];
  return [...new Set([...html.matchAll(MENTION)].map((m) => m[1]!).filter((id) => isUuid(id)))];
}

/**
 * Each mention with the member's current name (from `names`, by id); a mention of a member not in `names` (deleted,
 * or never a member) becomes its plain text, without a link.
 */
export function withMentionNames(html: string, names: ReadonlyMap<string, string>): string {
  if (!hasMentions(html)) return html;
  return html.replace(MENTION, (_whole, id: string, inner: string) => {
    const name = names.get(id);
    return name === undefined ? inner.replace(/<[^>]*>/g, '') : mentionMarkup(id, name);
  });
}

const UNESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * The members a stored text mentions, with the name it shows: what an edit of a plain-text comment passes back to
 * `plainTextToHtml`, so a mention still in the text stays a mention (and tells nobody again).
 */
export function mentionRefs(html: string): MentionRef[] {
  if (!hasMentions(html)) return [];
  const refs = new Map<string, MentionRef>();
  for (const [, id, inner] of html.matchAll(MENTION)) {
    const name = inner!.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39);/g, (entity) => UNESCAPED[entity] ?? entity).replace(/^@/, '');
    if (isUuid(id) && name && !refs.has(id!)) refs.set(id!, { _id: id!, name });
  }
  return [...refs.values()];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Escaped text (a plain-text comment made HTML) with each `@Name` of a member chosen from the suggestions made their
 * mention; a name typed over since it was chosen is left as text. One pass, longest names first, so a name inside a
 * longer one is not linked twice.
 */
export function linkMentions(html: string, chosen: readonly MentionRef[]): string {
  const byName = new Map<string, string>();
  // Escaped as plainTextToHtml escapes the text around it.
  const escaped = (name: string) => escapeText(name).replace(/"/g, '&quot;');
  for (const member of chosen) if (isUuid(member._id) && member.name && !byName.has(escaped(member.name))) byName.set(escaped(member.name), member._id);
  if (byName.size === 0) return html;
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}_@])@(${names.join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
  return html.replace(pattern, (_whole, before: string, name: string) => `${before}<a data-mention="${byName.get(name)!}" href="${memberPath(byName.get(name)!)}">@${name}</a>`);
}
