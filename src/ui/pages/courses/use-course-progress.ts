/** The course machine for one page (the course, a lesson, the assessment), made from the root's provided machine. */
import { useState } from 'react';
import { usePageActor } from '../../hooks/use-page-actor';
import type { CourseScreen } from '../../../application/course-progress.machine';
import { useServices } from '../../services-context';

export function useCourseProgress(courseId: string, screen: CourseScreen, lessonId: string | null = null) {
  const { machines } = useServices();
  const [machine] = useState(machines.courseProgress);
  const input = { courseId, lessonId, screen };
  // The course and a lesson are drawn on the server; the assessment starts (or resumes) an attempt, in the browser only.
  return usePageActor(`course ${courseId} ${screen} ${lessonId ?? ''}`, machine, { input }, {
    settled: (state) => !state.matches('loading'),
    drawn: screen !== 'assessment',
  }).actor;
}
