import { describe, expect, it } from 'vitest';
import { patternSource, ROUTE_TABLE } from '../../src/ui/route-table';

const firstMatch = (path: string) => ROUTE_TABLE.find((route) => new RegExp(patternSource(route.path)).test(path))?.page;

describe('the route table the build preloads from', () => {
  it.each([
    ['/', 'home'],
    ['/articles', 'articles'],
    ['/articles/', 'articles'],
    ['/articles/0f0e', 'article'],
    ['/courses/view/abc', 'course-view'],
    ['/courses/category/abc', 'course-category'],
    ['/courses/abc', 'course-category'],
    ['/quiz/green-buildings/set-1', 'quiz-play'],
    ['/sustainlearn', 'about'],
  ])('%s shows the %s page', (path, page) => {
    expect(firstMatch(path)).toBe(page);
  });

  it.each(['/articles/a/b', '/nope', '/quiz/a/b/c', '/article'])('%s matches no page', (path) => {
    expect(firstMatch(path)).toBeUndefined();
  });

  it('treats pattern text as literal, not as regular expression syntax', () => {
    expect(new RegExp(patternSource('/a.b')).test('/axb')).toBe(false);
  });
});
