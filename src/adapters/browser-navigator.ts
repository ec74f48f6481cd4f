import { injectable } from 'inversify';
import { navigate } from 'wouter/use-browser-location';
import { FOCUS_HEADING_AFTER_LOAD, type Navigator } from '../application/ports';

@injectable()
export class BrowserNavigator implements Navigator {
  hardRedirect(path: string, options: { focusHeading?: boolean } = {}): void {
    if (options.focusHeading) {
      try {
        window.sessionStorage.setItem(FOCUS_HEADING_AFTER_LOAD, path);
      } catch {
        // Storage refused (a private mode): the page loads as any other, its focus at the top.
      }
    }
    window.location.assign(path);
  }

  /** wouter's own navigate: the router hears it as it hears its links. */
  go(path: string, options: { replace?: boolean } = {}): void {
    navigate(path, { replace: options.replace ?? false });
  }
}
