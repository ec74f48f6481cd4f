/** The mailer port: every mail has a plain-text and an HTML part. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What a console log line shows instead of the whole body (the code and the link). */
  summary: string;
  /** Where a reply goes, when not to the sender (a contact message: to the person who wrote it). */
  replyTo?: string;
  /** Files sent with the mail (a workshop's calendar file). */
  attachments?: { filename: string; content: string; contentType: string }[];
  /** Extra header lines (a newsletter's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close?(): Promise<void>;
}
