/**
 * Newsletters: title, description, published date, and 'Read Newsletter' opening the PDF in a new tab; an issue sent
 * from the staff console can also be read as a page here.
 */
import { Link } from 'wouter';
import { listNewsletters } from '../../calls';
import type { Newsletter } from '../../../domain/content';
import { formatUsDate } from '../../../domain/text';
import { LibraryListPage } from './library-list';

/** One Newsletter as its card shows it (also the editor's preview, ADR 167). */
export function NewsletterCard({ newsletter, titleId }: { newsletter: Newsletter; titleId: string }) {
  return (
    <div className="card__body">
      <h2 className="card__title" id={titleId}>
        {newsletter.title}
      </h2>
      <p className="card__meta">
        Published <time dateTime={newsletter.createdAt}>{formatUsDate(newsletter.createdAt)}</time>
      </p>
      <p className="library-card__text">{newsletter.description}</p>
      <a className="button library-card__action" href={newsletter.fileUrl} target="_blank" rel="noopener" aria-describedby={titleId}>
        Read Newsletter<span className="visually-hidden"> (PDF, opens in a new tab)</span>
      </a>
      {newsletter.pageUrl && (
        <Link className="library-card__page-link" href={newsletter.pageUrl} aria-describedby={titleId}>
          Read it here
        </Link>
      )}
    </div>
  );
}

export default function NewslettersPage() {
  return (
    <LibraryListPage
      call={listNewsletters}
      pick={(data) => data.newsletters}
      title="Newsletters"
      lead="Our monthly digest: new courses, upcoming workshops, research in brief and a practical tip."
      loadingLabel="Loading newsletters..."
      empty="No newsletters available"
      idPrefix="newsletter"
      testId="newsletter-card"
      card={(item, titleId) => <NewsletterCard newsletter={item} titleId={titleId} />}
    />
  );
}
