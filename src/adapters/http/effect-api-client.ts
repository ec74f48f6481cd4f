/**
 * The HTTP adapter of the ApiClient port: the browser's fetch driven by effect (typed failures, interruption, retries
 * and the read cache; effect's HTTP client module is left out, ADR 004): bearer token from the cookie, JSON bodies,
 * answers decoded with the contract's zod schemas, GETs retried 3 times with capped exponential back-off on network
 * errors and 5xx (never on 4xx), a read cache invalidated by the mutations that change it, and the 401 rule.
 */
import { inject, injectable } from 'inversify';
import { Cache, Duration, Effect, Exit, Option, Schedule } from 'effect';
import { ApiError } from '../../application/api-error';
import type { ApiClient, CallInput, CallOptions, FileUploader, Navigator, TokenStore } from '../../application/ports';
import { buildPath, type Call, type ResponseOf } from '../../contract/define';
import { type ApiConfig, TOKENS } from '../di-tokens';
import { withoutFieldName } from '../../domain/text';

export const MAX_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;
const CACHE_CAPACITY = 200;
/** Reads ahead kept for their calls: a pointer passing over a list's buttons leaves no more than this. */
const MAX_AHEAD = 8;
/** How long a read ahead waits for its call: from a pointer on a button to its press. After that the call reads again. */
export const READ_AHEAD_TTL_MS = 10_000;

type Method = Call['method'];
interface Raw {
  json: unknown;
  bytes: Uint8Array | null;
}
/** A read ahead's answer: the cached body, and what the call's schema decoded from it. */
interface Ahead {
  raw: Raw;
  value: unknown;
}

@injectable()
export class EffectApiClient implements ApiClient, FileUploader {
  readonly #cache: Cache.Cache<string, Raw, ApiError>;
  readonly #unauthorizedListeners = new Set<() => void>();
  /**
   * Reads ahead (`prefetch`), in flight or done, by cache key: the call that follows takes the decoded answer once,
   * without asking or decoding again (zod on a 200-comment thread is a task of its own on a phone). Kept apart from
   * the cache until then, so a pointer that passed over a button long ago leaves no answer for its later press.
   */
  readonly #ahead = new Map<string, { call: Call; answer: Promise<Ahead>; until: number }>();
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
      Cache.makeWith((key: string) => this.get(pathOf(key)), {
        capacity: CACHE_CAPACITY,
        // Failures are never kept; successes live until unused for the TTL or invalidated by a mutation.
        timeToLive: (exit) => (Exit.isSuccess(exit) ? Duration.millis(config.cacheTtlMs) : Duration.zero),
      }),
    );
  }

  call<C extends Call>(c: C, input: CallInput<C> = {}, options: CallOptions = {}): Promise<ResponseOf<C>> {
    const key = this.keyOf(c, input as CallInput<Call>);
    const path = pathOf(key);
    if (c.method === 'GET' && !c.binary && !options.fresh) {
      const fromCache = () => Effect.runPromise(Cache.get(this.#cache, key).pipe(Effect.flatMap((raw) => decode(c, raw))));
      const ahead = this.takeAhead(key, c);
      if (!ahead) return fromCache();
      // The read ahead's answer, decoded already, and from now on the cache's.
      return ahead.then(({ raw, value }) => {
        Effect.runSync(Cache.set(this.#cache, key, raw));
        return value as ResponseOf<C>;
      }, fromCache);
    }
    // A fresh answer supersedes what was read ahead of it.
    if (options.fresh) this.#ahead.delete(key);
    const raw: Effect.Effect<Raw, ApiError> =
      c.method === 'GET'
        ? this.get(path).pipe(Effect.tap((value) => (c.binary ? Effect.void : Cache.set(this.#cache, key, value))))
        : this.send(c.method, path, input.body, options.token).pipe(Effect.tap(() => this.invalidate(c.invalidates ?? [])));
    return Effect.runPromise(raw.pipe(Effect.flatMap((value) => decode(c, value))));
  }

  /** A file as multipart/form-data: the browser writes the body and its boundary, so no content type is set here. */
  upload<C extends Call>(c: C, file: Blob, filename: string): Promise<ResponseOf<C>> {
    const form = new FormData();
    form.append('file', file, filename);
    const raw = this.send(c.method, buildPath(c.path), form).pipe(Effect.tap(() => this.invalidate(c.invalidates ?? [])));
    return Effect.runPromise(raw.pipe(Effect.flatMap((value) => decode(c, value))));
  }

  /** Text fields first, then the file: the server reads the parts in order. */
  submitForm<C extends Call>(c: C, fields: Record<string, string>, file?: { field: string; blob: Blob; filename: string }): Promise<ResponseOf<C>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append(file.field, file.blob, file.filename);
    const raw = this.send(c.method, buildPath(c.path), form).pipe(Effect.tap(() => this.invalidate(c.invalidates ?? [])));
    return Effect.runPromise(raw.pipe(Effect.flatMap((value) => decode(c, value))));
  }

  prefetch<C extends Call>(c: C, input: CallInput<C> = {}): void {
    // A reader who asked the browser to save data gets only what they ask for.
    if (c.method !== 'GET' || c.binary || savesData()) return;
    const key = this.keyOf(c, input);
    const known = this.#ahead.get(key);
    if (known?.call === c && known.until >= Date.now()) return;
    // What the cache holds is read ahead as it is; anything else is asked for, and kept here until its call.
    const read = Cache.getOption(this.#cache, key).pipe(
      Effect.flatMap((cached) => (Option.isSome(cached) ? Effect.succeed(cached.value) : this.get(pathOf(key)))),
    );
    const answer = Effect.runPromise(read.pipe(Effect.flatMap((raw) => decode(c, raw).pipe(Effect.map((value) => ({ raw, value }))))));
    const entry = { call: c, answer, until: Date.now() + (this.config.readAheadTtlMs ?? READ_AHEAD_TTL_MS) };
    this.#ahead.delete(key);
    this.#ahead.set(key, entry);
    // The oldest read ahead goes once more are kept than readers could be about to ask for.
    if (this.#ahead.size > MAX_AHEAD) this.#ahead.delete(this.#ahead.keys().next().value!);
    // One that failed is forgotten: its call reads for itself, and reports the failure.
    answer.catch(() => {
      if (this.#ahead.get(key) === entry) this.#ahead.delete(key);
    });
  }

  /** The read ahead of this answer, taken once, while it is recent: an older one is dropped and the call reads again. */
  private takeAhead(key: string, c: Call): Promise<Ahead> | undefined {
    const entry = this.#ahead.get(key);
    if (entry?.call !== c) return undefined;
    this.#ahead.delete(key);
    return entry.until >= Date.now() ? entry.answer : undefined;
  }

  /** The read cache's key: the token, a space, then the path (a token holds no space). */
  private keyOf(c: Call, input: CallInput<Call>): string {
    return `${this.tokens.get() ?? ''} ${buildPath(c.path, input.params as Record<string, unknown>, input.query as Record<string, unknown>)}`;
  }

  onUnauthorized(listener: () => void): () => void {
    this.#unauthorizedListeners.add(listener);
    return () => this.#unauthorizedListeners.delete(listener);
  }

  /** Loaded already: nothing to prepare. */
  prepare(): void {}

  clearCache(): void {
    this.#ahead.clear();
    Effect.runSync(Cache.invalidateAll(this.#cache));
  }

  private invalidate(prefixes: readonly string[]): Effect.Effect<void> {
    if (prefixes.length === 0) return Effect.void;
    const cache = this.#cache;
    const changed = (key: string) => {
      const path = pathOf(key);
      return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`));
    };
    for (const key of [...this.#ahead.keys()].filter(changed)) this.#ahead.delete(key);
    return Effect.gen(function* () {
      for (const key of yield* Cache.keys(cache)) {
        if (changed(key)) yield* Cache.invalidate(cache, key);
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
    const form = body instanceof FormData;
    const headers: Record<string, string> = { accept: 'application/json, application/pdf', ...(form ? {} : { 'content-type': 'application/json' }) };
    if (token) headers.authorization = `Bearer ${token}`;
    const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }) };
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
        return yield* Effect.fail(new ApiError('http', response.status, withoutFieldName(message), json));
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

/** The browser's Save-Data preference (`navigator.connection.saveData`, where the browser has it). */
function savesData(): boolean {
  const connection = (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)?.connection;
  return connection?.saveData === true;
}

/** The path of a read cache key (keyOf). */
function pathOf(key: string): string {
  return key.slice(key.indexOf(' ') + 1);
}
