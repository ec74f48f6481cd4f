/**
 * A toggle button: its name stays "Like" and aria-pressed says whether the member likes it; the count is visible. The
 * machine behind it shows a press at once and settles on the server's count.
 */
export function LikeButton({ liked, count, onToggle, subject }: {
  liked: boolean;
  count: number;
  onToggle: () => void;
  /** What is liked, for screen readers: "Like post: Timber towers". */
  subject: string;
}) {
  return (
    <button type="button" className="chip-button" aria-pressed={liked} onClick={onToggle}>
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span> Like<span className="visually-hidden"> {subject}</span>
      <span className="chip-button__count" data-testid="like-count">
        {count}
      </span>
      <span className="visually-hidden">{count === 1 ? 'like' : 'likes'}</span>
    </button>
  );
}
