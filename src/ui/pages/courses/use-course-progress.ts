/** The course machine for one page (the course, a lesson, the assessment), made from the root's provided machine. */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { CourseScreen } from '../../../application/course-progress.machine';
import { useServices } from '../../services-context';

export function useCourseProgress(courseId: string, screen: CourseScreen, lessonId: string | null = null) {
  const { machines } = useServices();
  const [machine] = useState(machines.courseProgress);
  return useActorRef(machine, { input: { courseId, lessonId, screen } });
}
