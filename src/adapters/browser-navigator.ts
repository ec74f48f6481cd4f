import { injectable } from 'inversify';
import type { Navigator } from '../application/ports';

@injectable()
export class BrowserNavigator implements Navigator {
  hardRedirect(path: string): void {
    window.location.assign(path);
  }
}
