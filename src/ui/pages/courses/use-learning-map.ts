/** The member's courses by id (in progress and completed), for the progress bars on course cards. */
import { useMemo } from 'react';
import { myLearning } from '../../calls';
import type { LearningCourse } from '../../../domain/learning';
import { useQuery } from '../../hooks/use-query';

export function useLearningMap(): ReadonlyMap<string, LearningCourse> {
  const learning = useQuery(myLearning, {}, { fresh: true });
  return useMemo(() => {
    if (learning.status !== 'success') return new Map();
    return new Map([...learning.data.inProgress, ...learning.data.completed].map((c) => [c.courseId, c]));
  }, [learning]);
}
