/**
 * Arriving at `#comment-{id}` (a notification, a bookmark, a shared link): once that comment is in the thread, it is
 * scrolled to, focused and marked. A long thread renders in slices, so the comment may come a few frames after the
 * thread: the thread is watched until it does. A later change of the hash on the same page does the same.
 */
import { useEffect } from 'react';

export const TARGET_CLASS = 'comment__body--target';
const ANCHOR = /^#comment-[0-9a-f-]{1,64}$/i;

function reveal(element: HTMLElement) {
  for (const old of document.querySelectorAll(`.${TARGET_CLASS}`)) old.classList.remove(TARGET_CLASS);
  element.classList.add(TARGET_CLASS);
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'center' });
}

/** Watches the thread whose element has id `threadId` for the comment the URL's hash names. */
export function useCommentTarget(threadId: string) {
  useEffect(() => {
    let observer: MutationObserver | null = null;
    const seek = () => {
      observer?.disconnect();
      observer = null;
      const hash = window.location.hash;
      if (!ANCHOR.test(hash)) return;
      const anchor = hash.slice(1);
      const found = () => {
        const element = document.getElementById(anchor);
        if (!element) return false;
        reveal(element);
        return true;
      };
      if (found()) return;
      observer = new MutationObserver(() => {
        if (found()) {
          observer?.disconnect();
          observer = null;
        }
      });
      // The thread itself may not be there yet (the post is still loading): the page is watched.
      observer.observe(document.getElementById(threadId)?.parentElement ?? document.body, { childList: true, subtree: true });
    };
    seek();
    window.addEventListener('hashchange', seek);
    return () => {
      observer?.disconnect();
      window.removeEventListener('hashchange', seek);
    };
  }, [threadId]);
}
