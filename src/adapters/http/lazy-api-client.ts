/**
 * Keeps the HTTP adapter (effect, ~33 KB gzip) out of the first render: the real client is
 * loaded on the first call, in parallel with the page's own chunk, and every call after that goes straight to it.
 */
import { inject, injectable } from 'inversify';
import type { ApiClient, CallInput, CallOptions, Navigator, TokenStore } from '../../application/ports';
import type { Call, ResponseOf } from '../../contract/define';
import { type ApiConfig, TOKENS } from '../di-tokens';

@injectable()
export class LazyApiClient implements ApiClient {
  #client: Promise<ApiClient> | null = null;
  #loaded: ApiClient | null = null;
  #listeners = new Set<() => void>();

  constructor(
    @inject(TOKENS.ApiConfig) private readonly config: ApiConfig,
    @inject(TOKENS.TokenStore) private readonly tokens: TokenStore,
    @inject(TOKENS.Navigator) private readonly navigator: Navigator,
  ) {}

  private load(): Promise<ApiClient> {
    this.#client ??= import(/* webpackChunkName: "http" */ './effect-api-client').then(
      ({ EffectApiClient }) => {
        const client = new EffectApiClient(this.config, this.tokens, this.navigator);
        client.onUnauthorized(() => {
          for (const listener of this.#listeners) listener();
        });
        this.#loaded = client;
        return client;
      },
      (error: unknown) => {
        // The code did not arrive (a dropped connection): this call fails, and the next one asks for it again.
        this.#client = null;
        throw error;
      },
    );
    return this.#client;
  }

  /** Once the client is here, a call goes to it at once: the request leaves in the caller's task (see lazy-calls.ts). */
  call<C extends Call>(call: C, input?: CallInput<C>, options?: CallOptions): Promise<ResponseOf<C>> {
    const loaded = this.#loaded;
    if (loaded) return loaded.call(call, input, options);
    return this.load().then((client) => client.call(call, input, options));
  }

  clearCache(): void {
    void this.#client?.then((client) => client.clearCache());
  }

  prepare(): void {
    // Only a head start: if the code does not arrive, the call that follows asks for it again and reports it.
    this.load().catch(() => {});
  }

  prefetch<C extends Call>(call: C, input?: CallInput<C>): void {
    const loaded = this.#loaded;
    if (loaded) loaded.prefetch(call, input);
    // A read ahead never fails: if the code does not arrive, the call that follows asks for it again and reports it.
    else this.load().then((client) => client.prefetch(call, input), () => {});
  }

  onUnauthorized(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
