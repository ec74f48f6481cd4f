/** A course card of the category and detail pages: thumbnail, price, minutes, lesson count, 70-character teaser. */
import { Link } from 'wouter';
import { categoryLabel, type Course, } from '../../../domain/content';
import type { LearningCourse } from '../../../domain/learning';
import { COURSE_CARD_DESCRIPTION_LENGTH, truncate } from '../../../domain/text';
import { paths } from '../../routes';
import { levelLabel, } from './course-text';
import { CreditLines } from '../../components/credit-lines';
import { CourseFacts } from './course-facts';
import { CourseProgressBar } from './course-progress-bar';
import { CourseThumbnail } from './course-thumbnail';

export function CourseCard({ course, current = false, learning }: { course: Course; current?: boolean; learning?: LearningCourse | undefined }) {
  const titleId = `course-card-${course._id}`;
  return (
    <li className={`card course-card${current ? ' course-card--current' : ''}`} data-testid="course-card">
      <CourseThumbnail className="course-card__image" thumbnail={course.thumbnail} category={course.category} />
      <div className="card__body">
        <div className="course-card__badges">
          <span className="badge">{categoryLabel(course.category)}</span>
          <span className="badge badge--level">{levelLabel(course.level)}</span>
          {current && <span className="badge badge--current">This course</span>}
        </div>
        <h3 className="card__title" id={titleId}>
          {course.title}
        </h3>
        <p className="course-card__teaser">{truncate(course.description, COURSE_CARD_DESCRIPTION_LENGTH)}</p>
        <CourseFacts course={course} facts={['price', 'duration', 'lessons']} />
        <CreditLines credits={course.credits ?? []} compact label={`Credit for ${course.title}`} />
        {learning && (
          <CourseProgressBar percent={learning.percent} completed={learning.completedLessons} total={learning.totalLessons}
            label={`Progress in ${course.title}`} compact />
        )}
        <Link href={paths.courseView(course._id)} className="button button--primary course-card__action" aria-describedby={titleId}>
          Explore Course
        </Link>
      </div>
    </li>
  );
}
