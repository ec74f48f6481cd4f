/**
 * The member's bookmarks (issue 37 item 8): the posts and comments they saved, newest saved first, each linking to the
 * post's page (a comment to its place there). Members only: the route sends visitors to sign in.
 */
import { Link } from 'wouter';
import { formatUsDate } from '../../../domain/text';
import { listBookmarks } from '../../calls';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import '../discussion/discussion.css';

export default function BookmarksPage() {
  useDocumentTitle('Bookmarks');
  const answer = useQuery(listBookmarks);
  return (
    <section className="container page bookmarks-page">
      <h1>Bookmarks</h1>
      <p className="discussion-page__lead">The posts and comments you saved with Save, newest first.</p>
      {answer.status === 'loading' && <Spinner label="Loading bookmarks..." />}
      {answer.status === 'error' && <ErrorState error={answer.error} />}
      {answer.status === 'success' && answer.data.bookmarks.length === 0 && (
        <EmptyState>
          Nothing saved yet. Press Save on a post or a comment in the <Link href={paths.discussion}>discussions</Link> to find it here again.
        </EmptyState>
      )}
      {answer.status === 'success' && answer.data.bookmarks.length > 0 && (
        <ul className="bookmark-list" aria-label="Saved posts and comments">
          {answer.data.bookmarks.map((item) => (
            <li key={`${item.targetType}-${item.targetId}`} className="card bookmark">
              <div className="card__body">
                <p className="card__meta">
                  {item.targetType === 'comment' ? `Comment by ${item.authorName}` : `Post by ${item.authorName}`}
                  {' · saved '}
                  <time dateTime={item.savedAt}>{formatUsDate(item.savedAt)}</time>
                </p>
                <h2 className="bookmark__title">
                  <Link href={paths.discussionPost(item.discussionId, item.targetType === 'comment' ? item.targetId : undefined)}>
                    {item.targetType === 'comment' ? `On: ${item.title}` : item.title}
                  </Link>
                </h2>
                {item.excerpt && <p className="bookmark__excerpt">{item.excerpt}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
