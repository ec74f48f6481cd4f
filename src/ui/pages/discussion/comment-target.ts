/**
 * Arriving at `#comment-{id}` (a notification, a bookmark, a shared link): once that comment is in the thread, it is
 * scrolled to, focused and marked. A long thread renders in slices, so the comment may come a few frames after the
 * thread: the thread is watched until it does. A later change of the hash on the same page does the same, whether the
 * browser made it or the app's router (a notification followed on the post it is about): when this copy of the thread
 * does not hold that comment yet (it was written since), `onMissing` has the thread read again.
 */
import { useEffect, useRef } from 'react';

export const TARGET_CLASS = 'comment__body--target';
const ANCHOR = /^#comment-[0-9a-f-]{1,64}$/i;

function reveal(element: HTMLElement) {
  for (const old of document.querySelectorAll(`.${TARGET_CLASS}`)) old.classList.remove(TARGET_CLASS);
  element.classList.add(TARGET_CLASS);
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'center' });
}

/** Watches the thread whose element has id `threadId` for the comment the URL's hash names. */
export function useCommentTarget(threadId: string, onMissing?: () => void) {
  const missing = useRef(onMissing);
  missing.current = onMissing;
  useEffect(() => {
    let observer: MutationObserver | null = null;
    let lastHash = '';
    const seek = (event?: Event) => {
      const changed = window.location.hash !== lastHash;
      lastHash = window.location.hash;
      // The router's own navigations: only a new hash is a new target.
      if (event && event.type !== 'hashchange' && !changed) return;
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
      // Followed to here from the page itself: the comment is newer than the thread on screen.
      if (event && document.getElementById(threadId)) missing.current?.();
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
    // The browser's hash changes, and the router's (wouter dispatches these when it pushes or replaces a location).
    const events = ['hashchange', 'pushState', 'replaceState', 'popstate'] as const;
    for (const name of events) window.addEventListener(name, seek);
    return () => {
      observer?.disconnect();
      for (const name of events) window.removeEventListener(name, seek);
    };
  }, [threadId]);
}
