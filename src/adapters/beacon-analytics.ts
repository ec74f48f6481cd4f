import { inject, injectable } from 'inversify';
import type { Analytics } from '../application/ports';
import { PAGE_VIEW_PATH } from '../contract/analytics-path';
import { type ApiConfig, TOKENS } from './di-tokens';
import { whenIdle } from './when-idle';

/** Page views go out with navigator.sendBeacon (fetch keepalive as a fallback): the path only, no personal data. */
@injectable()
export class BeaconAnalytics implements Analytics {
  constructor(@inject(TOKENS.ApiConfig) private readonly config: ApiConfig) {}

  pageView(path: string): void {
    // Sent once the browser is idle, not inside the render that showed the page: on a page's first load that render is
    // its hydration, and a beacon's request cost it about 15 ms at 4x CPU (ADR 183).
    whenIdle(() => {
      // A page read without a connection (a kept lesson, ADR 174) is not counted: a beacon would only fail.
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      // Only the path: the call's schemas (and zod with them) are not loaded for a page view.
      this.send(`${this.config.baseUrl}${PAGE_VIEW_PATH}`, JSON.stringify({ path }));
    });
  }

  private send(url: string, body: string): void {
    try {
      if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, body)) return;
      void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => {});
    } catch {
      // Analytics never breaks the page.
    }
  }
}
