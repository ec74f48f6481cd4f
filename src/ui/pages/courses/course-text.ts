/**
 * What the course screens show besides the data: the error texts of spec section 8, the search that filters loaded
 * courses (ADR 021), and the card figures.
 */
import { ApiError } from '../../../application/api-error';
import type { Course } from '../../../domain/content';

export const DEFAULT_COURSE_THUMBNAIL = '/media/courses/default.svg';
const UNEXPECTED_FORMAT = 'Unexpected response format from server';

/** The courses list failed: a reply the contract cannot read, or anything else. */
export function coursesErrorText(error: Error): string {
  return error instanceof ApiError && error.kind === 'decode' ? UNEXPECTED_FORMAT : 'Failed to fetch courses';
}

/** One course failed: not there, a reply the contract cannot read, or anything else. */
export { courseLoadErrorText as courseErrorText } from '../../../application/course-progress.machine';

/** Every word of the search must appear in the title or the description, ignoring case and accents. */
export function matchesCourseSearch(course: Pick<Course, 'title' | 'description'>, search: string): boolean {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  const haystack = fold(`${course.title} ${course.description}`);
  return fold(search).split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}

export const minutesLabel = (minutes: number) => `${minutes} mins`;
export const levelLabel = (level: string) => level.charAt(0).toUpperCase() + level.slice(1);
