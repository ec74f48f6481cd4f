/** The mails of a member's data (ADR 134): the code that confirms deleting an account without a password. */
import { codeMail } from './auth-mails';
import type { Mail } from './mailer';

export function deleteCodeMail(to: string, code: string, publicUrl: string): Mail {
  return codeMail({
    to, code, label: 'delete-account', link: `${publicUrl}/profile`, subject: 'Your SustainLearn account deletion code',
    what: 'delete your SustainLearn account', ignoring: ': your account stays as it is.',
  });
}
