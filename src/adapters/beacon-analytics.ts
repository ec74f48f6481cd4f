import { inject, injectable } from 'inversify';
import { pageView } from '../contract/analytics';
import type { Analytics } from '../application/ports';
import { type ApiConfig, TOKENS } from './di-tokens';

/** Page views go out with navigator.sendBeacon (fetch keepalive as a fallback): the path only, no personal data. */
@injectable()
export class BeaconAnalytics implements Analytics {
  constructor(@inject(TOKENS.ApiConfig) private readonly config: ApiConfig) {}

  pageView(path: string): void {
    const url = `${this.config.baseUrl}${pageView.path}`;
    const body = JSON.stringify({ path });
    try {
      if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, body)) return;
      void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => {});
    } catch {
      // Analytics never breaks the page.
    }
  }
}
