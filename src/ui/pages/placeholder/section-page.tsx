import { Link } from 'wouter';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { paths } from '../../routes';

/** A section whose screen is not built yet says so plainly and offers the way home. */
export default function SectionPage({ title, notFound = false }: { title: string; notFound?: boolean }) {
  useDocumentTitle(title);
  return (
    <section className="container page">
      <h1>{title}</h1>
      <p>{notFound ? 'We could not find that page.' : 'This section is being prepared.'}</p>
      <p>
        <Link href={paths.home}>Back to the home page</Link>
      </p>
    </section>
  );
}
