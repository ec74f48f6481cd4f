/**
 * The courses list: single-choice filters (access, level, category) sent to the API, a search box that narrows the
 * loaded courses by title and description (ADR 021), course cards to /courses/detail/{id}, then category cards and
 * the feature cards.
 */
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { type CallOf, listCourses } from '../../calls';
import type { QueryOf } from '../../../contract/define';
import { CONTENT_CATEGORIES, categoryLabel, type Course, type CourseSummary, courseSummary, coursePriceLabel } from '../../../domain/content';
import type { LearningCourse } from '../../../domain/learning';
import { Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { type QueryView, useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { ANY, CourseFilters, type CourseFilterValues, CourseSearch, courseFiltersOf, coursesHref } from './course-filters';
import { coursesErrorText, levelLabel, matchesCourseSearch, minutesLabel } from './course-text';
import { CourseProgressBar } from './course-progress-bar';
import { CourseThumbnail } from './course-thumbnail';
import { useLearningMap } from './use-learning-map';
import './courses.css';

type CourseQuery = QueryOf<CallOf<typeof listCourses>>;

const FEATURES = [
  { title: 'Self-paced', text: 'Start when you like and learn at the speed that suits your projects and your week.' },
  { title: 'Free upgrades', text: 'Courses are revised as standards and evidence change, and you get every update at no cost.' },
  { title: 'Free resources', text: 'Checklists, templates and reading lists to download and use on real projects.' },
  { title: 'Interactive quizzes', text: 'Short quizzes after each module so you can check what has stuck.' },
  { title: 'Lifetime access', text: 'Come back to a course whenever a project needs it; your access never runs out.' },
  { title: 'Affordable prices', text: 'Many courses are free and the rest are priced for students and small practices.' },
  { title: 'Completion certificate', text: 'A certificate for every finished course, to share with clients and employers.' },
];

/** The cards show no curriculum: the page carries the courses without it. */
const SUMMARIES: QueryView<{ courses: Course[] }, { courses: CourseSummary[] }> = {
  name: 'summaries',
  select: ({ courses }) => ({ courses: courses.map(courseSummary) }),
};

function CourseListCard({ course, learning }: { course: CourseSummary; learning?: LearningCourse | undefined }) {
  return (
    <li className="card course-card course-card--compact" data-testid="course-card">
      <CourseThumbnail className="course-card__image" thumbnail={course.thumbnail} category={course.category} />
      <div className="card__body">
        <div className="course-card__badges">
          <span className="badge">{categoryLabel(course.category)}</span>
          <span className="badge badge--level">{levelLabel(course.level)}</span>
        </div>
        <h3 className="card__title">
          <Link href={paths.courseDetail(course._id)} className="course-card__link">
            {course.title}
          </Link>
        </h3>
        <p className="card__meta">
          <span className="course-facts__price">{coursePriceLabel(course.price)}</span> · {minutesLabel(course.duration)}
        </p>
        {learning && (
          <CourseProgressBar percent={learning.percent} completed={learning.completedLessons} total={learning.totalLessons}
            label={`Progress in ${course.title}`} compact />
        )}
      </div>
    </li>
  );
}

export default function CoursesPage() {
  useDocumentTitle('Online Courses');
  const [location, navigate] = useLocation();
  const filters = courseFiltersOf(useSearch());
  // Replaced, not pushed: Back leaves the list (and comes back to it as it was), it does not undo each choice.
  const setFilters = (values: CourseFilterValues) => navigate(coursesHref(location, values), { replace: true });
  const [search, setSearch] = useState('');
  // Only published courses are listed; 'All' leaves a filter out of the query.
  const query = { status: 1, ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ANY)) } as CourseQuery;
  const courses = useQuery(listCourses, { query }, {}, SUMMARIES);
  const learning = useLearningMap();
  const shown = courses.status === 'success' ? courses.data.courses.filter((c) => matchesCourseSearch(c, search)) : [];

  return (
    <div className="container page courses-page">
      <header className="courses-hero">
        <p className="courses-eyebrow">Learn at your own pace</p>
        <h1>Online Courses</h1>
        <p className="courses-lead">
          Practical, self-paced courses on carbon, energy, conservation, green building, biodiversity, the SDGs and the
          circular economy, written for people who design, plan and build.
        </p>
      </header>

      <section className="courses-browser" aria-labelledby="all-courses">
        <h2 id="all-courses">Find a course</h2>
        <div className="courses-browser__layout">
          <div className="courses-browser__controls">
            <CourseSearch value={search} onChange={setSearch} />
            <CourseFilters values={filters} onChange={setFilters} />
          </div>
          <div className="courses-browser__results">
            {courses.status === 'loading' ? (
              <Spinner label="Loading courses..." />
            ) : courses.status === 'error' ? (
              <p className="error-state" role="alert">
                {coursesErrorText(courses.error)}
              </p>
            ) : (
              <>
                <p className="courses-count" role="status">
                  {shown.length === 1 ? '1 course' : `${shown.length} courses`}
                </p>
                {shown.length === 0 ? (
                  <p className="empty-state">No courses found</p>
                ) : (
                  <ul className="grid course-grid">
                    {shown.map((course) => (
                      <CourseListCard key={course._id} course={course} learning={learning.get(course._id)} />
                    ))}
                  </ul>
                )}
              </>
            )}
          </div>
        </div>
      </section>

      <section className="courses-section" aria-labelledby="course-categories">
        <h2 id="course-categories">Browse by category</h2>
        <ul className="category-cards">
          {CONTENT_CATEGORIES.map((category) => (
            <li key={category.id}>
              <Link href={paths.coursesByCategory(category.id)} className="category-card">
                <img src={`/media/courses/${category.id}.svg`} alt="" width={800} height={450} loading="lazy" />
                <span className="category-card__label">{category.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="courses-section" aria-labelledby="course-features">
        <h2 id="course-features">Why learn with SustainLearn</h2>
        <ul className="feature-cards">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="feature-card">
              <h3 className="feature-card__title">{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
