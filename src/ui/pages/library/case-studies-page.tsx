/**
 * Case studies: the featured one as a hero, the others as cards. A teaching composite says so on its hero or card
 * (ADR 153), not only inside its document. 'Read Here' opens the PDF in the shared accessible
 * document modal; Escape or the close button closes it and focus returns to the button that opened it.
 */
import { useEffect, useRef, useState } from 'react';
import { featuredCaseStudy, listCaseStudies } from '../../calls';
import { type CaseStudy, ILLUSTRATIVE_LABEL } from '../../../domain/content';
import { DocumentModal } from '../../components/document-modal';
import { useQuery } from '../../hooks/use-query';
import { useServices } from '../../services-context';
import { LibraryPage, listOf } from './library-list';
import { coverSources } from '../../components/picture-sources';

function ReadButton({ study, onRead, primary = false }: { study: CaseStudy; onRead: (study: CaseStudy, button: HTMLElement) => void; primary?: boolean }) {
  return (
    <button
      type="button"
      className={`button${primary ? ' button--primary' : ''} library-card__action`}
      aria-describedby={`case-study-${study._id}`}
      aria-haspopup="dialog"
      onClick={(event) => onRead(study, event.currentTarget)}
    >
      Read Here
    </button>
  );
}

/** The visible mark of a composite written to teach: it describes no one real project. */
function IllustrativeLabel({ study }: { study: CaseStudy }) {
  return study.illustrative ? <span className="badge badge--illustrative" data-testid="illustrative-label">{ILLUSTRATIVE_LABEL}</span> : null;
}

/** One case study's card in the list (also the editor's preview, ADR 167). */
export function CaseStudyCard({ study, onRead }: { study: CaseStudy; onRead: (study: CaseStudy, button: HTMLElement) => void }) {
  return (
    <>
      <img className="library-card__image" {...coverSources(study.imageUrl, 'card')} alt={`Illustration: ${study.title}`} width={800} height={450} loading="lazy" />
      <div className="card__body">
        <h3 className="card__title" id={`case-study-${study._id}`}>
          {study.title}
        </h3>
        <IllustrativeLabel study={study} />
        <p className="library-card__text">{study.description}</p>
        <ReadButton study={study} onRead={onRead} />
      </div>
    </>
  );
}

export function FeaturedCaseStudy({ study, onRead }: { study: CaseStudy; onRead: (study: CaseStudy, button: HTMLElement) => void }) {
  return (
    <section className="case-hero" aria-labelledby={`case-study-${study._id}`} data-testid="featured-case-study">
      <img className="case-hero__image" fetchPriority="high" {...coverSources(study.imageUrl, 'featured')} alt={`Illustration: ${study.title}`} width={800} height={450} />
      <div className="case-hero__text">
        <span className="badge">Featured case study</span>
        <h2 id={`case-study-${study._id}`}>{study.title}</h2>
        <IllustrativeLabel study={study} />
        <p>{study.description}</p>
        <ReadButton study={study} onRead={onRead} primary />
      </div>
    </section>
  );
}

export default function CaseStudiesPage() {
  const { log } = useServices();
  const list = useQuery(listCaseStudies);
  const featured = useQuery(featuredCaseStudy);
  const [reading, setReading] = useState<CaseStudy | null>(null);
  // Radix returns focus only to a Dialog.Trigger; this modal is opened by any of several buttons, so the page
  // remembers which one and focuses it again once the dialog has closed.
  const opener = useRef<HTMLElement | null>(null);
  const read = (study: CaseStudy, button: HTMLElement) => {
    opener.current = button;
    setReading(study);
  };
  useEffect(() => {
    // Without a hero the cards still show every case study, so a failed hero is only logged.
    if (featured.status === 'error') log('featured case study failed', featured.error);
  }, [featured.status, featured.error, log]);
  const hero = featured.status === 'success' ? featured.data.caseStudy : null;

  return (
    <>
      <LibraryPage
        title="Case Studies"
        lead={`How projects cut carbon, restored nature and kept materials in use: what was done, what it achieved and what others can learn. A case study marked '${ILLUSTRATIVE_LABEL}' draws on many real projects and describes none of them.`}
        loadingLabel="Loading case studies..."
        result={listOf(list, (data) => data.caseStudies)}
        empty="No case studies available"
        before={hero && <FeaturedCaseStudy study={hero} onRead={read} />}
      >
        {(studies) => {
          const others = studies.filter((s) => s._id !== hero?._id);
          return others.length === 0 ? null : (
            <section aria-labelledby="more-case-studies" className="library-more">
              <h2 id="more-case-studies">{hero ? 'More case studies' : 'All case studies'}</h2>
              <ul className="grid library-grid">
                {others.map((study) => (
                  <li key={study._id} className="card library-card" data-testid="case-study-card">
                    <CaseStudyCard study={study} onRead={read} />
                  </li>
                ))}
              </ul>
            </section>
          );
        }}
      </LibraryPage>
      <DocumentModal
        title={reading?.title ?? ''}
        url={reading?.documentUrl ?? ''}
        open={reading !== null}
        onOpenChange={(open) => {
          if (open) return;
          setReading(null);
          const button = opener.current;
          requestAnimationFrame(() => button?.focus());
        }}
      />
    </>
  );
}
