/** The mailer port: every mail has a plain-text and an HTML part. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What a console log line shows instead of the whole body (the code and the link). */
  summary: string;
  /** Files sent with the mail (a workshop's calendar file). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close?(): Promise<void>;
}
