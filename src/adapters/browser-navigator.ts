import { injectable } from 'inversify';
import { navigate } from 'wouter/use-browser-location';
import type { Navigator } from '../application/ports';

@injectable()
export class BrowserNavigator implements Navigator {
  hardRedirect(path: string): void {
    window.location.assign(path);
  }

  /** wouter's own navigate: the router hears it as it hears its links. */
  go(path: string, options: { replace?: boolean } = {}): void {
    navigate(path, { replace: options.replace ?? false });
  }
}
