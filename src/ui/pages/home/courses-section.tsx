/**
 * The home page's courses section: up to 6 published courses in a carousel. It shows 'No courses available at the moment. Please
 * check back later.' when there are none (or they fail to load, which is logged), and only then pulls in react-slick
 * as its own chunk, so the carousel never weighs on the first paint.
 */
import { Suspense, useEffect } from 'react';
import { listCourses } from '../../calls';
import { lazyPart } from '../../components/lazy-part';
import { EmptyState, Spinner } from '../../components/states';
import { type Course, type CourseSummary, courseSummary } from '../../../domain/content';
import { type QueryView, useQuery } from '../../hooks/use-query';
import { useServices } from '../../services-context';
import './courses-carousel.css';

const carousel = lazyPart(() => import(/* webpackChunkName: "page-home-courses" */ './courses-carousel'));
/** The carousel's code: the home page awaits it before it hydrates (home-page.tsx `ready`). */
export const loadCoursesCarousel = carousel.load;

export const HOME_COURSE_LIMIT = 6;

/** What a card shows of a course: the page carries these, not each course's sections and objectives. */
const CARDS: QueryView<{ courses: Course[] }, { courses: CourseSummary[] }> = {
  name: 'cards',
  select: ({ courses }) => ({ courses: courses.slice(0, HOME_COURSE_LIMIT).map(courseSummary) }),
};

export default function CoursesSection() {
  const { log } = useServices();
  const courses = useQuery(listCourses, { query: { status: 1, limit: HOME_COURSE_LIMIT } }, {}, CARDS);
  useEffect(() => {
    if (courses.status === 'error') log('home courses failed', courses.error);
  }, [courses.status, courses.error, log]);

  const list = courses.status === 'success' ? courses.data.courses : [];
  return (
    <section className="home-courses" aria-labelledby="home-courses-title">
      <div className="container">
        <p className="home-courses__eyebrow">Learn at your own pace</p>
        <h2 id="home-courses-title">Popular courses</h2>
        {courses.status === 'loading' ? (
          <Spinner label="Loading courses..." />
        ) : list.length === 0 ? (
          <EmptyState>No courses available at the moment. Please check back later.</EmptyState>
        ) : (
          <Suspense fallback={<Spinner label="Loading courses..." />}>
            <carousel.Part courses={list} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
