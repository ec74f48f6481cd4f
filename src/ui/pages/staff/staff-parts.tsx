/** Small pieces the staff console's pages share: a pager of links (the page lives in the URL). */
import { Link } from 'wouter';

/** The page number a URL names (`?page=`), 1 when it names none or nonsense. */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** 'Previous' and 'Next' as links, so each page of a list can be opened, shared and drawn by the server. */
export function Pager({ page, hasNext, hrefOf, label }: { page: number; hasNext: boolean; hrefOf: (page: number) => string; label: string }) {
  if (page <= 1 && !hasNext) return null;
  return (
    <nav className="staff-pager" aria-label={label}>
      {page > 1 && (
        <Link className="button button--small" href={hrefOf(page - 1)}>
          Previous page
        </Link>
      )}
      <span>Page {page}</span>
      {hasNext && (
        <Link className="button button--small" href={hrefOf(page + 1)}>
          Next page
        </Link>
      )}
    </nav>
  );
}
