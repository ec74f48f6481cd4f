/**
 * Search rules (src/domain/search.ts): the kinds of things found (the API's type names, one distinct label each), which
 * of them a visitor who is not signed in may find, the shape of a hit and of an answer (what they keep and refuse, and
 * that search.schema.ts reads exactly the hand-written types), a count that stopped at its cap, and a snippet split
 * into plain and marked runs with its entities decoded.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  COMMUNITY_TYPES,
  countText,
  PUBLIC_TYPES,
  SEARCH_TYPE_LABELS,
  SEARCH_TYPES,
  type SearchAnswer,
  type SearchHit,
  snippetParts,
} from '../../src/domain/search';
import { searchAnswerSchema, searchHitSchema } from '../../src/domain/search.schema';

/** The type names the search API and its `type` filter use. */
const API_TYPES = [
  'article', 'course', 'lesson', 'workshop', 'ebook', 'research-paper', 'newsletter', 'case-study', 'quiz', 'about', 'discussion', 'comment',
];

const hit: SearchHit = { type: 'ebook', title: 'Passive houses', url: '/ebook/passive', snippet: 'a <mark>heat</mark> pump', page: 4 };
const answer: SearchAnswer = {
  success: true,
  hits: [hit, { ...hit, type: 'article', page: null }],
  counts: { ebook: 1, article: 1 },
  capped: [],
  total: 2,
  nextCursor: 'c2',
  suggestion: null,
};

describe('the kinds of things found', () => {
  it('are the API\'s type names, in the order of the filters', () => {
    expect([...SEARCH_TYPES]).toEqual(API_TYPES);
  });

  it('each have a label of their own', () => {
    expect(Object.keys(SEARCH_TYPE_LABELS).sort()).toEqual([...API_TYPES].sort());
    const labels = SEARCH_TYPES.map((t) => SEARCH_TYPE_LABELS[t]);
    for (const label of labels) expect(label.trim()).not.toBe('');
    expect(new Set(labels).size).toBe(SEARCH_TYPES.length);
  });

  it('the community is posts and comments, which a visitor does not find', () => {
    expect([...COMMUNITY_TYPES]).toEqual(['discussion', 'comment']);
    for (const t of COMMUNITY_TYPES) expect(PUBLIC_TYPES).not.toContain(t);
  });

  it('a visitor who is not signed in finds articles, the about pages and course titles only', () => {
    expect([...PUBLIC_TYPES].sort()).toEqual(['about', 'article', 'course']);
  });
});

describe('the shape of a hit and of an answer', () => {
  it.each(API_TYPES)('accepts a hit of type %s', (type) => {
    expect(searchHitSchema.parse({ ...hit, type })).toEqual({ ...hit, type });
  });

  it('refuses a hit of another type, without a page entry, or without its snippet', () => {
    expect(searchHitSchema.safeParse({ ...hit, type: 'video' }).success).toBe(false);
    expect(searchHitSchema.safeParse({ ...hit, type: '' }).success).toBe(false);
    const { page: _page, ...noPage } = hit;
    expect(searchHitSchema.safeParse(noPage).success).toBe(false);
    const { snippet: _snippet, ...noSnippet } = hit;
    expect(searchHitSchema.safeParse(noSnippet).success).toBe(false);
  });

  it('keeps every field of an answer and its hits', () => {
    expect(searchAnswerSchema.parse(answer)).toEqual(answer);
    const none = { ...answer, hits: [], counts: {}, total: 0, nextCursor: null, suggestion: 'heat pump' };
    expect(searchAnswerSchema.parse(none)).toEqual(none);
    const capped = { ...answer, counts: { ...answer.counts, comment: 1000 }, capped: ['comment'], total: 1002 };
    expect(searchAnswerSchema.parse(capped)).toEqual(capped);
  });

  it('reads an answer without capped types (an older server\'s) as none capped; refuses an unknown type among them', () => {
    const { capped: _capped, ...noCapped } = { ...answer, capped: ['comment'] };
    const read = searchAnswerSchema.safeParse(noCapped);
    expect(read.success && read.data.capped).toEqual([]);
    expect(searchAnswerSchema.safeParse({ ...answer, capped: ['video'] }).success).toBe(false);
    expect(searchAnswerSchema.safeParse({ ...answer, capped: 'comment' }).success).toBe(false);
  });

  it('refuses a failed answer, counts for an unknown type, and a missing cursor or suggestion', () => {
    expect(searchAnswerSchema.safeParse({ ...answer, success: false }).success).toBe(false);
    expect(searchAnswerSchema.safeParse({ ...answer, counts: { video: 1 } }).success).toBe(false);
    const { nextCursor: _cursor, ...noCursor } = answer;
    expect(searchAnswerSchema.safeParse(noCursor).success).toBe(false);
    const { suggestion: _suggestion, ...noSuggestion } = answer;
    expect(searchAnswerSchema.safeParse(noSuggestion).success).toBe(false);
    expect(searchAnswerSchema.safeParse({ ...answer, hits: [{ ...hit, page: '4' }] }).success).toBe(false);
  });
});

describe('a count as shown', () => {
  it('is the number when exact, and the number and a plus when it stopped at its cap', () => {
    expect(countText(0, false)).toBe('0');
    expect(countText(37, false)).toBe('37');
    expect(countText(1000, false)).toBe('1000');
    expect(countText(1000, true)).toBe('1000+');
    expect(countText(1037, true)).toBe('1037+');
  });
});

describe('a snippet without HTML', () => {
  it('splits text and marked runs in order', () => {
    expect(snippetParts('a <mark>heat</mark> pump and <mark>pumps</mark>!')).toEqual([
      { text: 'a ', marked: false },
      { text: 'heat', marked: true },
      { text: ' pump and ', marked: false },
      { text: 'pumps', marked: true },
      { text: '!', marked: false },
    ]);
  });

  it('starts or ends with a marked run without empty plain runs around it', () => {
    expect(snippetParts('<mark>heat</mark> pump')).toEqual([
      { text: 'heat', marked: true },
      { text: ' pump', marked: false },
    ]);
    expect(snippetParts('<mark>a</mark><mark>b</mark>')).toEqual([
      { text: 'a', marked: true },
      { text: 'b', marked: true },
    ]);
  });

  it('is one plain run without marks, and nothing when empty', () => {
    expect(snippetParts('plain text')).toEqual([{ text: 'plain text', marked: false }]);
    expect(snippetParts('')).toEqual([]);
  });

  it('keeps an unclosed mark as plain text', () => {
    expect(snippetParts('x <mark>y</mark> z <mark>open')).toEqual([
      { text: 'x ', marked: false },
      { text: 'y', marked: true },
      { text: ' z <mark>open', marked: false },
    ]);
    expect(snippetParts('<mark>open')).toEqual([{ text: '<mark>open', marked: false }]);
  });

  it('keeps a closing tag without an opening one as plain text', () => {
    expect(snippetParts('x</mark>y')).toEqual([{ text: 'x</mark>y', marked: false }]);
  });

  it('closes a mark at the first closing tag after it, not before', () => {
    expect(snippetParts('a</mark>b<mark>c</mark>d')).toEqual([
      { text: 'a</mark>b', marked: false },
      { text: 'c', marked: true },
      { text: 'd', marked: false },
    ]);
  });

  it('decodes the escaped characters in both kinds of run', () => {
    expect(snippetParts('&lt;b&gt; &quot;x&quot; &#39;y&#39; &amp;amp; <mark>&lt;&amp;&gt;&quot;&#39;</mark>')).toEqual([
      { text: '<b> "x" \'y\' &amp; ', marked: false },
      { text: '<&>"\'', marked: true },
    ]);
  });
});

describe('the types the rules use', () => {
  it('are exactly what the schemas read (typecheck)', () => {
    expectTypeOf<z.infer<typeof searchHitSchema>>().toEqualTypeOf<SearchHit>();
    expectTypeOf<z.infer<typeof searchAnswerSchema>>().toEqualTypeOf<SearchAnswer>();
  });
});
