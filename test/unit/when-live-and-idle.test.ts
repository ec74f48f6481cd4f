// @vitest-environment jsdom
/**
 * The bar's menus preload their code when the browser is idle once the first page is live (ADR 188), not while the
 * page's own code is still on its way. jsdom has no idle callbacks: `whenIdle` falls back to a 200 ms timer there.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type WhenIdle = typeof import('../../src/ui/when-idle');
let idle: WhenIdle;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  idle = await import('../../src/ui/when-idle');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('whenLiveAndIdle', () => {
  it('runs nothing before the page is live, however long the browser is idle, then runs once it is', () => {
    const ran: string[] = [];
    idle.whenLiveAndIdle(() => ran.push('menu'));
    vi.advanceTimersByTime(10_000);
    expect(ran).toEqual([]);
    idle.markLive();
    expect(ran, 'live, but the browser has not been idle yet').toEqual([]);
    vi.advanceTimersByTime(200);
    expect(ran).toEqual(['menu']);
  });

  it('asked after the page is live, waits only for the idle moment', () => {
    idle.markLive();
    const ran: string[] = [];
    idle.whenLiveAndIdle(() => ran.push('bell'));
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(ran).toEqual(['bell']);
  });

  it('cancelled before the page is live, or after but before the idle moment, runs nothing', () => {
    const ran: string[] = [];
    const early = idle.whenLiveAndIdle(() => ran.push('early'));
    const late = idle.whenLiveAndIdle(() => ran.push('late'));
    idle.whenLiveAndIdle(() => ran.push('kept'));
    early();
    idle.markLive();
    late();
    idle.markLive();
    vi.advanceTimersByTime(1_000);
    expect(ran, 'a second markLive runs nothing twice').toEqual(['kept']);
  });
});
