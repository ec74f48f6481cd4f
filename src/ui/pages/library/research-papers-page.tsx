/** Research papers: category, title, description, published date, and 'Download PDF'. */
import type { ReactNode } from 'react';
import { KeepOfflineButton } from '../offline/keep-offline-button';
import { listResearchPapers } from '../../calls';
import { categoryLabel, type ResearchPaper } from '../../../domain/content';
import { formatUsDate } from '../../../domain/text';
import { LibraryListPage } from './library-list';

/** One ResearchPaper as its card shows it (also the editor's preview, ADR 167). */
export function ResearchPaperCard({ paper, titleId, children }: { paper: ResearchPaper; titleId: string; children?: ReactNode }) {
  return (
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
      {children}
    </div>
  );
}

export default function ResearchPapersPage() {
  return (
    <LibraryListPage
      call={listResearchPapers}
      pick={(data) => data.researchPapers}
      title="Research Papers"
      lead="Reviews of the evidence behind sustainable design, with methods and references."
      loadingLabel="Loading research papers..."
      empty="No Research Papers available"
      idPrefix="paper"
      testId="paper-card"
      card={(item, titleId) => (
        <ResearchPaperCard paper={item} titleId={titleId}>
          <KeepOfflineButton request={{ kind: 'document', id: item.fileUrl, title: item.title, href: item.fileUrl }} />
        </ResearchPaperCard>
      )}
    />
  );
}
