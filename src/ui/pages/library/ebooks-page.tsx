/** Ebooks: title, file name, size, upload date, and 'View' opening the PDF in a new tab. */
import { listEbooks } from '../../calls';
import type { Ebook } from '../../../domain/content';
import { formatUsDate } from '../../../domain/text';
import type { ReactNode } from 'react';
import { KeepOfflineButton } from '../offline/keep-offline-button';
import { formatFileSize, LibraryListPage } from './library-list';

/** One Ebook as its card shows it (also the editor's preview, ADR 167). */
export function EbookCard({ ebook, titleId, children }: { ebook: Ebook; titleId: string; children?: ReactNode }) {
  return (
    <div className="card__body">
      <span className="badge">eBook</span>
      <h2 className="card__title" id={titleId}>
        {ebook.title}
      </h2>
      <dl className="library-facts">
        <div>
          <dt>File</dt>
          <dd className="library-facts__file">{ebook.filename}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{formatFileSize(ebook.size)}</dd>
        </div>
        <div>
          <dt>Uploaded</dt>
          <dd>
            <time dateTime={ebook.createdAt}>{formatUsDate(ebook.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <a className="button button--primary library-card__action" href={ebook.fileUrl} target="_blank" rel="noopener" aria-describedby={titleId}>
        View<span className="visually-hidden"> (PDF, opens in a new tab)</span>
      </a>
      {children}
    </div>
  );
}

export default function EbooksPage() {
  return (
    <LibraryListPage
      call={listEbooks}
      pick={(data) => data.ebooks}
      title="eBooks"
      lead="In-depth guides to read on screen or print: practical, referenced and free for members."
      loadingLabel="Loading ebooks..."
      empty="No ebooks available"
      idPrefix="ebook"
      testId="ebook-card"
      card={(item, titleId) => (
        <EbookCard ebook={item} titleId={titleId}>
          <KeepOfflineButton request={{ kind: 'document', id: item.fileUrl, title: item.title, href: item.fileUrl }} />
        </EbookCard>
      )}
    />
  );
}
