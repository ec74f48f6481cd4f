/** Research papers: category, title, description, published date, and 'Download PDF'. */
import { listResearchPapers } from '../../../contract/content';
import { categoryLabel } from '../../../domain/content';
import { formatUsDate } from '../../../domain/text';
import { useQuery } from '../../hooks/use-query';
import { LibraryPage, listOf } from './library-list';

export default function ResearchPapersPage() {
  const result = listOf(useQuery(listResearchPapers), (data) => data.researchPapers);
  return (
    <LibraryPage
      title="Research Papers"
      lead="Reviews of the evidence behind sustainable design, with methods and references."
      loadingLabel="Loading research papers..."
      result={result}
      empty="No Research Papers available"
    >
      {(papers) => (
        <ul className="library-rows">
          {papers.map((paper) => {
            const titleId = `paper-${paper._id}`;
            return (
              <li key={paper._id} className="card library-row" data-testid="paper-card">
                <div className="card__body">
                  <span className="badge">{categoryLabel(paper.category)}</span>
                  <h2 className="card__title" id={titleId}>
                    {paper.title}
                  </h2>
                  <p className="library-card__text">{paper.description}</p>
                  <p className="card__meta">
                    Published <time dateTime={paper.createdAt}>{formatUsDate(paper.createdAt)}</time>
                  </p>
                  <a className="button library-card__action" href={paper.fileUrl} download={`${paper.fileUrl.split('/').pop()}`} aria-describedby={titleId}>
                    Download PDF
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
