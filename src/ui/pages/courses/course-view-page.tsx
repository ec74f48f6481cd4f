/**
 * One course: category, title, duration, lesson count, numbered objectives, the curriculum with each lesson's done
 * mark, and 'Get Started!' (or 'Continue' once enrolled), which enrols and opens the first unfinished lesson. A thin
 * view of the course machine.
 */
import { useSelector } from '@xstate/react';
import { Link, useParams } from 'wouter';
import { categoryLabel } from '../../../domain/content';
import { Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../routes';
import { CreditLines } from '../../components/credit-lines';
import { CourseFacts } from './course-facts';
import { CourseLoadError } from './course-load-error';
import { CourseProgressBar } from './course-progress-bar';
import { minutesLabel } from './course-text';
import { CourseThumbnail } from './course-thumbnail';
import { KeepOfflineButton } from '../offline/keep-offline-button';
import { useCourseProgress } from './use-course-progress';
import './courses.css';

export default function CourseViewPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const actor = useCourseProgress(courseId, 'overview');
  const view = useSelector(actor, (s) => ({
    loading: s.matches('loading'),
    failed: s.matches('loadFailed'),
    enrolling: s.matches('enrolling'),
    course: s.context.course,
    progress: s.context.progress,
    error: s.context.error,
    alert: s.context.alert,
  }), (a, b) => a.loading === b.loading && a.failed === b.failed && a.enrolling === b.enrolling && a.course === b.course
    && a.progress === b.progress && a.error === b.error && a.alert === b.alert);
  useDocumentTitle(view.course?.title ?? 'Course');

  if (view.loading) return <Spinner label="Loading course..." />;
  if (view.failed || !view.course) return <CourseLoadError message={view.error ?? undefined} />;
  const { course, progress } = view;
  const done = new Set(progress?.completedLessonIds ?? []);
  const started = Boolean(progress?.enrolled || progress?.completedLessons);
  return (
    <div className="container page course-view">
      <nav aria-label="Breadcrumb" className="course-breadcrumb">
        <Link href={paths.courses}>Courses</Link> <span aria-hidden="true">›</span>{' '}
        <Link href={paths.coursesByCategory(course.category)}>{categoryLabel(course.category)}</Link>
      </nav>
      <header className="course-summary">
        <CourseThumbnail className="course-summary__image" thumbnail={course.thumbnail} category={course.category} />
        <div className="course-summary__text">
          <p className="courses-eyebrow" data-testid="course-category">
            {categoryLabel(course.category)}
          </p>
          <h1>{course.title}</h1>
          <p>{course.description}</p>
          <CourseFacts course={course} facts={['duration', 'lessons', 'level', 'price']} />
          <CreditLines credits={course.credits} />
          {progress && started && (
            <CourseProgressBar percent={progress.percent} completed={progress.completedLessons} total={progress.totalLessons}
              label={`Progress in ${course.title}`} />
          )}
          <div className="course-view__actions">
            <button type="button" className="button button--primary course-view__start" disabled={view.enrolling}
              onClick={() => actor.send({ type: 'course.start' })}>
              {view.enrolling ? 'Opening...' : started ? 'Continue' : 'Get Started!'}
            </button>
            {progress?.assessment.unlocked && (
              <Link className="button" href={paths.courseAssessment(course._id)}>
                {progress.assessment.passed ? 'Retake the assessment' : 'Take the assessment'}
              </Link>
            )}
            {progress?.certificateId && (
              <Link className="button" href={paths.certificate(progress.certificateId)}>
                View your certificate
              </Link>
            )}
          </div>
          {view.alert && (
            <p className="form__error" role="alert">
              {view.alert}
            </p>
          )}
          <KeepOfflineButton request={{ kind: 'course', id: course._id, title: course.title, href: paths.courseView(course._id) }} />
        </div>
      </header>

      <div className="course-view__columns">
        <section className="course-view__objectives" aria-labelledby="objectives">
          <h2 id="objectives">What you will learn</h2>
          <ol className="objectives">
            {course.objectives.map((objective) => (
              <li key={objective._id}>{objective.description}</li>
            ))}
          </ol>
        </section>

        <section className="course-view__curriculum" aria-labelledby="curriculum">
          <h2 id="curriculum">Curriculum</h2>
          <ol className="modules">
            {course.sections.map((section, index) => (
              <li key={section._id} className="module">
                <h3 className="module__title">
                  <span className="module__number">Module {index + 1}</span> {section.title}
                </h3>
                <ul className="lessons">
                  {section.content.map((lesson) => (
                    <li key={lesson._id} className={done.has(lesson._id) ? 'lesson lesson--done' : 'lesson'}>
                      <Link href={paths.courseLesson(course._id, lesson._id)} className="lesson__link">
                        {lesson.title}
                        {done.has(lesson._id) && <span className="visually-hidden"> (completed)</span>}
                      </Link>
                      <span className="lesson__duration">
                        {done.has(lesson._id) && <DoneMark />}
                        {minutesLabel(lesson.duration)}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

/** A check mark for a completed lesson; its words are beside the lesson's name for screen readers. */
export function DoneMark() {
  return (
    <svg className="done-mark" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M5.5 10.5l3 3 6-6.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
