/** The shared frame of the library pages: one h1, then a spinner, 'Error: ' plus the message, the empty text or the list. */
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import type { Call, ResponseOf } from '../../../contract/define';
import type { CallRef } from '../../calls';
import { type QueryState, useQuery } from '../../hooks/use-query';
import { useDocumentTitle } from '../../hooks/use-document-title';
import './library.css';

interface LibraryPageProps<T> {
  title: string;
  lead: string;
  loadingLabel: string;
  result: QueryState<T[]>;
  empty: string;
  children: (items: T[]) => ReactNode;
  /** Shown above the list once it has loaded (the featured case study). */
  before?: ReactNode;
}

export function LibraryPage<T>({ title, lead, loadingLabel, result, empty, children, before }: LibraryPageProps<T>) {
  useDocumentTitle(title);
  return (
    <div className="container page library-page">
      <header className="library-header">
        <p className="library-eyebrow">Learning library</p>
        <h1>{title}</h1>
        <p className="library-lead">{lead}</p>
      </header>
      {result.status === 'loading' ? (
        <Spinner label={loadingLabel} />
      ) : result.status === 'error' ? (
        <ErrorState error={result.error} />
      ) : result.data.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          {before}
          {children(result.data)}
        </>
      )}
    </div>
  );
}

/**
 * A library page whose list is one call's answer shown as a grid of cards (workshops, ebooks, research papers,
 * newsletters): each card gets an id for its title, which its action names with aria-describedby.
 */
export function LibraryListPage<C extends Call, T extends { _id: string }>({ call, pick, idPrefix, testId, card, ...page }: {
  call: CallRef<C>;
  pick: (answer: ResponseOf<C>) => T[];
  title: string;
  lead: string;
  loadingLabel: string;
  empty: string;
  /** Prefix of each card title's id. */
  idPrefix: string;
  testId: string;
  card: (item: T, titleId: string) => ReactNode;
}) {
  const result = listOf(useQuery(call), pick);
  return (
    <LibraryPage {...page} result={result}>
      {(items) => (
        <ul className="grid library-grid">
          {items.map((item) => (
            <li key={item._id} className="card library-card" data-testid={testId}>
              {card(item, `${idPrefix}-${item._id}`)}
            </li>
          ))}
        </ul>
      )}
    </LibraryPage>
  );
}

/** A query's answer narrowed to the list the page shows. */
export function listOf<R, T>(state: QueryState<R>, pick: (data: R) => T[]): QueryState<T[]> {
  return state.status === 'success' ? { status: 'success', data: pick(state.data), error: undefined } : state;
}

/** Sizes in the units people read: 843 KB, 1.2 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
