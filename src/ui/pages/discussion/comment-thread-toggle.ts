/** Opening and closing a post's thread from its Comments button (moved out of comment-thread.tsx, unchanged). */
import { startTransition, useEffect, useRef, useState } from 'react';
import { type ActorRefFrom, createActor } from 'xstate';
import type { CommentThreadMachine } from '../../../application/comment-thread.machine';
import { READ_AHEAD_INTENT_MS, THREAD_WAIT_MS } from '../../../domain/discussion';
import { useServices } from '../../services-context';

type ThreadRef = ActorRefFrom<CommentThreadMachine>;

const nothing = () => {};

/**
 * A post's thread, opened and closed by its Comments button. The actor is made and started in the press that opens
 * it, so the thread's request leaves at once, and the thread shows when its comments are in, or at THREAD_WAIT_MS
 * without them, whichever comes first. Closing the thread, or the post leaving the page, stops it; an answer arriving
 * after that is dropped.
 */
export function useCommentThreadToggle(discussionId: string): {
  thread: ThreadRef | null;
  toggle: () => void;
  /** The pointer or the focus came to the button: its comments are read ahead once it rests there. */
  readAhead: () => void;
  /** It left before that. */
  dropReadAhead: () => void;
} {
  const { machines } = useServices();
  const [thread, setThread] = useState<ThreadRef | null>(null);
  const running = useRef<ThreadRef | null>(null);
  /** Stops waiting for the comments of a thread not shown yet. */
  const stopWaiting = useRef(nothing);
  const intent = useRef(0);
  useEffect(
    () => () => {
      clearTimeout(intent.current);
      stopWaiting.current();
      running.current?.stop();
    },
    [],
  );
  const toggle = () => {
    stopWaiting.current();
    const open = running.current;
    running.current = null;
    if (open) {
      open.stop();
      startTransition(() => setThread(null));
      return;
    }
    const actor = createActor(machines.commentThread(), { input: { discussionId } }).start();
    running.current = actor;
    let timer = 0;
    const done = () => {
      clearTimeout(timer);
      subscription.unsubscribe();
      stopWaiting.current = nothing;
    };
    // The comments are in (or failed): the thread renders once, with them, in the task after their answer's.
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('loading')) return;
      done();
      setThread(actor);
    });
    // Slow comments: the thread opens on its spinner, in a task of its own.
    timer = window.setTimeout(() => {
      done();
      startTransition(() => setThread(actor));
    }, THREAD_WAIT_MS);
    stopWaiting.current = done;
  };
  // The pointer or the focus rests on the button of a closed thread: its comments are read before the press.
  const dropReadAhead = () => clearTimeout(intent.current);
  const readAhead = () => {
    dropReadAhead();
    intent.current = window.setTimeout(() => {
      if (!running.current) machines.readCommentThreadAhead(discussionId);
    }, READ_AHEAD_INTENT_MS);
  };
  return { thread, toggle, readAhead, dropReadAhead };
}

