/**
 * Save a post or a comment to the member's bookmarks (issue 37 item 8): a toggle button, 'Save' or 'Saved' with
 * aria-pressed. The press shows at once and settles on the server's answer; a failure puts it back and says so.
 */
import { createContext, useContext, useState } from 'react';
import { toast } from 'sonner';
import { setBookmark } from '../../calls';
import { useServices } from '../../services-context';

/** What the member saved on this page (the post page fills it; elsewhere nothing is known, and no button shows). */
export interface SavedItems {
  discussion: boolean;
  comments: readonly string[];
}
export const SavedContext = createContext<SavedItems | null>(null);

export function BookmarkButton({ targetType, targetId, initiallySaved, subject }: {
  targetType: 'discussion' | 'comment';
  targetId: string;
  initiallySaved: boolean;
  /** What is saved, for screen readers: "post: Timber towers". */
  subject: string;
}) {
  const { api } = useServices();
  const [saved, setSaved] = useState(initiallySaved);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    const next = !saved;
    setSaved(next);
    setBusy(true);
    try {
      const answer = await setBookmark.use((call) => api.call(call, { body: { targetType, targetId, saved: next } }));
      setSaved(answer.saved);
    } catch {
      setSaved(!next);
      toast.error(next ? 'Could not save it. Please try again.' : 'Could not remove it from your bookmarks. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="chip-button" aria-pressed={saved} aria-disabled={busy || undefined} onClick={() => !busy && void toggle()}>
      {saved ? 'Saved' : 'Save'}
      <span className="visually-hidden"> {subject}</span>
    </button>
  );
}

/** A comment's Save button, when the page knows what the member saved. */
export function CommentBookmark({ id, subject }: { id: string; subject: string }) {
  const saved = useContext(SavedContext);
  if (!saved) return null;
  return <BookmarkButton targetType="comment" targetId={id} initiallySaved={saved.comments.includes(id)} subject={subject} />;
}
