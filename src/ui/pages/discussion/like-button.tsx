import { useState } from 'react';

/**
 * A toggle button: its name stays "Like" and aria-pressed says whether the member likes it; the count is visible. The
 * machine behind it shows a press at once and settles on the server's count.
 */
export function LikeButton({ liked, count, onToggle, subject, announce = true }: {
  liked: boolean;
  count: number;
  onToggle: () => void;
  /** What is liked, for screen readers: "Like post: Timber towers". */
  subject: string;
  /** Say the new count after a press (a comment's thread says it itself). */
  announce?: boolean;
}) {
  const [pressed, setPressed] = useState(false);
  return (
    <>
      <button type="button" className="chip-button" aria-pressed={liked} onClick={() => {
        setPressed(true);
        onToggle();
      }}>
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span> Like<span className="visually-hidden"> {subject}</span>
        <span className="chip-button__count" data-testid="like-count">
          {count}
        </span>
        <span className="visually-hidden">{count === 1 ? 'like' : 'likes'}</span>
      </button>
      {announce && (
        <span className="visually-hidden" role="status">
          {pressed ? `${liked ? 'Liked' : 'Like removed'}. ${count} ${count === 1 ? 'like' : 'likes'}` : ''}
        </span>
      )}
    </>
  );
}
