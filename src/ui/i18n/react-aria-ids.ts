/**
 * React Aria's ids, without a store per component (ADR 185). The build puts this module in place of React Aria's
 * `ssr/SSRProvider` where its `useId` imports it (rspack.config.ts, both builds). React Aria's own `useSSRSafeId` asks
 * `useIsSSR()`, a `useSyncExternalStore` whose server answer (true) differs from the browser's (false), only to pick the
 * ids' prefix once: React then renders every component with an id (133 on the discussion page) again, synchronously,
 * right after hydration, for a value that component never reads again. Here every id is React's own `useId` with
 * React Aria's server prefix: the same on the server, in hydration and after it. React's ids are unique within a root,
 * and the product renders one root.
 */
import { useId } from 'react';

export function useSSRSafeId(defaultId?: string): string {
  const id = useId();
  return defaultId || `react-aria-${id}`;
}
