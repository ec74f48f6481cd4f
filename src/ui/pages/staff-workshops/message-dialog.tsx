/**
 * 'Message registrants' (issue 36 item 5): a subject and a message, to the registered members and, when asked, the
 * waitlist, in a radix dialog. The server queues one mail per member; the dialog says how many are on their way.
 */
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { messageOf } from '../../../application/api-error';
import { messageRegistrants } from '../../../application/staff-workshops';
import { MESSAGE_LIMITS } from '../../../contract/staff-workshops';
import { Checkbox } from '../../components/checkbox';
import { Field } from '../../components/fields';
import { useServices } from '../../services-context';
import '../../components/dialog.css';

export const MESSAGE_TEXT = {
  open: 'Message registrants',
  title: 'Message the registrants',
  failed: 'Could not send your message. Please try again.',
  missing: 'Write a subject and a message.',
} as const;

export function MessageDialog({ sessionId, title, registered, waitlisted }: { sessionId: string; title: string; registered: number; waitlisted: number }) {
  const { api, notifier, log } = useServices();
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [includeWaitlist, setIncludeWaitlist] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const errorId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const recipients = registered + (includeWaitlist ? waitlisted : 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim() || !message.trim()) {
      setError(MESSAGE_TEXT.missing);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const sent = await messageRegistrants(api, sessionId, { subject, message, includeWaitlist });
      notifier.success(sent.message);
      setSubject('');
      setMessage('');
      setIncludeWaitlist(false);
      setOpen(false);
    } catch (failure) {
      log('messaging registrants failed', failure);
      // The text stays in the form, to send again.
      setError(messageOf(failure, MESSAGE_TEXT.failed));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button ref={opener} type="button" className="button" disabled={registered + waitlisted === 0}>
          {MESSAGE_TEXT.open}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog dialog--wide" onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}>
          <Dialog.Title className="dialog__title">{MESSAGE_TEXT.title}</Dialog.Title>
          <Dialog.Description className="field__help">
            {title}. Each member gets the mail on its own; replies go to the staff address when one is set.
          </Dialog.Description>
          <form className="form" onSubmit={submit} noValidate>
            <Field label="Subject" value={subject} onChange={setSubject} maxLength={MESSAGE_LIMITS.subject} isRequired autoFocus
              errorId={error ? errorId : undefined} />
            <Field label="Message" multiline value={message} onChange={setMessage} maxLength={MESSAGE_LIMITS.message} isRequired
              description="Plain text. A blank line starts a new paragraph." errorId={error ? errorId : undefined} />
            {waitlisted > 0 && (
              <Checkbox isSelected={includeWaitlist} onChange={setIncludeWaitlist}>
                Also send it to the {waitlisted === 1 ? 'member' : `${waitlisted} members`} on the waitlist
              </Checkbox>
            )}
            <p id={errorId} className="form__error" role="alert">
              {error ?? ''}
            </p>
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="button button--primary" disabled={sending}>
                {sending ? 'Sending...' : `Send to ${recipients} ${recipients === 1 ? 'member' : 'members'}`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
