import { injectable } from 'inversify';
import type { Clock } from '../application/ports';

@injectable()
export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
  every(ms: number, tick: () => void): () => void {
    const id = setInterval(tick, ms);
    return () => clearInterval(id);
  }
}
