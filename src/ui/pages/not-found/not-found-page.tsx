import { Link } from 'wouter';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../routes';

/** Any path that is not a screen of the product says so plainly and offers the way home. */
export default function NotFoundPage({ onRender }: { onRender?: () => void }) {
  useDocumentTitle('Page not found');
  // The server's render hears that no page matched, and answers 404.
  onRender?.();
  return (
    <section className="container page">
      <h1>Page not found</h1>
      <p>We could not find that page.</p>
      <p>
        <Link href={paths.home}>Back to the home page</Link>
      </p>
    </section>
  );
}
