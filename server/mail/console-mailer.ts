import type { Mail, Mailer } from './mailer';

/**
 * The default mailer when SMTP_URL is unset: each mail's code and link on one line of standard output, so a developer
 * can sign up with no mail server. This is the mail's delivery, not the log: the log never holds codes (ADR 063).
 */
export class ConsoleMailer implements Mailer {
  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {}
  async send(mail: Mail): Promise<void> {
    this.write(`MAIL to ${mail.to}: ${mail.summary}`);
  }
}
