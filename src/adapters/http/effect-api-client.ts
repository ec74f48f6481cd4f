/**
 * The HTTP adapter of the ApiClient port: the browser's fetch driven by effect (typed failures, interruption, retries
 * and the read cache; effect's HTTP client module is left out, ADR 004): bearer token from the cookie, JSON bodies,
 * answers decoded with the contract's zod schemas, GETs retried 3 times with capped exponential back-off on network
 * errors and 5xx (never on 4xx), a read cache invalidated by the mutations that change it, and the 401 rule.
 */
import { inject, injectable } from 'inversify';
import { Cache, Duration, Effect, Exit, Schedule } from 'effect';
import { ApiError } from '../../application/api-error';
import type { ApiClient, CallInput, CallOptions, Navigator, TokenStore } from '../../application/ports';
import { buildPath, type Call, type ResponseOf } from '../../contract/define';
import { type ApiConfig, TOKENS } from '../di-tokens';
import { withoutFieldName } from '../../domain/text';

export const MAX_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;
const CACHE_CAPACITY = 200;

type Method = Call['method'];
interface Raw {
  json: unknown;
  bytes: Uint8Array | null;
}

@injectable()
export class EffectApiClient implements ApiClient {
  readonly #cache: Cache.Cache<string, Raw, ApiError>;
  readonly #unauthorizedListeners = new Set<() => void>();
  #retrySchedule: Schedule.Schedule<Duration.Duration>;

  constructor(
    @inject(TOKENS.ApiConfig) private readonly config: ApiConfig,
    @inject(TOKENS.TokenStore) private readonly tokens: TokenStore,
    @inject(TOKENS.Navigator) private readonly navigator: Navigator,
  ) {
    this.#retrySchedule = Schedule.exponential(Duration.millis(config.retryBaseMs)).pipe(
      Schedule.modifyDelay(({ duration }) => Effect.succeed(Duration.min(duration, Duration.millis(MAX_RETRY_DELAY_MS)))),
    );
    this.#cache = Effect.runSync(
      Cache.makeWith((key: string) => this.get(key.slice(key.indexOf(' ') + 1)), {
        capacity: CACHE_CAPACITY,
        // Failures are never kept; successes live until unused for the TTL or invalidated by a mutation.
        timeToLive: (exit) => (Exit.isSuccess(exit) ? Duration.millis(config.cacheTtlMs) : Duration.zero),
      }),
    );
  }

  call<C extends Call>(c: C, input: CallInput<C> = {}, options: CallOptions = {}): Promise<ResponseOf<C>> {
    const path = buildPath(c.path, input.params as Record<string, unknown>, input.query as Record<string, unknown>);
    const key = `${this.tokens.get() ?? ''} ${path}`;
    const raw: Effect.Effect<Raw, ApiError> =
      c.method === 'GET'
        ? c.binary || options.fresh
          ? this.get(path).pipe(Effect.tap((value) => (c.binary ? Effect.void : Cache.set(this.#cache, key, value))))
          : Cache.get(this.#cache, key)
        : this.send(c.method, path, input.body, options.token).pipe(Effect.tap(() => this.invalidate(c.invalidates ?? [])));
    return Effect.runPromise(raw.pipe(Effect.flatMap((value) => decode(c, value))));
  }

  onUnauthorized(listener: () => void): () => void {
    this.#unauthorizedListeners.add(listener);
    return () => this.#unauthorizedListeners.delete(listener);
  }

  /** Loaded already: nothing to prepare. */
  prepare(): void {}

  clearCache(): void {
    Effect.runSync(Cache.invalidateAll(this.#cache));
  }

  private invalidate(prefixes: readonly string[]): Effect.Effect<void> {
    if (prefixes.length === 0) return Effect.void;
    const cache = this.#cache;
    return Effect.gen(function* () {
      for (const key of yield* Cache.keys(cache)) {
        const path = key.slice(key.indexOf(' ') + 1);
        if (prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`))) {
          yield* Cache.invalidate(cache, key);
        }
      }
    });
  }

  private get(path: string): Effect.Effect<Raw, ApiError> {
    return this.send('GET', path, undefined).pipe(
      Effect.retry({ times: MAX_RETRIES, schedule: this.#retrySchedule, while: (error: ApiError) => error.transient }),
    );
  }

  private send(method: Method, path: string, body: unknown, explicitToken?: string): Effect.Effect<Raw, ApiError> {
    const url = `${this.config.baseUrl}${path}`;
    const token = explicitToken ?? this.tokens.get();
    const onUnauthorized = () => {
      if (explicitToken) return;
      this.tokens.clear();
      this.navigator.hardRedirect('/login');
      for (const listener of this.#unauthorizedListeners) listener();
    };
    const headers: Record<string, string> = { accept: 'application/json, application/pdf', 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const send = this.config.fetch ?? fetch;
    const networkError = (error: unknown) => new ApiError('network', 0, error instanceof Error ? error.message : String(error));
    return Effect.gen(function* () {
      const response = yield* Effect.tryPromise({ try: (signal) => send(url, { ...init, signal }), catch: networkError });
      if (response.status >= 400) {
        const json: unknown = yield* Effect.tryPromise(() => response.json()).pipe(Effect.orElseSucceed(() => null));
        const message =
          json && typeof json === 'object' && 'message' in json && typeof json.message === 'string'
            ? json.message
            : `Request failed with status ${response.status}`;
        // The 401 rule: drop the token, go to /login by a full page load, and still pass the error on.
        if (response.status === 401) onUnauthorized();
        // What reaches a screen is the sentence, without the field name the API adds for developers.
        return yield* Effect.fail(new ApiError('http', response.status, withoutFieldName(message)));
      }
      const type = response.headers.get('content-type') ?? '';
      if (!type.includes('json')) {
        const buffer = yield* Effect.tryPromise({ try: () => response.arrayBuffer(), catch: networkError });
        return { json: null, bytes: new Uint8Array(buffer) };
      }
      const json: unknown = yield* Effect.tryPromise({
        try: () => response.json(),
        catch: () => new ApiError('decode', response.status, 'The server answered with invalid JSON'),
      });
      return { json, bytes: null };
    });
  }
}

function decode<C extends Call>(c: C, raw: Raw): Effect.Effect<ResponseOf<C>, ApiError> {
  if (c.binary) {
    return raw.bytes ? Effect.succeed(raw.bytes as ResponseOf<C>) : Effect.fail(new ApiError('decode', 200, 'Expected a file'));
  }
  const parsed = c.response.safeParse(raw.json);
  if (parsed.success) return Effect.succeed(parsed.data as ResponseOf<C>);
  const issue = parsed.error.issues[0];
  return Effect.fail(
    new ApiError('decode', 200, `Unexpected response format from server (${c.name}: ${issue?.path.join('.')} ${issue?.message})`),
  );
}
