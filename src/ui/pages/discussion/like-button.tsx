import { useOptimisticLike } from './use-optimistic-like';

/** A toggle button: its name stays "Like" and aria-pressed says whether the member likes it; the count is visible. */
export function LikeButton({ liked, count, toggle, subject }: {
  liked: boolean;
  count: number;
  toggle: () => Promise<{ liked: boolean; likeCount: number }>;
  /** What is liked, for screen readers: "Like post: Timber towers". */
  subject: string;
}) {
  const like = useOptimisticLike({ liked, count }, toggle);
  return (
    <button type="button" className="chip-button" aria-pressed={like.liked} onClick={like.onToggle}>
      <span aria-hidden="true">{like.liked ? '♥' : '♡'}</span> Like<span className="visually-hidden"> {subject}</span>
      <span className="chip-button__count" data-testid="like-count">
        {like.count}
      </span>
      <span className="visually-hidden">{like.count === 1 ? 'like' : 'likes'}</span>
    </button>
  );
}
