/** Ebooks: title, file name, size, upload date, and 'View' opening the PDF in a new tab. */
import { listEbooks } from '../../../contract/content';
import { formatUsDate } from '../../../domain/text';
import { useQuery } from '../../hooks/use-query';
import { formatFileSize, LibraryPage, listOf } from './library-list';

export default function EbooksPage() {
  const result = listOf(useQuery(listEbooks), (data) => data.ebooks);
  return (
    <LibraryPage
      title="eBooks"
      lead="In-depth guides to read on screen or print: practical, referenced and free for members."
      loadingLabel="Loading ebooks..."
      result={result}
      empty="No ebooks available"
    >
      {(ebooks) => (
        <ul className="grid library-grid">
          {ebooks.map((ebook) => {
            const titleId = `ebook-${ebook._id}`;
            return (
              <li key={ebook._id} className="card library-card" data-testid="ebook-card">
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
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </LibraryPage>
  );
}
