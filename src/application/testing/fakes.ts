/** Deterministic fakes of the ports, for tests. Each records what it was asked and fails loudly on what it does not support. */
import type { Analytics, Clock, DraftStore, FileSaver, Navigator, TokenStore } from '../ports';

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
  hardRedirect(path: string) {
    this.redirects.push(path);
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
