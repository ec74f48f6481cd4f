import { inject, injectable } from 'inversify';
import type { Analytics } from '../application/ports';
import { type ApiConfig, TOKENS } from './di-tokens';

/** Page views go out with navigator.sendBeacon (fetch keepalive as a fallback): the path only, no personal data. */
@injectable()
export class BeaconAnalytics implements Analytics {
  constructor(@inject(TOKENS.ApiConfig) private readonly config: ApiConfig) {}

  pageView(path: string): void {
    // The contract (and zod with it) loads with the first page view, after the first render.
    void import('../contract/analytics').then(({ pageView }) => this.send(`${this.config.baseUrl}${pageView.path}`, JSON.stringify({ path })));
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
