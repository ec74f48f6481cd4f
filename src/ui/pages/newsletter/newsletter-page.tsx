/** A sent newsletter as a page (members, like /newsletters; ADR 139), with its PDF. */
import { Link, useParams } from 'wouter';
import { formatUsDate } from '../../../domain/text';
import { publishedIssue } from '../../calls';
import { SafeHtml } from '../../components/safe-html';
import { ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import './newsletter.css';

export default function NewsletterPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const answer = useQuery(publishedIssue, { params: { slug } });
  useDocumentTitle(answer.status === 'success' ? answer.data.newsletter.title : 'Newsletter');
  if (answer.status === 'loading') return <Spinner label="Loading newsletter..." />;
  if (answer.status === 'error') {
    return (
      <section className="container page">
        <h1>Newsletter</h1>
        <ErrorState error={answer.error} />
      </section>
    );
  }
  const { newsletter } = answer.data;
  return (
    <article className="container page newsletter-single" aria-labelledby="newsletter-title">
      <p>
        <Link href={paths.newsletters}>All newsletters</Link>
      </p>
      <h1 id="newsletter-title">{newsletter.title}</h1>
      <p className="card__meta">
        Published <time dateTime={newsletter.publishedAt}>{formatUsDate(newsletter.publishedAt)}</time>
      </p>
      <SafeHtml className="newsletter-body rich-text" html={newsletter.html} />
      <p>
        <a className="button" href={newsletter.fileUrl} target="_blank" rel="noopener">
          Read Newsletter<span className="visually-hidden"> (PDF, opens in a new tab)</span>
        </a>
      </p>
    </article>
  );
}
