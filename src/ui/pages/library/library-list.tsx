/** The shared frame of the library pages: one h1, then a spinner, 'Error: ' plus the message, the empty text or the list. */
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import type { QueryState } from '../../hooks/use-query';
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
