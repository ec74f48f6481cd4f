import { NotFound } from '../../components/not-found';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** Any path that is not a screen of the product says so plainly and offers the way home. */
export default function NotFoundPage({ onRender }: { onRender?: () => void }) {
  useDocumentTitle('Page not found');
  // The server's render hears that no page matched, and answers 404.
  onRender?.();
  return (
    <NotFound title="Page not found">
      <p>We could not find that page. Check the address, or start again from the home page.</p>
    </NotFound>
  );
}
