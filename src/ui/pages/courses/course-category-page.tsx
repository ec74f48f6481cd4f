/**
 * The category and detail pages (ADR 022). /courses/{category} and /courses/category/{category} show category tabs
 * and that category's course cards. /courses/detail/{id} (where the list's course cards lead) shows that course's
 * summary above the same tabs, opened on its category, with its card marked; a category id there works as well.
 */
import { useEffect, useRef, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link, useLocation, useParams } from 'wouter';
import { getCourse, listCourses } from '../../calls';
import { CONTENT_CATEGORIES, type ContentCategory, type Course, categoryLabel, isContentCategory } from '../../../domain/content';
import { Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { CourseCard } from './course-card';
import { useLearningMap } from './use-learning-map';
import { coursesErrorText, levelLabel, } from './course-text';
import { CourseLoadError } from './course-load-error';
import { CourseFacts } from './course-facts';
import { CourseThumbnail } from './course-thumbnail';
import './courses.css';

function CategoryCourses({ category, current }: { category: ContentCategory; current?: Course }) {
  const courses = useQuery(listCourses, { query: { status: 1, category } });
  const learning = useLearningMap();
  if (courses.status === 'loading') return <Spinner label="Loading courses..." />;
  if (courses.status === 'error') {
    return (
      <p className="error-state" role="alert">
        {coursesErrorText(courses.error)}
      </p>
    );
  }
  // The course being detailed comes first, marked, when it belongs to this category.
  const list = [...courses.data.courses].sort((a, b) => Number(b._id === current?._id) - Number(a._id === current?._id));
  if (list.length === 0) return <p className="empty-state">No courses found</p>;
  return (
    <ul className="grid course-grid">
      {list.map((course) => (
        <CourseCard key={course._id} course={course} current={course._id === current?._id} learning={learning.get(course._id)} />
      ))}
    </ul>
  );
}

function CategoryTabs({ selected, onSelect, current }: { selected: ContentCategory; onSelect: (c: ContentCategory) => void; current?: Course }) {
  const list = useRef<HTMLDivElement>(null);
  // On narrow screens the tab row scrolls sideways; keep the selected tab in sight (sideways only, never the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever another tab is selected
  useEffect(() => {
    // react-aria renders the tabs after its collection is built, so look for them on the next frame.
    const frame = requestAnimationFrame(() => {
      const row = list.current;
      const tab = row?.querySelector<HTMLElement>('[aria-selected="true"]');
      if (!row || !tab) return;
      if (tab.offsetLeft < row.scrollLeft || tab.offsetLeft + tab.offsetWidth > row.scrollLeft + row.clientWidth) {
        row.scrollLeft = tab.offsetLeft - 16;
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [selected]);
  return (
    <Tabs className="course-tabs" selectedKey={selected} onSelectionChange={(key) => onSelect(key as ContentCategory)}>
      <TabList ref={list} className="course-tabs__list" aria-label="Course categories">
        {CONTENT_CATEGORIES.map((category) => (
          <Tab key={category.id} id={category.id} className="course-tabs__tab">
            {category.label}
          </Tab>
        ))}
      </TabList>
      {CONTENT_CATEGORIES.map((category) => (
        <TabPanel key={category.id} id={category.id} className="course-tabs__panel">
          <CategoryCourses category={category.id} current={current} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

function CategoryView({ category, routeOf }: { category: ContentCategory; routeOf: (c: string) => string }) {
  const [, navigate] = useLocation();
  useDocumentTitle(`${categoryLabel(category)} Courses`);
  return (
    <div className="container page">
      <nav aria-label="Breadcrumb" className="course-breadcrumb">
        <Link href={paths.courses}>Courses</Link> <span aria-hidden="true">›</span> <span>{categoryLabel(category)}</span>
      </nav>
      <h1>{categoryLabel(category)} Courses</h1>
      {/* The address follows the tab, so a category can be shared and the back button still leaves the page. */}
      <CategoryTabs selected={category} onSelect={(next) => navigate(routeOf(next), { replace: true })} />
    </div>
  );
}

function CourseSummary({ course }: { course: Course }) {
  return (
    <section className="course-summary" aria-labelledby="course-summary-title">
      <CourseThumbnail className="course-summary__image" thumbnail={course.thumbnail} category={course.category} />
      <div className="course-summary__text">
        <div className="course-card__badges">
          <span className="badge">{categoryLabel(course.category)}</span>
          <span className="badge badge--level">{levelLabel(course.level)}</span>
        </div>
        <h1 id="course-summary-title">{course.title}</h1>
        <p>{course.description}</p>
        <CourseFacts course={course} facts={['price', 'duration', 'lessons']} />
        <Link href={paths.courseView(course._id)} className="button button--primary">
          Explore Course
        </Link>
      </div>
    </section>
  );
}

function DetailView({ courseId }: { courseId: string }) {
  const course = useQuery(getCourse, { params: { id: courseId } });
  const [tab, setTab] = useState<ContentCategory | null>(null);
  useDocumentTitle(course.status === 'success' ? course.data.course.title : 'Course');
  if (course.status === 'loading') return <Spinner label="Loading course..." />;
  if (course.status === 'error') return <CourseLoadError error={course.error} />;
  const detailed = course.data.course;
  const selected = tab ?? (isContentCategory(detailed.category) ? detailed.category : CONTENT_CATEGORIES[0].id);
  return (
    <div className="container page">
      <nav aria-label="Breadcrumb" className="course-breadcrumb">
        <Link href={paths.courses}>Courses</Link> <span aria-hidden="true">›</span>{' '}
        <Link href={paths.coursesByCategory(detailed.category)}>{categoryLabel(detailed.category)}</Link>
      </nav>
      <CourseSummary course={detailed} />
      <section className="courses-section" aria-labelledby="more-courses">
        <h2 id="more-courses">Courses by category</h2>
        <CategoryTabs selected={selected} onSelect={setTab} current={detailed} />
      </section>
    </div>
  );
}

function UnknownCategory() {
  useDocumentTitle('Courses');
  return (
    <div className="container page">
      <h1>Courses</h1>
      <p className="empty-state">No courses found</p>
      <p>
        <Link href={paths.courses}>Back to all courses</Link>
      </p>
    </div>
  );
}

export default function CourseCategoryPage() {
  const { categoryId = '' } = useParams<{ categoryId: string }>();
  const [location] = useLocation();
  const detail = location.startsWith('/courses/detail/');
  if (isContentCategory(categoryId)) {
    const routeOf = detail || location.startsWith('/courses/category/') ? paths.courseCategory : paths.coursesByCategory;
    return <CategoryView category={categoryId} routeOf={routeOf} />;
  }
  return detail ? <DetailView key={categoryId} courseId={categoryId} /> : <UnknownCategory />;
}
