/**
 * Expensive reads on PGlite (ADR 125): they run one at a time, leave the thread free for as long again as they took
 * (at a share of one half), and past the waiting bound they are refused with DatabaseBusy.
 */
import { describe, expect, it } from 'vitest';
import { DatabaseBusy } from '../../server/data/query-queue';
import { DutyCycle } from '../../server/http/duty-cycle';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DutyCycle', () => {
  it('runs reads one at a time and rests between them as long as each took, at a share of one half', async () => {
    const cycle = new DutyCycle(0.5, 10);
    let running = 0;
    let most = 0;
    const spans: [number, number][] = [];
    const read = async () => {
      running += 1;
      most = Math.max(most, running);
      const start = performance.now();
      await sleep(30);
      spans.push([start, performance.now()]);
      running -= 1;
    };
    await Promise.all([cycle.run(read), cycle.run(read), cycle.run(read)]);
    expect(most).toBe(1);
    for (let i = 1; i < spans.length; i++) {
      const rested = spans[i]![0] - spans[i - 1]![1];
      const took = spans[i - 1]![1] - spans[i - 1]![0];
      expect(rested).toBeGreaterThanOrEqual(took - 2);
    }
  });

  it('refuses a read past the waiting bound, and answers every read it took', async () => {
    const cycle = new DutyCycle(0.5, 2);
    const first = cycle.run(async () => 'a');
    const second = cycle.run(async () => 'b');
    await expect(cycle.run(async () => 'c')).rejects.toBeInstanceOf(DatabaseBusy);
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(cycle.waiting).toBe(0);
  });

  it('passes a read that failed on to its caller and goes on with the next', async () => {
    const cycle = new DutyCycle(1, 4);
    const failed = cycle.run(async () => {
      throw new Error('no');
    });
    const next = cycle.run(async () => 'next');
    await expect(failed).rejects.toThrow('no');
    expect(await next).toBe('next');
  });
});
