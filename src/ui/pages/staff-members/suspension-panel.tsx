/**
 * 'Suspend' and 'Lift' on a member's console page (issue 36 item 6, ADR 140): a thin view of the member suspension
 * machine. 'Suspend' opens a dialog asking for the reason the member will read when they try to sign in.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import type { MemberDetail } from '../../../contract/staff-members';
import { SUSPENSION_REASON_MAX, suspendedMessage } from '../../../domain/suspension';
import { Field } from '../../components/fields';
import { useServices } from '../../services-context';
import '../../components/dialog.css';
import { LocalTime } from '../../components/local-time';

export function SuspensionPanel({ member, onChanged }: { member: MemberDetail; onChanged: () => void }) {
  const { machines } = useServices();
  const [machine] = useState(machines.memberSuspension);
  const actor = useActorRef(machine, { input: { memberId: member.id, suspended: member.suspended } });
  const snapshot = useSelector(actor, (s) => s);
  const { reason, error, announcement } = snapshot.context;
  const open = snapshot.matches('confirming') || snapshot.matches('suspending');
  const suspended = snapshot.matches('suspended') || snapshot.matches('lifting');
  const opener = useRef<HTMLButtonElement>(null);
  const lifter = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const errorId = useId();

  // After a suspension or a lift the page reloads the member; the focus goes to the button that undoes it.
  const settled = snapshot.matches('suspended') ? 'suspended' : snapshot.matches('active') ? 'active' : null;
  const before = useRef(settled);
  useEffect(() => {
    if (settled === null || settled === before.current) return;
    before.current = settled;
    onChanged();
    (settled === 'suspended' ? lifter : opener).current?.focus();
  }, [settled, onChanged]);

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'suspend.confirm' });
  };

  return (
    <section className="staff-member__suspension" aria-labelledby="suspension-heading">
      <h2 id="suspension-heading">Suspension</h2>
      {suspended ? (
        <>
          {member.suspension && (
            <p>
              Suspended <LocalTime iso={member.suspension.at} />
              {member.suspension.by ? ` by ${member.suspension.by.name}` : ''}. The member reads:
            </p>
          )}
          {member.suspension && <blockquote className="staff-member__reason">{suspendedMessage(member.suspension.reason)}</blockquote>}
          <button ref={lifter} type="button" className="button" disabled={snapshot.matches('lifting')} onClick={() => actor.send({ type: 'lift.request' })}>
            {snapshot.matches('lifting') ? 'Lifting...' : 'Lift suspension'}
          </button>
          <p className="form__error" role="alert">
            {error ?? ''}
          </p>
        </>
      ) : (
        <>
          <p>Suspending signs the member out everywhere and refuses their sign-in until the suspension is lifted. They read the reason you give.</p>
          <button ref={opener} type="button" className="button button--danger" aria-haspopup="dialog" aria-expanded={open}
            onClick={() => actor.send({ type: 'suspend.open' })}>
            Suspend
          </button>
        </>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {open && (
        <Dialog.Root open onOpenChange={(next) => !next && actor.send({ type: 'dialog.close' })}>
          <Dialog.Portal>
            <Dialog.Overlay className="dialog__overlay" />
            <Dialog.Content
              className="dialog dialog--wide"
              onOpenAutoFocus={(event) => {
                event.preventDefault();
                field.current?.querySelector('textarea')?.focus();
              }}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                (opener.current ?? lifter.current)?.focus();
              }}
            >
              <Dialog.Title className="dialog__title">Suspend {member.name}?</Dialog.Title>
              <Dialog.Description>
                They are signed out on every device at once and cannot sign in until the suspension is lifted. When they try, they read the reason below.
              </Dialog.Description>
              <Form onSubmit={confirm} className="form">
                <div ref={field}>
                  <Field label="Reason (shown to the member)" name="reason" multiline maxLength={SUSPENSION_REASON_MAX} value={reason}
                    onChange={(value) => actor.send({ type: 'reason.change', value })} errorId={error ? errorId : undefined}
                    description={`Up to ${SUSPENSION_REASON_MAX} characters.`} />
                </div>
                <p id={errorId} className="form__error" role="alert">
                  {error ?? ''}
                </p>
                <div className="dialog__actions">
                  <Dialog.Close asChild>
                    <button type="button" className="button" disabled={snapshot.matches('suspending')}>
                      Cancel
                    </button>
                  </Dialog.Close>
                  <Button type="submit" className="button button--danger" isDisabled={snapshot.matches('suspending')}>
                    {snapshot.matches('suspending') ? 'Suspending...' : 'Suspend member'}
                  </Button>
                </div>
              </Form>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      )}
    </section>
  );
}
