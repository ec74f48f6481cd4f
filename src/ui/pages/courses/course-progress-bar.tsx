/** A course's progress: a bar, the percentage and "n of m lessons" (one meter, named for the course). */
import { lessonsDoneText } from '../../../domain/learning';

export function CourseProgressBar({ percent, completed, total, label, compact = false }: {
  percent: number;
  completed: number;
  total: number;
  /** What the meter is of, for screen readers: "Progress in Embodied Carbon Fundamentals". */
  label: string;
  compact?: boolean;
}) {
  return (
    <div className={compact ? 'course-progress course-progress--compact' : 'course-progress'}>
      <div
        className="course-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%, ${lessonsDoneText(completed, total)}`}
      >
        <span className="course-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="course-progress__text">
        <strong>{percent}%</strong> · {lessonsDoneText(completed, total)}
      </p>
    </div>
  );
}
