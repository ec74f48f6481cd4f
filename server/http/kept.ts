/**
 * Values computed from the database and kept in memory until a write makes them stale (ADRs 045 and 008): every
 * such write calls `changed()`, which drops them all, and a value computed while a write went through is never kept.
 * A maximum age bounds what a write made by another server process on the same database can leave stale.
 */
export interface KeptOptions<V> {
  /** How long a value may be kept at most; 0 keeps nothing. */
  maxAgeMs: number;
  /** Bound on the summed `sizeOf` of kept values; the least recently used go first. */
  maxSize: number;
  /** Measured when a value is kept and again at each hit: a value may grow after it is kept (its encodings). */
  sizeOf: (value: V) => number;
  now: () => number;
}

interface Entry<V> {
  value: V;
  size: number;
  /** Past this, a read starts computing the value again but is still served the kept one. */
  refreshAt: number;
  /** Past this, the kept value is never served. */
  expires: number;
}

export class KeptUntilChanged<V> {
  readonly #options: KeptOptions<V>;
  /** Map order is use order: a hit moves to the end, the least recently used stay in front. */
  readonly #kept = new Map<string, Entry<V>>();
  /** Values being computed, so that concurrent misses of one key share one computation. */
  readonly #pending = new Map<string, { generation: number; value: Promise<V> }>();
  #generation = 0;
  #size = 0;
  /** Told of each read: served from what is kept (true) or computed (false); the metrics' cache counters (ADR 143). */
  counted: ((hit: boolean) => void) | null = null;

  constructor(options: KeptOptions<V>) {
    this.#options = options;
  }

  /** Makes every kept value stale. Called after a write (committed or failed) and before its caller is answered. */
  changed(): void {
    this.#generation++;
    this.#kept.clear();
    this.#size = 0;
  }

  /** The summed `sizeOf` of the values kept now. */
  get size(): number {
    return this.#size;
  }

  /** Whether a read of `key` now would be answered without computing: a value kept and fresh, or one being computed. */
  holds(key: string): boolean {
    if (this.#options.maxAgeMs <= 0) return false;
    const hit = this.#kept.get(key);
    return (hit !== undefined && hit.expires > this.#options.now()) || this.#pending.get(key)?.generation === this.#generation;
  }

  /**
   * The kept value for `key`, or the one `produce` computes, kept unless it is null or a write went through meanwhile.
   * Past half its maximum age a kept value is replaced by one computation while it is still served, so that the
   * readers of a hot key do not all wait each time it ages out; past its maximum age it is never served.
   */
  async get(key: string, produce: () => Promise<V>): Promise<V> {
    if (this.#options.maxAgeMs <= 0) return produce();
    const startedAt = this.#options.now();
    const hit = this.#kept.get(key);
    if (hit) {
      this.#kept.delete(key);
      this.#kept.set(key, hit);
      this.#remeasure(hit);
      if (hit.refreshAt > startedAt) {
        this.counted?.(true);
        return hit.value;
      }
    }
    const fresh = this.#compute(key, produce, startedAt);
    if (hit && hit.expires > startedAt) {
      // A failed refresh is retried by the next read.
      fresh.catch(() => undefined);
      this.counted?.(true);
      return hit.value;
    }
    this.counted?.(false);
    return fresh;
  }

  #compute(key: string, produce: () => Promise<V>, startedAt: number): Promise<V> {
    // A computation begun before the latest write may have read the old rows: only one begun after it is joined.
    const generation = this.#generation;
    const pending = this.#pending.get(key);
    if (pending?.generation === generation) return pending.value;
    const value = produce().then((computed) => {
      if (computed !== null && generation === this.#generation) this.#keep(key, computed, startedAt);
      return computed;
    });
    const mine = { generation, value };
    this.#pending.set(key, mine);
    const settled = () => {
      if (this.#pending.get(key) === mine) this.#pending.delete(key);
    };
    value.then(settled, settled);
    return value;
  }

  #keep(key: string, value: V, startedAt: number): void {
    const { maxAgeMs, maxSize, sizeOf } = this.#options;
    const size = sizeOf(value);
    if (size > maxSize) return;
    this.#forget(key);
    this.#kept.set(key, { value, size, refreshAt: startedAt + maxAgeMs / 2, expires: startedAt + maxAgeMs });
    this.#size += size;
    this.#trim(startedAt);
  }

  /** A kept value that grew since it was measured (ADR 129) counts at its new size. */
  #remeasure(entry: Entry<V>): void {
    const size = this.#options.sizeOf(entry.value);
    if (size === entry.size) return;
    this.#size += size - entry.size;
    entry.size = size;
    this.#trim(this.#options.now());
  }

  /**
   * The least recently used go while the bound is passed, and so do expired values at the front, which would never be
   * served again but stayed until a write or the bound took them (ADR 129): a run of different searches filled the
   * community answers with a second's answers for good.
   */
  #trim(now: number): void {
    for (const [oldest, entry] of this.#kept) {
      if (this.#size <= this.#options.maxSize && entry.expires > now) break;
      this.#forget(oldest);
    }
  }

  #forget(key: string): void {
    const entry = this.#kept.get(key);
    if (!entry) return;
    this.#kept.delete(key);
    this.#size -= entry.size;
  }
}
