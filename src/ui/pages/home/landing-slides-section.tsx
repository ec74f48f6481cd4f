/**
 * The landing slider: loads the slides, shows 'No slides available at the moment.' when there are none (or they
 * fail to load, which is logged), and only then pulls in the carousel itself (react-slick) as its own chunk.
 */
import { Suspense, useEffect } from 'react';
import { landingSlides } from '../../calls';
import { lazyPart } from '../../components/lazy-part';
import { EmptyState, LoadingFrame } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { useServices } from '../../services-context';

const carousel = lazyPart(() => import(/* webpackChunkName: "page-home-slides" */ './landing-slides-carousel'));
/** The carousel's code: the home page awaits it before it hydrates (home-page.tsx `ready`). */
export const loadSlidesCarousel = carousel.load;

/** The slider's frame at its loaded size (picture, text, dots), held while slides and carousel load: nothing jumps. */
function SliderFrame() {
  return (
    <LoadingFrame className="slides slides--pending" imageClass="slide__image" textClass="slide__text" label="Loading highlights...">
      <div className="slides__dots-room" />
    </LoadingFrame>
  );
}

export function LandingSlidesSection() {
  const { log } = useServices();
  const slides = useQuery(landingSlides);
  useEffect(() => {
    if (slides.status === 'error') log('landing slides failed', slides.error);
  }, [slides.status, slides.error, log]);

  if (slides.status === 'loading') return <SliderFrame />;
  const list = slides.status === 'success' ? slides.data.data.sliders : [];
  if (list.length === 0) return <EmptyState>No slides available at the moment.</EmptyState>;
  return (
    <Suspense fallback={<SliderFrame />}>
      <carousel.Part slides={list} />
    </Suspense>
  );
}
