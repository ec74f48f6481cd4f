/**
 * Home: sales banner, landing slider, courses carousel, latest articles, why choose us, plans, FAQ and feedback.
 * Each section loads on its own; a failing section logs its error and shows its empty state.
 */
import { useEffect } from 'react';
import { Link } from 'wouter';
import { salesBanner } from '../../calls';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import CoursesSection, { loadCoursesCarousel } from './courses-section';
import { Faq } from './faq';
import { FeedbackForm } from './feedback-form';
import { LandingSlidesSection, loadSlidesCarousel } from './landing-slides-section';
import { LatestArticles } from './latest-articles';
import { PricingPlans } from './pricing-plans';
import { WhyChooseUs } from './why-choose-us';
import '../../components/accordion.css';
import './home.css';

function SalesBanner() {
  const { log } = useServices();
  const banner = useQuery(salesBanner);
  useEffect(() => {
    if (banner.status === 'error') log('sales banner failed', banner.error);
  }, [banner.status, banner.error, log]);
  // While it loads, an empty band of the banner's size holds its place; a failed banner gives the room back.
  if (banner.status === 'loading') return <div className="sales-banner" aria-hidden="true" />;
  if (banner.status !== 'success') return null;
  return (
    <p className="sales-banner" data-testid="sales-banner">
      {banner.data.data.text}
    </p>
  );
}

/** The carousels' code, which the server draws with the page: loaded before the page hydrates, so it hydrates whole. */
export function ready(): Promise<unknown> {
  return Promise.all([loadSlidesCarousel(), loadCoursesCarousel()]);
}

export default function HomePage() {
  useDocumentTitle('');
  return (
    <>
      <SalesBanner />
      <section className="home-hero">
        <div className="container home-hero__grid">
          <div className="home-hero__intro">
            <p className="eyebrow">Learning for a sustainable built environment</p>
            <h1>Learn to design and build a sustainable world</h1>
            <p className="hero__lead">
              Courses, articles, workshops, research and a community for architects, designers, planners and everyone shaping
              the places we live in.
            </p>
            <div className="home-hero__actions">
              <Link href={paths.courses} className="button button--primary">
                Explore courses
              </Link>
              <Link href={paths.articles} className="button">
                Read articles
              </Link>
            </div>
          </div>
          <div className="home-hero__slider">
            <LandingSlidesSection />
          </div>
        </div>
      </section>
      <CoursesSection />
      <LatestArticles />
      <WhyChooseUs />
      <PricingPlans />
      <Faq />
      <FeedbackForm />
    </>
  );
}
