import { salesBanner } from '../../../contract/content';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { useServices } from '../../services-context';
import { useEffect } from 'react';

export default function HomePage() {
  useDocumentTitle('');
  const { log } = useServices();
  const banner = useQuery(salesBanner);
  useEffect(() => {
    if (banner.status === 'error') log('sales banner failed', banner.error);
  }, [banner.status, banner.error, log]);
  return (
    <>
      {banner.status === 'success' && (
        <p className="sales-banner" data-testid="sales-banner">
          {banner.data.data.text}
        </p>
      )}
      <section className="hero container">
        <h1>Learn to build a sustainable world</h1>
        <p className="hero__lead">
          Courses, articles, workshops, research and a community for architects, designers, planners and everyone shaping
          the built environment.
        </p>
      </section>
    </>
  );
}
