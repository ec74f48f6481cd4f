import { Link } from 'wouter';
import { type ArticleSummary, categoryLabel } from '../../../domain/content';
import { paths } from '../../routes';
import { coverSources } from '../../components/picture-sources';

/** An article in a category list: image, 'Article' badge, title, read time and a link. */
export function ArticleCard({ article }: { article: ArticleSummary }) {
  return (
    <li className="card article-card">
      <img className="article-card__image" {...coverSources(article.imageUrl, 'card')} alt={`${categoryLabel(article.category)} illustration`} width={800} height={450} loading="lazy" />
      <div className="card__body">
        <span className="badge">Article</span>
        <h3 className="card__title">{article.title}</h3>
        <p className="card__meta">
          {article.author} · {article.readTime} min read
        </p>
        <p className="article-card__description">{article.description}</p>
        <Link href={paths.article(article._id)} className="read-link">
          Read Here<span className="visually-hidden">: {article.title}</span>
        </Link>
      </div>
    </li>
  );
}
