/**
 * The landing slider: loads the slides, shows 'No slides available at the moment.' when there are none (or they
 * fail to load, which is logged), and only then pulls in the carousel itself (react-slick) as its own chunk.
 */
import { lazy, Suspense, useEffect } from 'react';
import { landingSlides } from '../../../contract/content';
import { EmptyState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { useServices } from '../../services-context';

const SlidesCarousel = lazy(() => import('./slides-carousel'));

export function LandingSlider() {
  const { log } = useServices();
  const slides = useQuery(landingSlides);
  useEffect(() => {
    if (slides.status === 'error') log('landing slides failed', slides.error);
  }, [slides.status, slides.error, log]);

  if (slides.status === 'loading') return <Spinner label="Loading highlights..." />;
  const list = slides.status === 'success' ? slides.data.data.sliders : [];
  if (list.length === 0) return <EmptyState>No slides available at the moment.</EmptyState>;
  return (
    <Suspense fallback={<Spinner label="Loading highlights..." />}>
      <SlidesCarousel slides={list} />
    </Suspense>
  );
}
