/**
 * One article: category, title, author, read time, date, image, description and the HTML body (through DOMPurify), and
 * its own quiz at the end when it has one (ADR 176).
 */
import type { ReactNode } from 'react';
import { KeepOfflineButton } from '../offline/keep-offline-button';
import { Link, useParams } from 'wouter';
import { ApiError } from '../../../application/api-error';
import { getArticle } from '../../calls';
import type { Article } from '../../../domain/content';
import { categoryLabel } from '../../../domain/content';
import { formatUsDate } from '../../../domain/text';
import { NotFound } from '../../components/not-found';
import { SafeHtml } from '../../components/safe-html';
import { ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import './articles.css';
import { ArticleQuizSection } from './article-quiz';
import { coverSources } from '../../components/picture-sources';

function BackLink() {
  return (
    <Link href={paths.articles} className="back-link">
      <span aria-hidden="true">← </span>All articles
    </Link>
  );
}

export default function ArticlePage() {
  const { id = '' } = useParams<{ id: string }>();
  const article = useQuery(getArticle, { params: { id } });
  const missing = article.status === 'error' && article.error instanceof ApiError && article.error.status === 404;
  useDocumentTitle(article.status === 'success' ? article.data.article.title : missing ? 'Article not found' : 'Article');

  if (article.status === 'loading') return <Spinner label="Loading the article..." />;
  if (article.status === 'error') {
    if (missing) {
      return (
        <NotFound title="Article not found" nearest={{ href: paths.articles, label: 'Browse the articles' }}>
          <p>The article may have been moved or removed. Browse the latest articles instead.</p>
        </NotFound>
      );
    }
    return (
      <div className="container article-page">
        <BackLink />
        <h1>Article</h1>
        <ErrorState error={article.error} />
      </div>
    );
  }
  const a = article.data.article;
  return (
    <ArticleView article={a} actions={<KeepOfflineButton request={{ kind: 'article', id: a._id, title: a.title, href: paths.article(a._id) }} />}
      quiz={a.quiz && <ArticleQuizSection articleId={a._id} quiz={a.quiz} />} />
  );
}

/** The article as its page draws it: also drawn by the staff's preview (issue 38), from fields not yet published. */
export function ArticleView({ article: a, actions, quiz }: { article: Article; actions?: ReactNode; quiz?: ReactNode }) {
  return (
    <article className="container article-page">
      <BackLink />
      <header className="article-page__header">
        <Link href={`${paths.articles}?category=${a.category}`} className="badge article-page__category">
          {categoryLabel(a.category)}
        </Link>
        <h1>{a.title}</h1>
        <p className="article-page__meta">
          <span>By {a.author}</span>
          <span aria-hidden="true">·</span>
          <span>{a.readTime} min read</span>
          <span aria-hidden="true">·</span>
          <time dateTime={a.createdAt}>{formatUsDate(a.createdAt)}</time>
        </p>
        {actions}
      </header>
      <img className="article-page__image" fetchPriority="high" {...coverSources(a.imageUrl, 'page')} alt={`${categoryLabel(a.category)} illustration`} width={800} height={450} />
      <p className="article-page__description">{a.description}</p>
      <SafeHtml className="prose" html={a.content} profile="article" />
      {quiz}
      <footer className="article-page__footer">
        <BackLink />
      </footer>
    </article>
  );
}
