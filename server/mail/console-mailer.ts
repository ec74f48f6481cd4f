import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer';

/** The default mailer: prints each mail's code and link on one clear log line, so a developer can sign up with no SMTP server. */
export class ConsoleMailer implements Mailer {
  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}
  async send(mail: Mail): Promise<void> {
    this.log.info({ mail: { to: mail.to, subject: mail.subject } }, `MAIL to ${mail.to}: ${mail.summary}`);
  }
}
