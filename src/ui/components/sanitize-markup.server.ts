/**
 * The server render's sanitizer of stored HTML (ADR 129), built in place of sanitize-markup.ts into the page bundle:
 * sanitize-html, the library the server already holds for what it stores (server/render/sanitize.ts), with the same
 * allowlists, instead of DOMPurify over jsdom, which cost every server process about 30 MB of heap and 80 MB of
 * memory. What it answers for stored content is what the browser's DOMPurify answers, up to the spelling of
 * entities, void tags and attribute order (test/unit/safe-html.test.ts).
 */
import sanitize from 'sanitize-html';
import { mentionAttributes } from '../../domain/mentions';
import { type HtmlProfile, PICTURES, PROFILES, pictureWidths, tableRegionNames } from './html-profiles';

/** Every allowed attribute on every allowed tag, as DOMPurify's ALLOWED_ATTR; links get the browser's target and rel. */
function optionsOf(profile: HtmlProfile): sanitize.IOptions {
  const { ALLOWED_TAGS, ALLOWED_ATTR } = PROFILES[profile];
  return {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: { '*': [...ALLOWED_ATTR] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    exclusiveFilter: (frame) => frame.tag === 'img' && !PICTURES[profile]?.test(frame.attribs.src ?? ''),
    transformTags: {
      img: (tagName, attribs) => {
        const { srcset: _srcset, sizes: _sizes, ...picture } = attribs;
        return { tagName, attribs: { ...picture, ...pictureWidths(picture.src ?? '') } };
      },
      a: (tagName, attribs) => {
        const { 'data-mention': _claimed, ...link } = attribs;
        return { tagName, attribs: mentionAttributes(attribs) ?? { ...link, target: '_blank', rel: 'noopener noreferrer nofollow' } };
      },
    },
  };
}

const OPTIONS: Record<HtmlProfile, sanitize.IOptions> = { rich: optionsOf('rich'), article: optionsOf('article'), lesson: optionsOf('lesson') };

export function sanitizeMarkup(html: string, profile: HtmlProfile): string {
  const clean = sanitize(html, OPTIONS[profile]);
  return profile === 'lesson' ? wrapTables(clean) : clean;
}

const TEXT_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };
const textOf = (markup: string) => markup.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot);/g, (e) => TEXT_ENTITIES[e]!);
const attributeOf = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Each table in a region of its own, named by its headings (as sanitize-markup.ts does in the DOM). This reads
 * sanitize-html's own output, in which every `<` opens or closes a tag: text and attribute values have theirs escaped.
 */
function wrapTables(html: string): string {
  const tables: { start: number; end: number; headings: string[] }[] = [];
  const open: (typeof tables)[number][] = [];
  let headingFrom = -1;
  for (const tag of html.matchAll(/<(\/?)(table|th)\b[^>]*>/g)) {
    const [whole, closing, name] = tag;
    const at = tag.index;
    if (name === 'table' && !closing) {
      const table = { start: at, end: -1, headings: [] };
      tables.push(table);
      open.push(table);
    } else if (name === 'table') {
      const table = open.pop();
      if (table) table.end = at + whole.length;
    } else if (!closing) {
      headingFrom = at + whole.length;
    } else if (headingFrom >= 0) {
      // A heading counts for every table it is inside, as querySelectorAll('th') finds it from each.
      const text = textOf(html.slice(headingFrom, at));
      for (const table of open) table.headings.push(text);
      headingFrom = -1;
    }
  }
  const whole = tables.filter((t) => t.end >= 0);
  if (whole.length === 0) return html;
  const names = tableRegionNames(whole.map((t) => t.headings));
  const inserts = whole.flatMap((t, i) => [
    { at: t.start, text: `<div class="table-scroll" role="region" tabindex="0" aria-label="${attributeOf(names[i]!)}">`, order: 1 },
    { at: t.end, text: '</div>', order: 0 },
  ]);
  // From the end, so that earlier positions still hold; at one position a region closes before the next one opens.
  inserts.sort((a, b) => b.at - a.at || b.order - a.order);
  let out = html;
  for (const insert of inserts) out = out.slice(0, insert.at) + insert.text + out.slice(insert.at);
  return out;
}
