/**
 * A like toggle that shows its result at once and settles on the server's answer; on failure it rolls back and the
 * error is only logged (spec section 8). The count shown after the answer is the database's count.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useServices } from '../../services-context';

export interface LikeView {
  liked: boolean;
  count: number;
}

export function useOptimisticLike(server: LikeView, toggle: () => Promise<{ liked: boolean; likeCount: number }>) {
  const { log } = useServices();
  const [shown, setShown] = useState<LikeView | null>(null);
  const busy = useRef(false);

  // Fresh data from the server replaces whatever this hook was showing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server's values change
  useEffect(() => {
    setShown(null);
  }, [server.liked, server.count]);

  const current = shown ?? server;

  const onToggle = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    const before = current;
    setShown({ liked: !before.liked, count: Math.max(0, before.count + (before.liked ? -1 : 1)) });
    try {
      const answer = await toggle();
      setShown({ liked: answer.liked, count: answer.likeCount });
    } catch (error) {
      setShown(before);
      log('like failed', error);
    } finally {
      busy.current = false;
    }
  }, [current, toggle, log]);

  return { ...current, onToggle };
}
