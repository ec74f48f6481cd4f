/**
 * The section filter of the navigation search box (src/domain/sections.ts), beyond the cases of domain.test.ts: the
 * eight sections and their routes, each found by its own title in any case, the query trimmed, and a part of a title
 * finding every section that holds it, in menu order.
 */
import { describe, expect, it } from 'vitest';
import { filterSections, SEARCH_SECTIONS } from '../../src/domain/sections';

describe('the section filter', () => {
  it('knows the eight sections by their routes, in menu order', () => {
    expect(SEARCH_SECTIONS.map((s) => s.path)).toEqual([
      '/articles', '/ebook', '/courses', '/quiz', '/case-studies', '/workshops', '/research-papers', '/newsletters',
    ]);
  });

  it('finds each section by its own title, in upper or lower case, and by nothing else', () => {
    for (const section of SEARCH_SECTIONS) {
      expect(section.title.trim()).not.toBe('');
      expect(filterSections(section.title)).toEqual([section]);
      expect(filterSections(section.title.toUpperCase())).toEqual([section]);
      expect(filterSections(section.title.toLowerCase())).toEqual([section]);
    }
  });

  it('trims the query', () => {
    expect(filterSections('  workshops  ').map((s) => s.path)).toEqual(['/workshops']);
    expect(filterSections('   ')).toHaveLength(8);
  });

  it('finds every section whose title holds the query, in menu order', () => {
    const paths = (q: string) => filterSections(q).map((s) => s.path);
    expect(paths('es')).toEqual(SEARCH_SECTIONS.filter((s) => s.title.toLowerCase().includes('es')).map((s) => s.path));
    expect(paths('S')).toEqual(SEARCH_SECTIONS.map((s) => s.path));
  });
});
