/**
 * Text rules (src/domain/text.ts), beyond the cases of domain.test.ts: HTML as plain text (tags, entities, runs of
 * white space) and text escaped for markup, teasers cut at exactly N characters, words counted and read time rounded, dates and date-times in US
 * English in UTC, and a server message without the name
 * of the field it concerns.
 */
import { describe, expect, it, vi } from 'vitest';

/**
 * The module is loaded afresh in each test, not imported at the top: a change that stops it from loading (a formatter with a bad option)
 * then fails every test, where a failed import would only fail the file, which StrykerJS reads as no test at all; and
 * what it computes as it loads is then run by every test, not only by the first.
 */
async function load() {
  vi.resetModules();
  return import('../../src/domain/text');
}

const words = (n: number) => `<p>${'word '.repeat(n)}</p>`;

describe('HTML as plain text', () => {
  it('puts a space for each tag, whatever its length or attributes', async () => {
    const { stripHtml } = await load();
    expect(stripHtml('a<br>b<div class="x">c</div>d<>e')).toBe('a b c d e');
    expect(stripHtml('<h2 id="t">Title</h2><p>Body</p>')).toBe('Title Body');
  });

  it('drops inline tags without a space, so punctuation stays against its word', async () => {
    const { stripHtml } = await load();
    expect(stripHtml('<p>counted <strong>room by room</strong>, then <a href="/x">whole</a>.</p>')).toBe('counted room by room, then whole.');
    expect(stripHtml('CO<sub>2</sub>e and m<sup>2</sup>; <em>i.e.</em> <span class="x">kg</span>')).toBe('CO2e and m2; i.e. kg');
    // A tag that only starts like an inline one is a block: <section>, <br/>, <b-card>.
    expect(stripHtml('a<section>b</section>c<br/>d')).toBe('a b c d');
  });

  it('decodes the common entities', async () => {
    const { stripHtml } = await load();
    expect(stripHtml('&lt;b&gt; &quot;q&quot; &#39;s&#39; fish&amp;chips a&nbsp;b')).toBe('<b> "q" \'s\' fish&chips a b');
  });

  it('escapes the five markup characters, each once, in an order that never escapes an escape', async () => {
    const { escapeMarkup, stripHtml } = await load();
    expect(escapeMarkup(`<a href="x" title='y'>Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
    expect(escapeMarkup('&amp;')).toBe('&amp;amp;');
    expect(escapeMarkup('plain text, 100% ✓')).toBe('plain text, 100% ✓');
    // What it writes, stripHtml reads back.
    const text = `a < b > c & "d" 'e'`;
    expect(stripHtml(escapeMarkup(text))).toBe(text);
  });

  it('folds runs of white space into one space and trims the ends', async () => {
    const { stripHtml } = await load();
    expect(stripHtml('  a \n\t b   <p> c </p>  ')).toBe('a b c');
    expect(stripHtml('')).toBe('');
    expect(stripHtml('<p> </p>')).toBe('');
  });
});

describe('teasers', () => {
  it('keep text of exactly N characters whole, and cut one more', async () => {
    const { truncate } = await load();
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('abc...');
    expect(truncate('', 0)).toBe('');
    expect(truncate('a', 0)).toBe('...');
  });

  it('are 100 characters for articles and 70 for course cards', async () => {
    const { ARTICLE_TEASER_LENGTH, COURSE_CARD_DESCRIPTION_LENGTH } = await load();
    expect(ARTICLE_TEASER_LENGTH).toBe(100);
    expect(COURSE_CARD_DESCRIPTION_LENGTH).toBe(70);
  });
});

describe('words and read time', () => {
  it('counts the words of the text without tags', async () => {
    const { countWords } = await load();
    expect(countWords('')).toBe(0);
    expect(countWords('<p> </p>')).toBe(0);
    expect(countWords('one')).toBe(1);
    expect(countWords('<p>one</p><p>two  three</p>')).toBe(3);
  });

  it('rounds the minutes at 200 words a minute, and is at least one', async () => {
    const { readTimeMinutes } = await load();
    expect(readTimeMinutes('')).toBe(1);
    expect(readTimeMinutes(words(299))).toBe(1);
    expect(readTimeMinutes(words(300))).toBe(2);
    expect(readTimeMinutes(words(1000))).toBe(5);
  });
});

describe('dates in US English', () => {
  it('reads each UTC day, however often asked and in whatever form', async () => {
    const { formatUsDate } = await load();
    expect(formatUsDate('2027-02-14T08:30:00Z')).toBe('February 14, 2027');
    expect(formatUsDate('2027-02-14T08:30:00Z')).toBe('February 14, 2027');
    expect(formatUsDate('2027-02-15T00:00:00.000Z')).toBe('February 15, 2027');
    expect(formatUsDate('2027-02-14')).toBe('February 14, 2027');
    expect(formatUsDate(new Date('2027-02-16T23:00:00Z'))).toBe('February 16, 2027');
    expect(formatUsDate('2027-02-16T23:00:00+02:00')).toBe('February 16, 2027');
  });

  it('gives many days their own text', async () => {
    const { formatUsDate } = await load();
    const start = Date.UTC(2030, 0, 1);
    for (let i = 0; i < 1100; i += 1) {
      const day = new Date(start + i * 86_400_000);
      expect(formatUsDate(day.toISOString())).toBe(formatUsDate(day));
    }
    expect(formatUsDate('2030-01-01T12:00:00Z')).toBe('January 1, 2030');
  });

  it('never shows a day for a string that is not a date, even one that holds a day already shown', async () => {
    const { formatUsDate } = await load();
    expect(formatUsDate('2027-03-01T00:00:00Z')).toBe('March 1, 2027');
    for (const junk of [
      'on 2027-03-01T00:00:00Z',
      '2027-03-01T00:00:00Z and later',
      '2027-03-01Tnoon Z',
      '2027-03-01TZ',
      '02027-03-01T00:00:00Z',
      '2027-003-01T00:00:00Z',
      '2027-03-001T00:00:00Z',
      '2027-03-01 T00:00:00Z',
      // An hour that does not exist, on a day already shown (the old per-day cache answered it).
      '2027-03-01T25:00:00Z',
      'yyyy-mm-ddT00:00:00Z',
      'not a date',
    ]) {
      expect(() => formatUsDate(junk), junk).toThrow(RangeError);
    }
  });

  it('shows date and time in UTC, with the zone named', async () => {
    const { formatUsDateTime } = await load();
    expect(formatUsDateTime('2027-02-14T08:05:00Z')).toBe('February 14, 2027 at 8:05 AM UTC');
    expect(formatUsDateTime(new Date('2027-02-14T20:30:00Z'))).toBe('February 14, 2027 at 8:30 PM UTC');
    expect(() => formatUsDateTime('not a date')).toThrow(RangeError);
  });
});

describe('a server message on screen', () => {
  it.each([
    ['_id: must be a UUID', 'Must be a UUID'],
    ['items[0].name: required', 'Required'],
    ['a.b_c9: x', 'X'],
    ['Z:\tlater', 'Later'],
    ['field:   spaced out', 'Spaced out'],
    ['field: first line\nsecond line', 'First line\nsecond line'],
    ['field: ALREADY capital', 'ALREADY capital'],
    ['field: 42 is too many', '42 is too many'],
  ])('"%s" reads "%s"', async (message, shown) => {
    const { withoutFieldName } = await load();
    expect(withoutFieldName(message)).toBe(shown);
  });

  it.each([
    '9lives: not a field name',
    'two words: not a field name',
    'field:no space',
    'field: ',
    'field:',
    ': nothing named',
    ' field: leading space',
    '-field: starts with a dash',
    'fi-eld: has a dash',
    '',
  ])('"%s" is shown as it is', async (message) => {
    const { withoutFieldName } = await load();
    expect(withoutFieldName(message)).toBe(message);
  });
});
