/** A real SMTP receiver for one test file: started before its tests, closed after; its mails land in a JSON-lines file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { readMails, startMailbox } from '../e2e/support/mailbox';

export function smtpReceiver(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const mailFile = join(dir, 'mail.jsonl');
  let mailbox: Awaited<ReturnType<typeof startMailbox>> | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox(mailFile);
  });
  afterAll(async () => {
    await mailbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    mailFile,
    port: () => mailbox!.port,
    /** The mails received for an address so far. */
    mailsTo: (email: string) => readMails(mailFile).filter((m) => m.to.includes(email)),
  };
}
