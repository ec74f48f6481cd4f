/** One course: category, title, duration, lesson count, numbered objectives, the curriculum, and 'Get Started!'. */
import { Link, useParams } from 'wouter';
import { getCourse } from '../../../contract/content';
import { categoryLabel, } from '../../../domain/content';
import { Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { minutesLabel } from './course-text';
import { CourseLoadError } from './course-load-error';
import { CourseFacts } from './course-facts';
import { CourseThumbnail } from './course-thumbnail';
import './courses.css';

export default function CourseViewPage() {
  const { courseId = '' } = useParams<{ courseId: string }>();
  const result = useQuery(getCourse, { params: { id: courseId } });
  useDocumentTitle(result.status === 'success' ? result.data.course.title : 'Course');

  if (result.status === 'loading') return <Spinner label="Loading course..." />;
  if (result.status === 'error') return <CourseLoadError error={result.error} />;
  const course = result.data.course;
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
          {/* Spec: the button has no action yet; enrolment is not part of the product. */}
          <button type="button" className="button button--primary course-view__start">
            Get Started!
          </button>
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
                    <li key={lesson._id} className="lesson">
                      <span>{lesson.title}</span>
                      <span className="lesson__duration">{minutesLabel(lesson.duration)}</span>
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
