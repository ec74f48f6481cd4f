import { type Course, coursePriceLabel, courseSizeLabel } from '../../../domain/content';
import { levelLabel, minutesLabel } from './course-text';

export type CourseFact = 'price' | 'duration' | 'lessons' | 'level';

/** A course's figures as a description list: 'Free' or a dollar price, minutes, modules and lessons, level. */
export function CourseFacts({ course, facts }: { course: Course; facts: readonly CourseFact[] }) {
  const rows: Record<CourseFact, [string, string]> = {
    price: ['Price', coursePriceLabel(course.price)],
    duration: ['Duration', minutesLabel(course.duration)],
    lessons: ['Length', courseSizeLabel(course)],
    level: ['Level', levelLabel(course.level)],
  };
  return (
    <dl className="course-facts">
      {facts.map((fact) => (
        <div key={fact}>
          <dt>{rows[fact][0]}</dt>
          <dd className={fact === 'price' ? 'course-facts__price' : undefined}>{rows[fact][1]}</dd>
        </div>
      ))}
    </dl>
  );
}
