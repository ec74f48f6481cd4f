import { useSyncExternalStore } from 'react';

const never = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The viewer's own time zone, or null while the server renders and while the page hydrates (issue 41): React renders
 * the server's snapshot during hydration, so the markup matches the server's, then renders again with the browser's.
 * A page drawn in the browser alone has the viewer's zone from its first render.
 */
export function useViewerZone(): string | null {
  return useSyncExternalStore(never, browserZone, () => null);
}
