/** Up to 6 latest articles with 100-character teasers and 'Read Here'; failures are logged and show the empty state. */
import { useEffect } from 'react';
import { Link } from 'wouter';
import { listArticles } from '../../calls';
import { type Article, categoryLabel } from '../../../domain/content';
import { ARTICLE_TEASER_LENGTH, stripHtml, truncate } from '../../../domain/text';
import { EmptyState, Spinner } from '../../components/states';
import { type QueryView, useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import { coverSources } from '../../components/picture-sources';

export const HOME_ARTICLE_LIMIT = 6;

/** The first 100 characters of the article's text (headings left out, so the teaser reads as a sentence) plus '...'. */
function teaser(html: string): string {
  const text = stripHtml(html.replace(/<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>/gi, ' '));
  return truncate(text, ARTICLE_TEASER_LENGTH).replace(/\s+\.\.\.$/, '...');
}

/** What a teaser shows of an article: the page carries these, not each article's whole body. */
const TEASERS: QueryView<{ articles: Article[] }, { articles: ArticleTeaser[] }> = {
  name: 'teasers',
  select: ({ articles }) => ({
    articles: articles.slice(0, HOME_ARTICLE_LIMIT).map((a) => ({ _id: a._id, title: a.title, imageUrl: a.imageUrl, category: a.category, teaser: teaser(a.content) })),
  }),
};

interface ArticleTeaser extends Pick<Article, '_id' | 'title' | 'imageUrl' | 'category'> {
  teaser: string;
}

export function LatestArticles() {
  const { log } = useServices();
  const articles = useQuery(listArticles, { query: { limit: HOME_ARTICLE_LIMIT } }, {}, TEASERS);
  useEffect(() => {
    if (articles.status === 'error') log('latest articles failed', articles.error);
  }, [articles.status, articles.error, log]);

  return (
    <section className="home-section container" aria-labelledby="latest-articles">
      <div className="home-section__head">
        <div>
          <p className="eyebrow">From the journal</p>
          <h2 id="latest-articles">Latest articles</h2>
        </div>
        <Link href={paths.articles} className="button">
          All articles
        </Link>
      </div>
      {articles.status === 'loading' ? (
        <Spinner label="Loading articles..." />
      ) : articles.status === 'success' && articles.data.articles.length > 0 ? (
        <ul className="grid article-teasers">
          {articles.data.articles.map((article) => (
            <li key={article._id} className="card article-teaser">
              <img className="article-teaser__image" {...coverSources(article.imageUrl, 'card')} alt={`${categoryLabel(article.category)} illustration`} width={800} height={450} loading="lazy" />
              <div className="card__body">
                <span className="badge">{categoryLabel(article.category)}</span>
                <h3 className="card__title">{article.title}</h3>
                <p className="article-teaser__text">{article.teaser}</p>
                <Link href={paths.article(article._id)} className="read-link">
                  Read Here<span className="visually-hidden">: {article.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>No articles available at the moment. Please check back later.</EmptyState>
      )}
    </section>
  );
}
