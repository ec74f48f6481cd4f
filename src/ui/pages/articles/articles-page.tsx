/**
 * Articles: the featured article hero, then the seven categories as tabs (the first selected at start; the choice is
 * kept in the address so Back returns to it), each listing its articles or 'No articles found in this category'.
 */
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiError } from '../../../application/api-error';
import { articlesByCategory, featuredArticle } from '../../calls';
import { type Article, type ArticleSummary, articleSummary, CONTENT_CATEGORIES, type ContentCategory, categoryLabel, isContentCategory } from '../../../domain/content';
import { EmptyState, ErrorState, LoadingFrame, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { type QueryView, useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { ArticleCard } from './article-card';
import { PageIntro } from '../../components/page-intro';
import './articles.css';
import { coverSources } from '../../components/picture-sources';

/** The hero and the cards show no article's body: the page carries the articles without it. */
const FEATURED: QueryView<{ article: Article }, { article: ArticleSummary }> = {
  name: 'summary',
  select: ({ article }) => ({ article: articleSummary(article) }),
};
const CARDS: QueryView<{ articles: Article[] }, { articles: ArticleSummary[] }> = {
  name: 'summaries',
  select: ({ articles }) => ({ articles: articles.map(articleSummary) }),
};

function FeaturedArticle() {
  const featured = useQuery(featuredArticle, {}, {}, FEATURED);
  if (featured.status === 'loading') {
    // The hero's frame holds its place while the article loads, so the categories below never jump.
    return (
      <LoadingFrame className="featured featured--pending" imageClass="featured__image" textClass="featured__text"
        label="Loading the featured article..." />
    );
  }
  if (featured.status === 'error') {
    // No article at all yet: the tabs below say so; there is nothing to feature.
    if (featured.error instanceof ApiError && featured.error.status === 404) return null;
    return <ErrorState error={featured.error} />;
  }
  const { article } = featured.data;
  return (
    <section className="featured" aria-labelledby="featured-title">
      <img className="featured__image" fetchPriority="high" {...coverSources(article.imageUrl, 'featured')} alt={`${categoryLabel(article.category)} illustration`} width={800} height={450} />
      <div className="featured__text">
        <p className="featured__label">
          <span className="visually-hidden">Featured article in </span>
          {categoryLabel(article.category)}
        </p>
        <h2 id="featured-title" className="featured__title">
          {article.title}
        </h2>
        <p className="featured__meta">
          <span>By {article.author}</span>
          <span aria-hidden="true"> · </span>
          <span>{article.readTime} min read</span>
        </p>
        <p className="featured__description">{article.description}</p>
        <Link href={paths.article(article._id)} className="button button--primary">
          Read Here<span className="visually-hidden">: {article.title}</span>
        </Link>
      </div>
    </section>
  );
}

function CategoryArticles({ category }: { category: ContentCategory }) {
  const articles = useQuery(articlesByCategory, { params: { category } }, {}, CARDS);
  if (articles.status === 'loading') return <Spinner label="Loading articles..." />;
  if (articles.status === 'error') return <ErrorState error={articles.error} />;
  if (articles.data.articles.length === 0) return <EmptyState>No articles found in this category</EmptyState>;
  return (
    <ul className="grid article-cards">
      {articles.data.articles.map((article) => (
        <ArticleCard key={article._id} article={article} />
      ))}
    </ul>
  );
}

export default function ArticlesPage() {
  useDocumentTitle('Articles');
  const [location, navigate] = useLocation();
  const requested = new URLSearchParams(useSearch()).get('category');
  const selected: ContentCategory = isContentCategory(requested) ? requested : CONTENT_CATEGORIES[0].id;

  return (
    <div className="articles-page">
      <PageIntro
        eyebrow="Articles and blogs"
        title="Articles"
        lead="Practical writing on carbon, energy, materials, nature and the Sustainable Development Goals, by people who design and build."
      />
      <div className="container">
        <FeaturedArticle />
        <section className="categories" aria-labelledby="categories-heading">
          <h2 id="categories-heading">Browse by category</h2>
          <Tabs
            selectedKey={selected}
            onSelectionChange={(key) => navigate(`${location}?category=${String(key)}`, { replace: true })}
          >
            <TabList aria-label="Article categories" className="tabs__list">
              {CONTENT_CATEGORIES.map((c) => (
                <Tab key={c.id} id={c.id} className="tabs__tab">
                  {c.label}
                </Tab>
              ))}
            </TabList>
            {CONTENT_CATEGORIES.map((c) => (
              <TabPanel key={c.id} id={c.id} className="tabs__panel">
                <CategoryArticles category={c.id} />
              </TabPanel>
            ))}
          </Tabs>
        </section>
      </div>
    </div>
  );
}
