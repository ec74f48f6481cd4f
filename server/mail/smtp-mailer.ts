import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer';

/** Sends real mail through the SMTP server named by SMTP_URL (smtp:// or smtps://). */
export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;
  constructor(url: string, private readonly from: string) {
    this.#transport = nodemailer.createTransport(url);
  }
  async send(mail: Mail): Promise<void> {
    await this.#transport.sendMail({
      from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
      ...(mail.attachments ? { attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) } : {}),
    });
  }
  async close(): Promise<void> {
    this.#transport.close();
  }
}
