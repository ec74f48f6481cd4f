import type { Mail, Mailer } from './mailer';

/**
 * The default mailer when SMTP_URL is unset: each mail's code and link on one line of standard output, so a developer
 * can sign up with no mail server. This is the mail's delivery, not the log: the log never holds codes (ADR 063).
 */
export class ConsoleMailer implements Mailer {
  constructor(
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
    /** At a terminal the line stands on its own, bold black on yellow, between blank lines, so a code is not missed. */
    private readonly highlight = false,
  ) {}
  async send(mail: Mail): Promise<void> {
    // A newsletter's unsubscribe address shows too, so a developer can try the one-click POST.
    const unsubscribe = mail.headers?.['List-Unsubscribe'];
    const line = `MAIL to ${mail.to}: ${mail.summary}${unsubscribe ? ` (List-Unsubscribe: ${unsubscribe})` : ''}`;
    this.write(this.highlight ? `\n\x1b[1;30;43m ${line} \x1b[0m\n` : line);
  }
}
