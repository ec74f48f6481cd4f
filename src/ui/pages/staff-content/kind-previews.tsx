/**
 * What 'Preview' draws for each kind (issue 38 item 4, ADR 167): the public page's own view of the item, from the
 * preview call's data, which the server gives in that page's shape. An article is its page; a library document is its
 * card in the library (a case study its hero when featured); a slide is the landing carousel's slide; the banner is
 * the home page's band.
 */
import type { ReactNode } from 'react';
import type { AuthoringKind } from '../../../domain/authoring';
import type { Article, CaseStudy, Ebook, Newsletter, ResearchPaper, Slide } from '../../../domain/content';
import { SafeHtml } from '../../components/safe-html';
import { CoursePreview, WorkshopPreview } from './series-course-previews';
import { ArticleView } from '../articles/article-page';
import { CaseStudyCard, FeaturedCaseStudy } from '../library/case-studies-page';
import { EbookCard } from '../library/ebooks-page';
import { NewsletterCard } from '../library/newsletters-page';
import { ResearchPaperCard } from '../library/research-papers-page';
import '../home/home.css';
import '../library/library.css';

type Page = Record<string, unknown>;

/** A library card, in the library's grid of one. */
function Card({ children }: { children: ReactNode }) {
  return (
    <div className="container page library-page">
      <ul className="grid library-grid">
        <li className="card library-card">{children}</li>
      </ul>
    </div>
  );
}

/** The case study's PDF opens in a new tab here; on the page it opens in the document dialog. */
const openPdf = (study: CaseStudy) => window.open(study.documentUrl, '_blank', 'noopener');

function SlidePreview({ slide }: { slide: Slide }) {
  return (
    <article className="slide" aria-roledescription="slide" aria-label={`Preview: ${slide.title}`}>
      <img className="slide__image" src={slide.imageUrl} alt={`Illustration: ${slide.title}`} width={480} height={300} />
      <div className="slide__text">
        <h2 className="slide__title">{slide.title}</h2>
        <SafeHtml className="slide__description" html={slide.description} />
        <p className="slide__source">@{slide.source}</p>
      </div>
    </article>
  );
}

export const KIND_PREVIEWS: Partial<Record<AuthoringKind, (page: Page) => ReactNode>> = {
  articles: (page) => <ArticleView article={page as unknown as Article} />,
  ebooks: (page) => <Card><EbookCard ebook={page as unknown as Ebook} titleId="preview-title" /></Card>,
  'research-papers': (page) => <Card><ResearchPaperCard paper={page as unknown as ResearchPaper} titleId="preview-title" /></Card>,
  newsletters: (page) => <Card><NewsletterCard newsletter={page as unknown as Newsletter} titleId="preview-title" /></Card>,
  'case-studies': (page) => {
    const study = page as unknown as CaseStudy;
    return study.featured ? <FeaturedCaseStudy study={study} onRead={openPdf} /> : <Card><CaseStudyCard study={study} onRead={openPdf} /></Card>;
  },
  slides: (page) => <SlidePreview slide={page as unknown as Slide} />,
  banner: (page) => <p className="sales-banner">{String(page.text ?? '')}</p>,
  workshops: (page) => <WorkshopPreview page={page as never} />,
  courses: (page) => <CoursePreview page={page as never} />,
};
