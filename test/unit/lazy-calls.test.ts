/**
 * Loading a contract on first use (ADRs 102 and 103): once loaded, a call is made in the caller's own task, before
 * any microtask (so before the render a press schedules); the module loads once; and every reference a view holds
 * names a real call of the contract under a key of its own.
 */
import { describe, expect, it } from 'vitest';
import { lazyCalls } from '../../src/application/lazy-calls';
import type { Call } from '../../src/contract/define';
import * as calls from '../../src/ui/calls';

describe('lazyCalls', () => {
  it('loads the module once, then runs a call in the same task, before any microtask', async () => {
    let imports = 0;
    const module = { answer: 42 };
    const lazy = lazyCalls(async () => {
      imports++;
      return module;
    });
    const order: string[] = [];
    await Promise.all([lazy(async (m) => m.answer), lazy(async (m) => m.answer)]);
    expect(imports).toBe(1);
    queueMicrotask(() => order.push('microtask'));
    void lazy(async (m) => {
      order.push(`call ${m.answer}`);
    });
    order.push('after the call');
    await Promise.resolve();
    expect(order).toEqual(['call 42', 'after the call', 'microtask']);
  });

  it('turns a call that throws at once into a rejection, as it is before the module loads', async () => {
    const lazy = lazyCalls(async () => ({}));
    await lazy.load();
    const boom = () => lazy(() => {
      throw new Error('bad input');
    });
    await expect(boom()).rejects.toThrow('bad input');
  });

  it('a load that fails is seen by the call that needed it', async () => {
    const lazy = lazyCalls(() => Promise.reject(new Error('chunk failed')));
    await expect(lazy(async () => 'never')).rejects.toThrow('chunk failed');
  });

  it('a load that failed (a preparation, or a call) is tried again by the next call', async () => {
    let attempts = 0;
    const lazy = lazyCalls(async () => {
      attempts++;
      if (attempts === 1) throw new Error('connection dropped');
      return { answer: 42 };
    });
    await expect(lazy.load()).rejects.toThrow('connection dropped');
    await expect(lazy(async (m) => m.answer)).resolves.toBe(42);
    expect(attempts).toBe(2);
  });
});

describe('the calls views name (src/ui/calls.ts)', () => {
  const refs = Object.entries(calls as Record<string, unknown>).filter((entry): entry is [string, calls.CallRef<Call>] => typeof entry[1] === 'object');

  it('each reference loads a call of the contract, with its method, path and answer schema', async () => {
    expect(refs.length).toBeGreaterThan(20);
    for (const [exported, ref] of refs) {
      const call = await ref.load();
      expect(call.method, exported).toMatch(/^(GET|POST|PUT|DELETE)$/);
      expect(call.path, exported).toMatch(/^\//);
      expect(typeof call.response.safeParse, exported).toBe('function');
      expect(ref.name.endsWith(`.${exported}`), `${exported} is keyed as ${ref.name}`).toBe(true);
    }
  });

  it('no two references share a key, so no page answer is served to another call', () => {
    const names = refs.map(([, ref]) => ref.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
