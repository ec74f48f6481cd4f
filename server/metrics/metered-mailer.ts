/** A mailer that counts what it sends and what fails, for the metrics (ADR 143); the mail itself is the inner one's. */
import type { Mail, Mailer } from '../mail/mailer';
import type { Metrics } from './metrics';

export class MeteredMailer implements Mailer {
  constructor(
    private readonly inner: Mailer,
    private readonly metrics: Metrics,
  ) {}

  async send(mail: Mail): Promise<void> {
    try {
      await this.inner.send(mail);
      this.metrics.mail(true);
    } catch (error) {
      this.metrics.mail(false);
      throw error;
    }
  }

  close(): Promise<void> {
    return this.inner.close?.() ?? Promise.resolve();
  }
}
