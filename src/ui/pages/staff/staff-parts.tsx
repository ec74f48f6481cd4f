/** Small pieces the staff console's pages share: a pager of links (the page lives in the URL) and a role checkbox. */
import type { ReactNode } from 'react';
import { Checkbox } from 'react-aria-components';
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

export function StaffCheckbox({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Checkbox className="staff-checkbox" value={value}>
      {({ isSelected }) => (
        <>
          <span className="staff-checkbox__box" aria-hidden="true">
            {isSelected && (
              <svg viewBox="0 0 18 18" aria-hidden="true" focusable="false">
                <polyline points="2 9 7 14 16 4" />
              </svg>
            )}
          </span>
          {children}
        </>
      )}
    </Checkbox>
  );
}
