/**
 * 'Follow' / 'Following' (issue 37 item 4): a toggle button (aria-pressed) for a subcategory or a post. The page reads
 * the member's follows once, in the browser, and each press is shown at once and undone, with a toast, if the server
 * refuses it. The buttons appear when the follows have arrived, so none ever shows a state it does not know.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { messageOf } from '../../../application/api-error';
import type { FollowTarget } from '../../../contract/notifications';
import { listFollows, setFollow } from '../../calls';
import { useServices } from '../../services-context';

interface Follows {
  following: ReadonlySet<string> | null;
  toggle(target: FollowTarget): void;
}

const FollowsContext = createContext<Follows | null>(null);
const keyOf = (t: FollowTarget) => `${t.targetType}:${t.targetId}`;

export function FollowsProvider({ children }: { children: ReactNode }) {
  const { api, notifier, log } = useServices();
  const [following, setFollowing] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    let live = true;
    listFollows.use((call) => api.call(call, undefined, { fresh: true })).then(
      (answer) => live && setFollowing(new Set(answer.follows.map(keyOf))),
      (error: unknown) => log('reading follows failed', error),
    );
    return () => {
      live = false;
    };
  }, [api, log]);

  const flip = useCallback((key: string, on: boolean) => setFollowing((set) => {
    const next = new Set(set ?? []);
    if (on) next.add(key);
    else next.delete(key);
    return next;
  }), []);

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
