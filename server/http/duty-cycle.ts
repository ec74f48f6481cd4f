/**
 * Expensive reads take turns and leave the thread free between them (ADR 125). On PGlite a search runs in WebAssembly
 * on the server's one thread: five connections of searches that miss the kept answers kept it busy all the time, and
 * a bystander's kept answers waited behind them (the bench's bystander ratio, 0.01–0.02). Here such reads run one at
 * a time, and after one that took t ms the next starts no sooner than t × (1 − share) / share ms later, so they use at
 * most `share` of the thread whatever the number of callers or addresses. Past `maxWaiting` callers the read is refused
 * with DatabaseBusy (503 with Retry-After) instead of queueing without end.
 */
import { DatabaseBusy } from '../data/query-queue';

export class DutyCycle {
  #tail: Promise<void> = Promise.resolve();
  #waiting = 0;
  #nextStart = 0;

  constructor(
    readonly share: number,
    readonly maxWaiting: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Callers waiting or running now. */
  get waiting(): number {
    return this.#waiting;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#waiting >= this.maxWaiting) throw new DatabaseBusy();
    this.#waiting += 1;
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await previous;
      const rest = this.#nextStart - this.now();
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      const started = this.now();
      try {
        return await work();
      } finally {
        const ended = this.now();
        this.#nextStart = ended + ((ended - started) * (1 - this.share)) / this.share;
      }
    } finally {
      this.#waiting -= 1;
      release();
    }
  }
}
