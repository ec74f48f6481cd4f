/**
 * 'Follow' / 'Following' (issue 37 item 4): a toggle button (aria-pressed) for a subcategory or a post. The page
 * carries the member's follows (read once, on the server when it draws the page), and each press is shown at once and
 * undone, with a toast, if the server refuses it. The buttons appear once the follows are known, so none ever shows a
 * state it does not know.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { messageOf } from '../../../application/api-error';
import type { FollowTarget } from '../../../contract/notifications';
import { listFollows, setFollow } from '../../calls';
import { useQuery } from '../../hooks/use-query';
import { useServices } from '../../services-context';

interface Follows {
  following: ReadonlySet<string> | null;
  toggle(target: FollowTarget): void;
}

const FollowsContext = createContext<Follows | null>(null);
const keyOf = (t: FollowTarget) => `${t.targetType}:${t.targetId}`;

export function FollowsProvider({ children }: { children: ReactNode }) {
  const { api, notifier, log } = useServices();
  // Read with the page (the server draws it, ADR 100); a press overrides what was read until the next page.
  const read = useQuery(listFollows, {}, { fresh: true });
  const [pressed, setPressed] = useState<ReadonlyMap<string, boolean>>(new Map());
  const following = useMemo<ReadonlySet<string> | null>(() => {
    if (read.status !== 'success') return null;
    const set = new Set(read.data.follows.map(keyOf));
    for (const [key, on] of pressed) {
      if (on) set.add(key);
      else set.delete(key);
    }
    return set;
  }, [read.status, read.data, pressed]);

  const flip = useCallback((key: string, on: boolean) => setPressed((map) => new Map(map).set(key, on)), []);

  const toggle = useCallback((target: FollowTarget) => {
    const key = keyOf(target);
    const on = !following?.has(key);
    flip(key, on);
    setFollow.use((call) => api.call(call, { body: { ...target, following: on } })).then(
      (answer) => flip(key, answer.following),
      (error: unknown) => {
        log('following failed', error);
        flip(key, !on);
        notifier.error(messageOf(error, on ? 'Could not follow. Please try again.' : 'Could not stop following. Please try again.'));
      },
    );
  }, [api, flip, following, log, notifier]);

  const value = useMemo(() => ({ following, toggle }), [following, toggle]);
  return <FollowsContext.Provider value={value}>{children}</FollowsContext.Provider>;
}

/** `subject` is said after the visible word: "Follow post: Timber towers", "Following topic: Clean energy". */
export function FollowButton({ target, subject }: { target: FollowTarget; subject: string }) {
  const follows = useContext(FollowsContext);
  if (!follows?.following) return null;
  const on = follows.following.has(keyOf(target));
  return (
    <button type="button" className="chip-button follow-button" aria-pressed={on} onClick={() => follows.toggle(target)}>
      <span aria-hidden="true">{on ? '✓' : '+'}</span> {on ? 'Following' : 'Follow'}
      <span className="visually-hidden"> {subject}</span>
    </button>
  );
}
