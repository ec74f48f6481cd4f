/**
 * 'Report' on others' posts and comments (issue 37 item 7, ADR 149): a thin view of the report dialog machine, one per
 * page. `ReportProvider` holds the machine and draws the dialog (radix Dialog) with the guidelines' reasons
 * (react-aria RadioGroup) and a note; `ReportButton` opens it for one item, and the focus comes back to that button.
 * Moderators also get 'Pin' on each post.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Dialog } from 'radix-ui';
import { createContext, type FormEvent, type ReactNode, useContext, useId, useMemo, useRef, useState } from 'react';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { messageOf } from '../../../application/api-error';
import { pinPost } from '../../../application/moderation';
import type { ReportTargetRef } from '../../../application/report-dialog.machine';
import { HIDDEN_TEXT, REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '../../../domain/moderation';
import { mayAct } from '../../../domain/staff';
import { myRoles } from '../../calls';
import { DialogFormEnd } from '../../components/dialog-form-end';
import { Field } from '../../components/fields';
import { useQuery } from '../../hooks/use-query';
import { useServices } from '../../services-context';
import '../../components/dialog.css';
import './moderation.css';

type Open = (target: ReportTargetRef, opener: HTMLButtonElement | null) => void;
/** Opens the dialog; whether the reader is a moderator (who may pin posts). */
const ReportContext = createContext<{ open: Open; moderator: boolean } | null>(null);

export function ReportProvider({ children }: { children: ReactNode }) {
  const { machines } = useServices();
  const [machine] = useState(machines.reportDialog);
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (s) => s);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [open] = useState<Open>(() => (target: ReportTargetRef, button: HTMLButtonElement | null) => {
    opener.current = button;
    actor.send({ type: 'report.open', target });
  });
  const { reason, note, error, announcement, target } = snapshot.context;
  const sending = snapshot.matches('sending');
  const errorId = useId();
  const roles = useQuery(myRoles);
  const moderator = roles.status === 'success' && mayAct(roles.data.roles, ['moderator']);
  const value = useMemo(() => ({ open, moderator }), [open, moderator]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'report.submit' });
  };

  return (
    <ReportContext.Provider value={value}>
      {children}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {!snapshot.matches('closed') && (
        <Dialog.Root open onOpenChange={(next) => !next && !sending && actor.send({ type: 'dialog.close' })}>
          <Dialog.Portal>
            <Dialog.Overlay className="dialog__overlay" />
            <Dialog.Content className="dialog dialog--wide" onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}>
              <Dialog.Title className="dialog__title">Report this {target?.type === 'comment' ? 'comment' : 'post'}</Dialog.Title>
              <Dialog.Description>
                Tell the moderators what is wrong, by the community guidelines. The author is not told who reported it.
              </Dialog.Description>
              <Form onSubmit={submit} className="form">
                <RadioGroup className="report-reasons" value={reason} isDisabled={sending}
                  onChange={(value) => actor.send({ type: 'reason.change', value: value as ReportReason })}>
                  <Label className="field__label">Reason</Label>
                  {REPORT_REASONS.map((value) => (
                    <Radio key={value} value={value} className="report-reason">
                      {REPORT_REASON_LABELS[value]}
                    </Radio>
                  ))}
                </RadioGroup>
                <Field label={reason === 'other' ? 'What is wrong (required)' : 'Note (optional)'} name="note" multiline maxLength={REPORT_NOTE_MAX}
                  value={note} onChange={(value) => actor.send({ type: 'note.change', value })} errorId={error ? errorId : undefined}
                  description={`Up to ${REPORT_NOTE_MAX} characters.`} isDisabled={sending} />
                <DialogFormEnd errorId={errorId} error={error} busy={sending} confirm="Send report" busyLabel="Sending..." />
              </Form>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </ReportContext.Provider>
  );
}

/** 'Report' for one post or comment; nothing outside a ReportProvider. */
export function ReportButton({ target, subject }: { target: ReportTargetRef; subject: string }) {
  const context = useContext(ReportContext);
  const button = useRef<HTMLButtonElement>(null);
  if (!context) return null;
  return (
    <button ref={button} type="button" className="chip-button" aria-haspopup="dialog" onClick={() => context.open(target, button.current)}>
      Report<span className="visually-hidden"> {subject}</span>
    </button>
  );
}

/** What stands in the place of a hidden post or comment, for everyone. */
export function HiddenPlaceholder() {
  return <p className="moderation-placeholder">{HIDDEN_TEXT}</p>;
}

/** 'Pin' or 'Unpin' a post to the top of its subcategory, for moderators (and admins) only. */
export function PinButton({ id, pinned, subject, onChanged }: { id: string; pinned: boolean; subject: string; onChanged: () => void }) {
  const context = useContext(ReportContext);
  const { api, notifier, log } = useServices();
  const [saving, setSaving] = useState(false);
  if (!context?.moderator) return null;
  const toggle = async () => {
    setSaving(true);
    try {
      notifier.success(await pinPost(api, id, !pinned));
      onChanged();
    } catch (error) {
      log('pinning a post failed', error);
      notifier.error(messageOf(error, 'Could not pin the post. Please try again.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <button type="button" className="chip-button" aria-pressed={pinned} disabled={saving} onClick={toggle}>
      Pin<span className="visually-hidden"> post: {subject}</span>
    </button>
  );
}
