/**
 * Keeps the HTTP adapter (effect, ~33 KB gzip) out of the first render: the real client is
 * loaded on the first call, in parallel with the page's own chunk, and every call after that goes straight to it.
 */
import { inject, injectable } from 'inversify';
import { lazyCalls } from '../../application/lazy-calls';
import type { ApiClient, CallInput, CallOptions, FileUploader, Navigator, TokenStore } from '../../application/ports';
import type { Call, ResponseOf } from '../../contract/define';
import { type ApiConfig, TOKENS } from '../di-tokens';

@injectable()
export class LazyApiClient implements ApiClient, FileUploader {
  #loaded: ApiClient | null = null;
  #listeners = new Set<() => void>();
  /** The client, made once its code is here; lost code is asked for again by the next use (lazyCalls). */
  readonly #client = lazyCalls(() =>
    import(/* webpackChunkName: "http" */ './effect-api-client').then(({ EffectApiClient }) => {
      const client = new EffectApiClient(this.config, this.tokens, this.navigator);
      client.onUnauthorized(() => {
        for (const listener of this.#listeners) listener();
      });
      this.#loaded = client;
      return client;
    }),
  );

  constructor(
    @inject(TOKENS.ApiConfig) private readonly config: ApiConfig,
    @inject(TOKENS.TokenStore) private readonly tokens: TokenStore,
    @inject(TOKENS.Navigator) private readonly navigator: Navigator,
  ) {}

  /** Once the client is here, a call goes to it at once: the request leaves in the caller's task (see lazy-calls.ts). */
  call<C extends Call>(call: C, input?: CallInput<C>, options?: CallOptions): Promise<ResponseOf<C>> {
    return this.#client((client) => client.call(call, input, options));
  }

  upload<C extends Call>(call: C, file: Blob, filename: string): Promise<ResponseOf<C>> {
    return this.#client((client) => client.upload(call, file, filename));
  }

  submitForm<C extends Call>(call: C, fields: Record<string, string>, file?: { field: string; blob: Blob; filename: string }): Promise<ResponseOf<C>> {
    return this.#client((client) => client.submitForm(call, fields, file));
  }

  /** A client still on its way has cached nothing yet. */
  clearCache(): void {
    this.#loaded?.clearCache();
  }

  prepare(): void {
    // Only a head start: if the code does not arrive, the call that follows asks for it again and reports it.
    this.#client.load().catch(() => {});
  }

  prefetch<C extends Call>(call: C, input?: CallInput<C>): void {
    // A read ahead never fails: if the code does not arrive, the call that follows asks for it again and reports it.
    this.#client(async (client) => client.prefetch(call, input)).catch(() => {});
  }

  onUnauthorized(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
