/**
 * The landing carousel on react-slick: image, title, sanitized HTML description and '@' source per slide; dots and
 * prev/next buttons; wraps around; autoplays every 3000 ms, pausing while hovered or focused and under a visible
 * pause button; never autoplays when the visitor prefers reduced motion.
 */
import { useEffect, useRef, useState } from 'react';
import Slider from 'react-slick';
import 'slick-carousel/slick/slick.css';
import type { Slide } from '../../../domain/content';
import { SafeHtml } from '../../components/safe-html';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../hooks/use-media-query';
import { coverSources } from '../../components/picture-sources';

export const AUTOPLAY_SPEED_MS = 3000;
export const SLIDE_SPEED_MS = 500;

function Arrow({ direction, onClick }: { direction: 'prev' | 'next'; onClick?: () => void }) {
  return (
    <button
      type="button"
      className={`slides__arrow slides__arrow--${direction}`}
      onClick={onClick}
      aria-label={direction === 'prev' ? 'Previous slide' : 'Next slide'}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d={direction === 'prev' ? 'm15 5-7 7 7 7' : 'm9 5 7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

export default function LandingSlidesCarousel({ slides }: { slides: Slide[] }) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const slider = useRef<Slider>(null);
  // The dot of the slide shown says so. The slider draws its dots again as it moves, so the slide's index is kept
  // here, not in state: a state change drew the whole carousel again, every slide and clone, on each autoplay tick.
  const current = useRef(0);
  const [userPaused, setUserPaused] = useState(reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = !userPaused && !hovered && !focused;

  useEffect(() => setUserPaused(reducedMotion), [reducedMotion]);
  useEffect(() => {
    if (playing) slider.current?.slickPlay();
    else slider.current?.slickPause();
  }, [playing]);

  return (
    <section
      className="slides"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="slides__controls">
        <button
          type="button"
          className="slides__pause"
          onClick={() => setUserPaused((p) => !p)}
          aria-label={userPaused ? 'Play slideshow' : 'Pause slideshow'}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            {userPaused ? <path d="M7 4.5v15l12-7.5z" fill="currentColor" /> : <path d="M6 4h4v16H6zM14 4h4v16h-4z" fill="currentColor" />}
          </svg>
          <span aria-hidden="true">{userPaused ? 'Play' : 'Pause'}</span>
        </button>
      </div>
      <div aria-live={playing ? 'off' : 'polite'}>
        <Slider
          ref={slider}
          className="slides__slider"
          dots
          arrows
          infinite
          speed={SLIDE_SPEED_MS}
          autoplay
          autoplaySpeed={AUTOPLAY_SPEED_MS}
          pauseOnHover={false}
          pauseOnFocus={false}
          pauseOnDotsHover={false}
          // A press while a slide is still moving moves again instead of being dropped (as in the courses carousel).
          waitForAnimate={false}
          slidesToShow={1}
          slidesToScroll={1}
          adaptiveHeight={false}
          prevArrow={<Arrow direction="prev" />}
          nextArrow={<Arrow direction="next" />}
          beforeChange={(_from, to) => {
            current.current = to;
          }}
          dotsClass="slides__dots"
          appendDots={(dots) => <ul>{dots}</ul>}
          customPaging={(index) => (
            <button type="button" aria-label={`Show slide ${index + 1} of ${slides.length}`} aria-current={index === current.current ? 'true' : undefined}>
              <span className="slides__dot" aria-hidden="true" />
            </button>
          )}
        >
          {slides.map((slide, index) => (
            <div key={slide.title}>
              <article className="slide" aria-roledescription="slide" aria-label={`${index + 1} of ${slides.length}: ${slide.title}`}>
                <img className="slide__image" fetchPriority={index === 0 ? 'high' : 'low'} {...coverSources(slide.imageUrl, 'slide')} alt={`Illustration: ${slide.title}`} width={480} height={300} />
                <div className="slide__text">
                  <h2 className="slide__title">{slide.title}</h2>
                  <SafeHtml className="slide__description" html={slide.description} />
                  <p className="slide__source">@{slide.source}</p>
                </div>
              </article>
            </div>
          ))}
        </Slider>
      </div>
    </section>
  );
}
