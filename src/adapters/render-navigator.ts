import { injectable } from 'inversify';
import type { Navigator } from '../application/ports';

/**
 * The navigator while the server renders a page: nothing moves during a render. A machine that would move (the 401
 * rule) leaves the page as the browser will find it, and the browser's own navigator moves once it runs.
 */
@injectable()
export class RenderNavigator implements Navigator {
  hardRedirect(): void {}
  go(): void {}
}
