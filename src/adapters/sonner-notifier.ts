import { injectable } from 'inversify';
import type { Notifier } from '../application/ports';

/**
 * Toasts through sonner, loaded on first use: no toast is ever needed for the first paint (the Toaster itself is a
 * lazy part of the app shell).
 */
@injectable()
export class SonnerNotifier implements Notifier {
  success(message: string, options: { position?: 'top-right'; durationMs?: number } = {}): void {
    void import('sonner').then(({ toast }) =>
      toast.success(message, { ...(options.position ? { position: options.position } : {}), ...(options.durationMs ? { duration: options.durationMs } : {}) }),
    );
  }

  error(message: string): void {
    void import('sonner').then(({ toast }) => toast.error(message));
  }
}
