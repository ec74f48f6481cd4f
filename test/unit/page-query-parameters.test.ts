/**
 * The server keeps pages for visitors by PAGE_QUERY_PARAMETERS alone (ADR 125): a screen that reads a query parameter
 * not named there would be drawn once and served to every other value. This reads the views for the parameters they
 * take from a URL's query and fails when one is missing from the list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_QUERY_PARAMETERS } from '../../src/contract/page-render';
import { visitorUrlOf } from '../../server/http/pages';

const UI = join(import.meta.dirname, '../../src/ui');
const sources = (readdirSync(UI, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => readFileSync(join(UI, f), 'utf8'));

describe('the query parameters pages read', () => {
  it('names every parameter a view reads from the URL', () => {
    const read = new Set<string>();
    for (const text of sources) {
      if (!/URLSearchParams\(/.test(text)) continue;
      for (const match of text.matchAll(/\.get\('([\w-]+)'\)/g)) read.add(match[1]!);
    }
    expect(read.size).toBeGreaterThanOrEqual(5);
    expect([...read].filter((name) => !(PAGE_QUERY_PARAMETERS as readonly string[]).includes(name))).toEqual([]);
  });

  it('keeps only those parameters in a visitor URL, in one order', () => {
    expect(visitorUrlOf('/?x=1')).toBe('/');
    expect(visitorUrlOf('/discussion?x=1&subcategory=b&category=a')).toBe('/discussion?category=a&subcategory=b');
    expect(visitorUrlOf('/search?q=caf%C3%A9+ok&utm_source=n')).toBe('/search?q=caf%C3%A9+ok');
    expect(visitorUrlOf('/articles')).toBe('/articles');
  });
});
