import { describe, expect, it } from 'vitest';
import { ANY, courseFiltersOf, coursesHref } from '../../src/ui/pages/courses/course-filters';

describe('the courses list filters in the address (issue 41 item 4)', () => {
  it('reads known values and takes anything else as All', () => {
    expect(courseFiltersOf('?access=free&level=beginner&category=energy')).toEqual({ access: 'free', level: 'beginner', category: 'energy' });
    expect(courseFiltersOf('access=paid')).toEqual({ access: 'paid', level: ANY, category: ANY });
    expect(courseFiltersOf('?access=cheap&level=&category=energy&x=1')).toEqual({ access: ANY, level: ANY, category: 'energy' });
    expect(courseFiltersOf('')).toEqual({ access: ANY, level: ANY, category: ANY });
  });

  it('writes only the chosen ones, in one order, and reads back what it wrote', () => {
    expect(coursesHref('/courses', { access: ANY, level: ANY, category: ANY })).toBe('/courses');
    const values = { category: 'circular-economy', access: 'free', level: ANY };
    const href = coursesHref('/courses', values);
    expect(href).toBe('/courses?access=free&category=circular-economy');
    expect(courseFiltersOf(href.slice(href.indexOf('?')))).toEqual({ access: 'free', level: ANY, category: 'circular-economy' });
  });
});
