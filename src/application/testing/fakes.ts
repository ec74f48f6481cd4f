/**
 * Deterministic fakes of the ports, for tests. Each records what it was asked; the scripted API throws on any call
 * it was not given an answer for, so a test never passes on a call it did not expect.
 */
import type { Call } from '../../contract/define';
import type { Analytics, ApiClient, CallInput, CallOptions, Clock, DraftStore, FileSaver, Navigator, Notifier, NotifyOptions, TokenStore } from '../ports';

export class MemoryTokenStore implements TokenStore {
  constructor(public token: string | null = null) {}
  get() {
    return this.token;
  }
  set(token: string) {
    this.token = token;
  }
  clear() {
    this.token = null;
  }
}

export class RecordingNavigator implements Navigator {
  readonly redirects: string[] = [];
  /** The redirects whose page is to focus its heading once loaded. */
  readonly headingFocused: string[] = [];
  readonly moves: string[] = [];
  hardRedirect(path: string, options: { focusHeading?: boolean } = {}) {
    this.redirects.push(path);
    if (options.focusHeading) this.headingFocused.push(path);
  }
  go(path: string) {
    this.moves.push(path);
  }
}

export class RecordingNotifier implements Notifier {
  readonly successes: string[] = [];
  readonly errors: string[] = [];
  /** The options of each toast, successes and errors in the order they were shown. */
  readonly options: (NotifyOptions | undefined)[] = [];
  success(message: string, options?: NotifyOptions) {
    this.successes.push(message);
    this.options.push(options);
  }
  error(message: string) {
    this.errors.push(message);
    this.options.push(undefined);
  }
}

/** One recorded call of the scripted API. */
export interface RecordedCall {
  name: string;
  input: CallInput<Call> | undefined;
  options?: CallOptions | undefined;
}

/**
 * The API port as a script: each call name answers what its function returns (a promise). A call without an answer
 * throws at once, naming it; every call is recorded with its input.
 */
export class ScriptedApi implements ApiClient {
  readonly calls: RecordedCall[] = [];
  readonly #unauthorized: (() => void)[] = [];
  constructor(private readonly answers: Record<string, (input: CallInput<Call> | undefined) => Promise<unknown>> = {}) {}

  /** Adds or replaces the answer of a call. */
  answer(name: string, answer: (input: CallInput<Call> | undefined) => Promise<unknown>): this {
    this.answers[name] = answer;
    return this;
  }

  call<C extends Call>(c: C, input?: CallInput<C>, options?: CallOptions) {
    const answer = this.answers[c.name];
    if (!answer) throw new Error(`ScriptedApi: unexpected call ${c.name} (script one with answer('${c.name}', ...))`);
    this.calls.push({ name: c.name, input: input as CallInput<Call> | undefined, ...(options ? { options } : {}) });
    return answer(input as CallInput<Call> | undefined) as never;
  }
  clearCache() {}

  /** Counted, so a test can see that a flow prepared its next call. */
  prepared = 0;

  prepare() {
    this.prepared++;
  }

  /** Reads asked for ahead of their call, by name and input, so a test can see that a view readied its next call. */
  readonly prefetched: RecordedCall[] = [];

  prefetch<C extends Call>(c: C, input?: CallInput<C>) {
    this.prefetched.push({ name: c.name, input: input as CallInput<Call> | undefined });
  }
  onUnauthorized(listener: () => void) {
    this.#unauthorized.push(listener);
    return () => {
      this.#unauthorized.splice(this.#unauthorized.indexOf(listener), 1);
    };
  }
  /** Plays a 401 rule: every listener hears it. */
  unauthorized() {
    for (const listener of [...this.#unauthorized]) listener();
  }
}

export class RecordingAnalytics implements Analytics {
  readonly views: string[] = [];
  pageView(path: string) {
    this.views.push(path);
  }
}

/** A clock that moves only when told; `every` ticks are fired by `advance`. */
export class FakeClock implements Clock {
  #timers = new Map<number, { ms: number; next: number; tick: () => void }>();
  #id = 0;
  constructor(public current = 0) {}
  now() {
    return this.current;
  }
  every(ms: number, tick: () => void) {
    const id = ++this.#id;
    this.#timers.set(id, { ms, next: this.current + ms, tick });
    return () => {
      this.#timers.delete(id);
    };
  }
  advance(ms: number) {
    const end = this.current + ms;
    for (;;) {
      const due = [...this.#timers.values()].filter((t) => t.next <= end).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      this.current = due.next;
      due.next += due.ms;
      due.tick();
    }
    this.current = end;
  }
  get activeTimers() {
    return this.#timers.size;
  }
}

export class RecordingFileSaver implements FileSaver {
  readonly saved: { bytes: Uint8Array; filename: string; mimeType: string }[] = [];
  save(bytes: Uint8Array, filename: string, mimeType: string) {
    this.saved.push({ bytes, filename, mimeType });
  }
}

export class MemoryDraftStore implements DraftStore {
  readonly items = new Map<string, string>();
  load(key: string) {
    return this.items.get(key) ?? null;
  }
  save(key: string, value: string) {
    this.items.set(key, value);
  }
  remove(key: string) {
    this.items.delete(key);
  }
}
