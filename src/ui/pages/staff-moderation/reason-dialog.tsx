/**
 * The moderation queue's two dialogs that ask for words (issue 37 item 7, ADR 149): 'Hide' asks for the reason the
 * author is told; 'Silence the author' asks for 1, 7 or 30 days (a react-aria RadioGroup) and the reason. One radix
 * Dialog for both; the focus comes back to the button that opened it.
 */
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { HIDE_REASON_MAX, SILENCE_DAYS } from '../../../domain/moderation';
import { DialogFormEnd } from '../../components/dialog-form-end';
import { Field } from '../../components/fields';
import '../../components/dialog.css';

export type Days = (typeof SILENCE_DAYS)[number];

export function ReasonDialog({ label, subject, title, description, fieldLabel, confirm, withDays = false, danger = false, onSubmit }: {
  /** The button's text, and the dialog's title and words. */
  label: string;
  subject: string;
  title: string;
  description: string;
  fieldLabel: string;
  confirm: string;
  withDays?: boolean;
  danger?: boolean;
  /** Answers null when done, else what went wrong (shown in the dialog). */
  onSubmit: (reason: string, days: Days) => Promise<string | null>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<Days>(1);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Please give a reason');
    setSending(true);
    const problem = await onSubmit(reason.trim(), days);
    setSending(false);
    if (problem) return setError(problem);
    setOpen(false);
    setReason('');
    setError(null);
  };

  return (
    <>
      <button ref={button} type="button" className={danger ? 'chip-button chip-button--danger' : 'chip-button'} aria-haspopup="dialog" aria-expanded={open}
        onClick={() => setOpen(true)}>
        {label}<span className="visually-hidden"> {subject}</span>
      </button>
      {open && (
        <Dialog.Root open onOpenChange={(next) => !next && !sending && setOpen(false)}>
          <Dialog.Portal>
            <Dialog.Overlay className="dialog__overlay" />
            <Dialog.Content className="dialog dialog--wide" onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}>
              <Dialog.Title className="dialog__title">{title}</Dialog.Title>
              <Dialog.Description>{description}</Dialog.Description>
              <Form onSubmit={submit} className="form">
                {withDays && (
                  <RadioGroup className="report-reasons" value={String(days)} onChange={(value) => setDays(Number(value) as Days)} isDisabled={sending}>
                    <Label className="field__label">For how long</Label>
                    {SILENCE_DAYS.map((d) => (
                      <Radio key={d} value={String(d)} className="report-reason">
                        {d === 1 ? '1 day' : `${d} days`}
                      </Radio>
                    ))}
                  </RadioGroup>
                )}
                <Field label={fieldLabel} name="reason" multiline maxLength={HIDE_REASON_MAX} value={reason} isDisabled={sending}
                  onChange={(value) => {
                    setReason(value);
                    setError(null);
                  }} errorId={error ? errorId : undefined} description={`Up to ${HIDE_REASON_MAX} characters.`} />
                <DialogFormEnd errorId={errorId} error={error} busy={sending} confirm={confirm} busyLabel="Saving..." danger={danger} />
              </Form>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </>
  );
}
