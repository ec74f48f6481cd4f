/** Staff analytics (ADR 141): sections of paths, queries as they are counted, the charts' sentences, labels kept apart. */
import { describe, expect, it } from 'vitest';
import { labelPositions } from '../../server/render/charts';
import { communitySummary, countedQuery, COUNTED_QUERY_MAX, pageViewsSummary, quizzesSummary, searchesSummary, sectionOf } from '../../src/domain/analytics';

describe('sectionOf', () => {
  it.each([
    ['/', 'home'], ['/?x=1', 'home'], ['/articles', 'articles'], ['/articles/abc', 'articles'], ['/courses/view/x/lessons/y', 'courses'],
    ['/learning', 'courses'], ['/workshops/1', 'workshops'], ['/discussion?category=a', 'discussion'], ['/sustain-community', 'discussion'],
    ['/quiz/energy/1', 'quiz'], ['/ebook', 'library'], ['/case-studies', 'library'], ['/staff/analytics', 'other'], ['/articlesx', 'other'],
  ])('%s is %s', (path, section) => expect(sectionOf(path)).toBe(section));
});

describe('countedQuery', () => {
  it('lower-cases, collapses spaces, trims and caps', () => {
    expect(countedQuery('  Embodied\t\tCARBON ')).toBe('embodied carbon');
    expect(countedQuery('x'.repeat(500))).toHaveLength(COUNTED_QUERY_MAX);
    expect(countedQuery(' \u0000 ')).toBe('');
  });
  it('keeps no email address', () => {
    expect(countedQuery('Ada.Lovelace@Example.com timber')).toBe('(email) timber');
  });
});

describe('sentences', () => {
  it('say the trend and the largest part', () => {
    expect(pageViewsSummary([120, 200, 340], { articles: 400, home: 260 })).toBe('Page views rose from 120 to 340 a day, 660 views in all; Articles had the most, 400.');
    expect(pageViewsSummary([5, 2], { quiz: 7 })).toBe('Page views fell from 5 to 2 a day, 7 views in all; Quizzes had the most, 7.');
    expect(pageViewsSummary([0, 0], {})).toBe('No page views were counted in this range.');
    expect(searchesSummary(1, 0, { query: 'timber', searches: 1 })).toBe('1 search, of which 0 found nothing. The most searched for was "timber", 1 time.');
    expect(quizzesSummary([{ title: 'Energy', attempts: 3, averageScore: 60 }, { title: 'Water', attempts: 1, averageScore: 90 }]))
      .toBe('4 quizzes finished; Energy was taken most (3 times), and Water had the best average score, 90%.');
    expect(communitySummary([{ posts: 1, comments: 2, likes: 0, activeMembers: 2 }])).toBe('1 post, 2 comments and 0 likes; at most 2 members took part in one week.');
  });
});

describe('labelPositions', () => {
  it('keeps labels of equal values a line apart, and leaves lone ones where their line ends', () => {
    const placed = labelPositions([{ series: 'a', value: 0 }, { series: 'b', value: 0 }, { series: 'c', value: 10 }], 10);
    expect(placed.get('c')).toBeCloseTo(10);
    const gap = Math.abs(placed.get('a')! - placed.get('b')!);
    expect(gap).toBeGreaterThan(0.4);
  });
});
