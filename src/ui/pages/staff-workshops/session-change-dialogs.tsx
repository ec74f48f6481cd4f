/**
 * 'Move' and 'Cancel' a workshop session (issue 38 item 1), each confirmed in a radix dialog. The server mails every
 * registered and waitlisted member (the registered with a calendar update) and answers how many; the page reloads.
 */
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { messageOf } from '../../../application/api-error';
import { cancelSession, moveSession } from '../../../application/staff-workshops';
import type { StaffSession } from '../../../contract/staff-workshops';
import { formatWorkshopTime } from '../../../domain/workshops';
import { Field } from '../../components/fields';
import { useServices } from '../../services-context';
import '../../components/dialog.css';

export const SESSION_DIALOG_TEXT = {
  move: 'Move session',
  moveTitle: 'Move this session',
  cancel: 'Cancel session',
  cancelTitle: 'Cancel this session',
  missing: 'Choose the new date and time.',
  moveFailed: 'Could not move the session. Please try again.',
  cancelFailed: 'Could not cancel the session. Please try again.',
} as const;

/** 'YYYY-MM-DDTHH:mm' in the browser's zone, as a datetime-local field holds it. */
function localValue(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const people = (n: number) => (n === 1 ? '1 member' : `${n} members`);

function ConfirmDialog({ label, title, description, danger = false, children }: {
  label: string;
  title: string;
  description: string;
  danger?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button ref={opener} type="button" className={danger ? 'button button--danger' : 'button'}>
          {label}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog" onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}>
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="field__help">{description}</Dialog.Description>
          {children(() => setOpen(false))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function MoveDialog({ session, onDone }: { session: StaffSession; onDone: () => void }) {
  const { api, notifier, log } = useServices();
  const [value, setValue] = useState(() => localValue(session.startsAt));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const told = people(session.registered + session.waitlisted);

  const submit = (close: () => void) => async (event: FormEvent) => {
    event.preventDefault();
    const when = new Date(value);
    if (!value || Number.isNaN(when.getTime())) {
      setError(SESSION_DIALOG_TEXT.missing);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const moved = await moveSession(api, session.id, when.toISOString());
      notifier.success(moved.message);
      close();
      onDone();
    } catch (failure) {
      log('moving a session failed', failure);
      setError(messageOf(failure, SESSION_DIALOG_TEXT.moveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ConfirmDialog label={SESSION_DIALOG_TEXT.move} title={SESSION_DIALOG_TEXT.moveTitle}
      description={`${session.title}, now ${formatWorkshopTime(session.startsAt)}. The ${told} on it will get a mail with the new time.`}>
      {(close) => (
        <form className="form" onSubmit={submit(close)} noValidate>
          <Field label="New start" type="datetime-local" value={value} onChange={setValue} isRequired autoFocus
            description={`In your time zone (${zone}).`} errorId={error ? errorId : undefined} />
          <p id={errorId} className="form__error" role="alert">
            {error ?? ''}
          </p>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="button">
                Keep the time
              </button>
            </Dialog.Close>
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? 'Moving...' : `Move and tell ${told}`}
            </button>
          </div>
        </form>
      )}
    </ConfirmDialog>
  );
}

export function CancelDialog({ session, onDone }: { session: StaffSession; onDone: () => void }) {
  const { api, notifier, log } = useServices();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const told = people(session.registered + session.waitlisted);

  const confirm = async (close: () => void) => {
    setSaving(true);
    setError(null);
    try {
      const cancelled = await cancelSession(api, session.id);
      notifier.success(cancelled.message);
      close();
      onDone();
    } catch (failure) {
      log('cancelling a session failed', failure);
      setError(messageOf(failure, SESSION_DIALOG_TEXT.cancelFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ConfirmDialog label={SESSION_DIALOG_TEXT.cancel} title={SESSION_DIALOG_TEXT.cancelTitle} danger
      description={`${session.title}, ${formatWorkshopTime(session.startsAt)}. It leaves the site, every place on it goes, and the ${told} on it will get a mail. This cannot be undone.`}>
      {(close) => (
        <>
          <p className="form__error" role="alert">
            {error ?? ''}
          </p>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="button">
                Keep the session
              </button>
            </Dialog.Close>
            <button type="button" className="button button--danger" disabled={saving} onClick={() => confirm(close)}>
              {saving ? 'Cancelling...' : `Cancel it and tell ${told}`}
            </button>
          </div>
        </>
      )}
    </ConfirmDialog>
  );
}
