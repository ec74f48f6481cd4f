/**
 * The courses carousel on react-slick: 3 slides, 2 at 768px or less, 1 at 480px or less; 500 ms slides; visible
 * previous/next buttons and dots; arrow keys move it too. It does not wrap, so no cloned slides exist, and links on
 * slides out of view leave the tab order (react-slick hides those slides from assistive technology).
 */
import { useRef, useState } from 'react';
import Slider from 'react-slick';
import 'slick-carousel/slick/slick.css';
import { Link } from 'wouter';
import { categoryLabel, type CourseSummary, coursePriceLabel } from '../../../domain/content';
import { COURSE_CARD_DESCRIPTION_LENGTH, truncate } from '../../../domain/text';
import { useMediaQuery } from '../../hooks/use-media-query';
import { paths } from '../../routes';
import { CourseThumbnail } from '../courses/course-thumbnail';

export const CAROUSEL_SPEED_MS = 500;
const SLIDES_BY_WIDTH = { wide: 3, medium: 2, narrow: 1 } as const;

interface ArrowProps {
  direction: 'prev' | 'next';
  onClick?: (() => void) | null;
  className?: string;
}

/** react-slick passes onClick and a slick-disabled class; the button stays focusable at the ends (aria-disabled). */
function Arrow({ direction, onClick, className = '' }: ArrowProps) {
  const disabled = !onClick || className.includes('slick-disabled');
  return (
    <button
      type="button"
      className={`home-courses__arrow home-courses__arrow--${direction}`}
      aria-label={direction === 'prev' ? 'Previous courses' : 'Next courses'}
      aria-disabled={disabled || undefined}
      onClick={() => {
        if (!disabled) onClick?.();
      }}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d={direction === 'prev' ? 'm15 5-7 7 7 7' : 'm9 5 7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

export default function CoursesCarousel({ courses }: { courses: CourseSummary[] }) {
  const slider = useRef<Slider>(null);
  const narrow = useMediaQuery('(max-width: 480px)');
  const medium = useMediaQuery('(max-width: 768px)');
  const slidesToShow = Math.min(courses.length, narrow ? SLIDES_BY_WIDTH.narrow : medium ? SLIDES_BY_WIDTH.medium : SLIDES_BY_WIDTH.wide);
  const [current, setCurrent] = useState(0);
  const first = Math.min(current, courses.length - slidesToShow);
  const visible = (index: number) => index >= first && index < first + slidesToShow;

  return (
    <section className="home-courses__carousel" aria-roledescription="carousel" aria-label="Course carousel">
      <p className="visually-hidden" aria-live="polite">
        {`Showing courses ${first + 1} to ${first + slidesToShow} of ${courses.length}`}
      </p>
      <Slider
        ref={slider}
        className="home-courses__slider"
        dots
        arrows
        infinite={false}
        speed={CAROUSEL_SPEED_MS}
        slidesToShow={slidesToShow}
        slidesToScroll={1}
        accessibility
        // A quick second press (keyboard users repeat keys) moves again instead of being dropped mid-animation.
        waitForAnimate={false}
        prevArrow={<Arrow direction="prev" />}
        nextArrow={<Arrow direction="next" />}
        beforeChange={(_from, to) => setCurrent(to)}
        dotsClass="home-courses__dots"
        customPaging={(index) => (
          <button type="button" aria-label={`Show courses ${index + 1} to ${Math.min(index + slidesToShow, courses.length)}`} aria-current={index === first ? 'true' : undefined}>
            <span className="home-courses__dot" aria-hidden="true" />
          </button>
        )}
      >
        {courses.map((course, index) => {
          const titleId = `home-course-${course._id}`;
          const inView = visible(index);
          return (
            <div key={course._id}>
              <article className="home-course" aria-roledescription="slide" aria-labelledby={titleId} data-testid="home-course">
                <CourseThumbnail className="home-course__image" thumbnail={course.thumbnail} category={course.category} />
                <div className="home-course__body">
                  <span className="badge">{categoryLabel(course.category)}</span>
                  <h3 className="home-course__title" id={titleId}>
                    {course.title}
                  </h3>
                  <p className="home-course__text">{truncate(course.description, COURSE_CARD_DESCRIPTION_LENGTH)}</p>
                  <p className="home-course__price">{coursePriceLabel(course.price)}</p>
                  <Link
                    href={paths.coursesByCategory(course.category)}
                    className="button button--primary home-course__action"
                    aria-describedby={titleId}
                    tabIndex={inView ? 0 : -1}
                  >
                    Go Learn!
                  </Link>
                </div>
              </article>
            </div>
          );
        })}
      </Slider>
    </section>
  );
}
