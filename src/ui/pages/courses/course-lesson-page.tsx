/**
 * The lesson player (issue 13): the course outline (modules and lessons, each with its done mark, the current one
 * marked), the lesson itself, 'Mark as complete', Previous and Next, and the course's progress as a bar, a percentage
 * and "n of m lessons". Once every lesson is complete it offers the assessment. A thin view of the course machine;
 * moving to another lesson is a link, whose URL the machine follows.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'wouter';
import { SafeHtml } from '../../components/safe-html';
import { Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useScrollHints } from '../../hooks/use-scroll-hints';
import { paths } from '../../routes';
import { CourseLoadError } from './course-load-error';
import { CourseProgressBar } from './course-progress-bar';
import { minutesLabel } from './course-text';
import { DoneMark } from './course-view-page';
import { useCourseProgress } from './use-course-progress';
import './courses.css';
import './lesson.css';

export default function CourseLessonPage() {
  const { courseId = '', lessonId = '' } = useParams<{ courseId: string; lessonId: string }>();
  const actor = useCourseProgress(courseId, 'lesson', lessonId);
  const view = useSelector(actor, (s) => ({
    loading: s.matches('loading'),
    failed: s.matches('loadFailed') || s.matches('lessonFailed'),
    opening: s.matches('openingLesson'),
    marking: s.matches('marking'),
    complete: s.matches('courseComplete'),
    course: s.context.course,
    progress: s.context.progress,
    lesson: s.context.lesson,
    error: s.context.error,
    alert: s.context.alert,
    announcement: s.context.announcement,
  }), (a, b) => a.loading === b.loading && a.failed === b.failed && a.opening === b.opening && a.marking === b.marking
    && a.complete === b.complete && a.course === b.course && a.progress === b.progress && a.lesson === b.lesson
    && a.error === b.error && a.alert === b.alert && a.announcement === b.announcement);
  // On a phone the lesson comes first: the list of lessons folds behind one control (open on wider screens).
  const wide = useMediaQuery('(min-width: 981px)');
  useDocumentTitle(view.lesson ? `${view.lesson.title} · ${view.course?.title ?? 'Course'}` : 'Lesson');

  // The URL names the lesson: a link to another lesson (Next, Previous, the outline) opens it.
  useEffect(() => {
    actor.send({ type: 'lesson.open', lessonId });
  }, [actor, lessonId]);

  // A new lesson takes the focus to its heading, so keyboard and screen-reader users start reading it.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownLesson = view.lesson?._id;
  const first = useRef(true);
  useEffect(() => {
    if (!shownLesson) return;
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [shownLesson]);

  // 'Mark as complete' gives way to "You completed this lesson.": the focus it had moves there, not to the page.
  const doneNote = useRef<HTMLParagraphElement>(null);
  const markButton = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  const lessonDone = view.lesson && view.progress ? view.progress.completedLessonIds.includes(view.lesson._id) : false;
  useEffect(() => {
    if (lessonDone && hadFocus.current) doneNote.current?.focus();
    hadFocus.current = false;
  }, [lessonDone]);

  // A table wider than the column says that it scrolls (issue 41 item 10).
  const lessonText = useRef<HTMLDivElement>(null);
  useScrollHints(lessonText, view.lesson?.html);

  if (view.loading) return <Spinner label="Loading lesson..." />;
  if (view.failed || !view.course || !view.lesson || !view.progress) return <CourseLoadError message={view.error ?? undefined} />;
  const { course, lesson, progress } = view;
  const done = new Set(progress.completedLessonIds);
  const isDone = done.has(lesson._id);

  return (
    <div className="container page player">
      <nav aria-label="Breadcrumb" className="course-breadcrumb">
        <Link href={paths.courses}>Courses</Link> <span aria-hidden="true">›</span>{' '}
        <Link href={paths.courseView(course._id)}>{course.title}</Link>
      </nav>
      <div className="player__layout">
        <aside className="player__outline" aria-labelledby="outline-heading">
          <h2 id="outline-heading" className="player__outline-heading">
            Course outline
          </h2>
          <CourseProgressBar percent={progress.percent} completed={progress.completedLessons} total={progress.totalLessons}
            label={`Progress in ${course.title}`} compact />
          <details className="player__contents" open={wide} key={wide ? 'wide' : 'narrow'}>
            <summary className="player__contents-toggle">Lessons in this course</summary>
            <ol className="player__modules">
              {course.sections.map((section, index) => (
                <li key={section._id}>
                  <h3 className="player__module">
                    <span className="module__number">Module {index + 1}</span> {section.title}
                  </h3>
                  <ul className="player__lessons">
                    {section.content.map((item) => {
                      const current = item._id === lesson._id;
                      return (
                        <li key={item._id} className={`player__lesson${current ? ' player__lesson--current' : ''}${done.has(item._id) ? ' player__lesson--done' : ''}`}>
                          <Link href={paths.courseLesson(course._id, item._id)} aria-current={current ? 'page' : undefined}>
                            <span className="player__mark">{done.has(item._id) ? <DoneMark /> : <span className="player__todo" aria-hidden="true" />}</span>
                            <span>
                              {item.title}
                              {done.has(item._id) && <span className="visually-hidden"> (completed)</span>}
                            </span>
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ol>
          </details>
          {progress.assessment.unlocked && (
            <Link className="button button--primary player__assessment" href={paths.courseAssessment(course._id)}>
              Take the assessment
            </Link>
          )}
        </aside>

        <article className="player__lesson-body" aria-labelledby="lesson-title" aria-busy={view.opening}>
          <p className="courses-eyebrow">
            {lesson.sectionTitle} · Lesson {lesson.number} of {lesson.totalLessons} · {minutesLabel(lesson.minutes)}
          </p>
          <h1 id="lesson-title" ref={heading} tabIndex={-1}>
            {lesson.title}
          </h1>
          <div ref={lessonText}>
            <SafeHtml html={lesson.html} className="rich-text lesson-text" profile="lesson" />
          </div>

          <div className="player__complete">
            {isDone ? (
              <p className="player__done" ref={doneNote} tabIndex={-1}>
                <DoneMark /> You completed this lesson.
              </p>
            ) : (
              <button
                type="button"
                ref={markButton}
                className="button button--primary"
                disabled={view.marking}
                onClick={() => {
                  hadFocus.current = document.activeElement === markButton.current;
                  actor.send({ type: 'lesson.complete' });
                }}
              >
                {view.marking ? 'Saving...' : 'Mark as complete'}
              </button>
            )}
            {view.alert && (
              <p className="form__error" role="alert">
                {view.alert}
              </p>
            )}
            <p className="visually-hidden" role="status">
              {view.announcement}
            </p>
          </div>
          {view.complete && (
            <section className="player__finished" aria-labelledby="finished-heading">
              <h2 id="finished-heading">You have completed every lesson</h2>
              <p>
                The course assessment has {progress.assessment.totalQuestions} questions from these lessons. Score 70% or more to earn
                your certificate; you can retake it, and your best score counts.
              </p>
              <Link className="button button--primary" href={paths.courseAssessment(course._id)}>
                Take the assessment
              </Link>
            </section>
          )}

          <nav className="player__pager" aria-label="Lessons">
            {lesson.previousLessonId ? (
              <Link className="button" href={paths.courseLesson(course._id, lesson.previousLessonId)}>
                <span aria-hidden="true">←</span> Previous<span className="visually-hidden"> lesson</span>
              </Link>
            ) : (
              <span />
            )}
            {lesson.nextLessonId && (
              <Link className="button button--primary" href={paths.courseLesson(course._id, lesson.nextLessonId)}>
                Next<span className="visually-hidden"> lesson</span> <span aria-hidden="true">→</span>
              </Link>
            )}
          </nav>
        </article>
      </div>
    </div>
  );
}
