/**
 * A part of a page kept in a chunk of its own (the home page's carousels) that the server still draws. React's `lazy`
 * suspends on its first render even when its module has loaded, so such a part hydrated in a pass of its own,
 * after the page said it was live: a press on the server's markup in between reached no handler. A `lazyPart`
 * renders at once once `load()` has resolved, so a page that awaits its parts before it hydrates (its `ready()`,
 * awaited by app.tsx) hydrates them with itself. It still suspends, inside its Suspense, while not loaded.
 */
import type { ComponentType } from 'react';
import { lazyCalls } from '../../application/lazy-calls';
import { retryableLazy } from './retryable-lazy';

export function lazyPart<P extends object>(importer: () => Promise<{ default: ComponentType<P> }>) {
  // Lost code is asked for again by the next load (the page's "Try again"): lazyCalls forgets a failed one.
  const module = lazyCalls(importer);
  let loaded: ComponentType<P> | null = null;
  const load = () =>
    module.load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Suspending = retryableLazy(load);
  function Part(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }
  return { Part, load };
}
