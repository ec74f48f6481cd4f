import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/application/api-error';
import { courseErrorText, coursesErrorText, matchesCourseSearch } from '../../src/ui/pages/courses/course-text';

describe('the courses search (ADR 021)', () => {
  const course = { title: 'Retrofitting Historic Buildings', description: 'Conservation-led upgrades for older, listed and traditional buildings in Göteborg.' };

  it('matches every word in the title or description, ignoring case and accents', () => {
    expect(matchesCourseSearch(course, '')).toBe(true);
    expect(matchesCourseSearch(course, '  ')).toBe(true);
    expect(matchesCourseSearch(course, 'RETROFIT')).toBe(true);
    expect(matchesCourseSearch(course, 'historic listed')).toBe(true);
    expect(matchesCourseSearch(course, 'goteborg')).toBe(true);
    expect(matchesCourseSearch(course, 'historic timber')).toBe(false);
    expect(matchesCourseSearch(course, 'carbon')).toBe(false);
  });
});

describe('the course error texts of spec section 8', () => {
  it('names a decode failure, a missing course and any other failure', () => {
    const decode = new ApiError('decode', 200, 'Unexpected response format from server (content.courses: ...)');
    expect(coursesErrorText(decode)).toBe('Unexpected response format from server');
    expect(coursesErrorText(new ApiError('http', 500, 'Something went wrong.'))).toBe('Failed to fetch courses');
    expect(coursesErrorText(new ApiError('network', 0, 'offline'))).toBe('Failed to fetch courses');
    expect(courseErrorText(new ApiError('http', 404, 'Course not found'))).toBe('Course not found');
    expect(courseErrorText(decode)).toBe('Unexpected response format from server');
    expect(courseErrorText(new ApiError('http', 500, 'x'))).toBe('Failed to fetch course');
    expect(courseErrorText(new Error('anything'))).toBe('Failed to fetch course');
    // Only the HTTP adapter's errors carry a status the page may trust; a look-alike object is any other failure.
    expect(courseErrorText({ kind: 'http', status: 404, message: 'Lesson not found' })).toBe('Failed to fetch course');
    expect(courseErrorText(Object.assign(new Error('Lesson not found'), { kind: 'http', status: 404 }))).toBe('Failed to fetch course');
  });
});
