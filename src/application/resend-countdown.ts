/**
 * The resend countdown shared by the code flows (the OTP wizard, the email change): a machine counts `secondsLeft`
 * down on `clock.tick` events, and this ticker sends them once a second from the Clock port while a countdown runs.
 */
import type { Clock } from './ports';

/** What a ticking actor needs: its status (a stopped actor stops the clock) and a way to be sent the tick. */
interface Ticking {
  getSnapshot(): { status: string };
  send(event: { type: 'clock.tick' }): void;
}

export function resendTicker(clock: Clock) {
  let stopTicking: (() => void) | null = null;
  const stop = () => {
    stopTicking?.();
    stopTicking = null;
  };
  return {
    /** Starts (or restarts) a tick a second for `self`; a tick that finds the actor stopped stops the clock instead. */
    start(self: Ticking) {
      stop();
      stopTicking = clock.every(1000, () => {
        if (self.getSnapshot().status !== 'active') return stop();
        self.send({ type: 'clock.tick' });
      });
    },
    stop,
  };
}

/** The tick transitions every countdown machine has at its root: the last second stops the clock. */
export const COUNTDOWN_GUARDS = {
  countingDown: ({ context }: { context: { secondsLeft: number } }) => context.secondsLeft > 0,
  lastTick: ({ context }: { context: { secondsLeft: number } }) => context.secondsLeft === 1,
};
