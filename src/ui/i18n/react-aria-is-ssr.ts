/**
 * React Aria's "is this still the server's drawing?" for its disclosures and its focus-visible state (ADR 194). The
 * build puts this module in place of React Aria's `ssr/SSRProvider` where those two import it (rspack.config.ts, both
 * builds). React Aria's own answer is a `useSyncExternalStore` whose server answer (true) differs from the browser's
 * (false): as a page goes live, React renders every such component again, synchronously, in the task that runs the
 * hydration's effects. The home page's nine questions and the footer's three theme buttons took 100–180 ms there at
 * Lighthouse's 4x CPU, and a panel's contents came with them.
 *
 * Here each component starts as the server drew it (true, on the server, in hydration and in a first client render)
 * and learns it is live after its own commit, in a transition: React renders them all again in slices that yield to
 * input, not in one task. What the answer decides does not change: a disclosure's closed panel is `hidden` while it is
 * true and `hidden="until-found"` once false; a focus ring shows only once false.
 */
import { startTransition, useEffect, useState } from 'react';

export function useIsSSR(): boolean {
  const [drawing, setDrawing] = useState(true);
  useEffect(() => {
    startTransition(() => setDrawing(false));
  }, []);
  return drawing;
}
