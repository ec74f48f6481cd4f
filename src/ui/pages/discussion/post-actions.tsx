/** A post page's Like and, for its author, Delete (the feed's own go through its machine). */
import { useState } from 'react';
import { toast } from 'sonner';
import { type Discussion, isAuthor } from '../../../domain/discussion';
import { deleteDiscussion, likeDiscussion } from '../../calls';
import { useServices } from '../../services-context';
import { ConfirmDelete } from './confirm-delete';
import { DISCUSSION_DELETE_QUESTION } from './discussion-card';
import { LikeButton } from './like-button';

export function PostActions({ post, userId, subject, onDeleted }: { post: Discussion; userId: string; subject: string; onDeleted: () => void }) {
  const { api } = useServices();
  const [like, setLike] = useState({ liked: post.likes.includes(userId), count: post.likeCount });
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    const before = like;
    setLike({ liked: !before.liked, count: Math.max(0, before.count + (before.liked ? -1 : 1)) });
    try {
      const answer = await likeDiscussion.use((call) => api.call(call, { params: { id: post._id } }));
      setLike({ liked: answer.liked, count: answer.likeCount });
    } catch {
      setLike(before);
      toast.error('Your like could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await deleteDiscussion.use((call) => api.call(call, { params: { id: post._id } }));
      toast.success('Discussion deleted');
      onDeleted();
    } catch {
      toast.error('The discussion could not be deleted. Please try again.');
    }
  };
  return (
    <>
      <LikeButton liked={like.liked} count={like.count} onToggle={() => void toggle()} subject={subject} />
      {isAuthor(userId, post) && <ConfirmDelete question={DISCUSSION_DELETE_QUESTION} subject={subject} onConfirm={() => void remove()} />}
    </>
  );
}
