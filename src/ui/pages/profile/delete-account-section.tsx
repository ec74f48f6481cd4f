/**
 * 'Delete account' on Profile Settings (issue 35, ADR 134): an alert dialog says what happens, asks for the current
 * password (or a code mailed to a member without one) and whether the posts and comments go too. A thin view of the
 * account deletion machine, which signs the member out and sends them home once the account is gone.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { AlertDialog } from 'radix-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { Checkbox } from '../../components/checkbox';
import { Field } from '../../components/fields';
import { useServices } from '../../services-context';
import './account-data.css';

export function DeleteAccountSection() {
  const { machines } = useServices();
  const [machine] = useState(machines.accountDeletion);
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (s) => s);
  const { password, code, codeSent, deletePosts, error, announcement } = snapshot.context;
  const open = snapshot.matches('editing') || snapshot.matches('requestingCode') || snapshot.matches('deleting');
  const busy = snapshot.matches('requestingCode') || snapshot.matches('deleting');
  const opener = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLDivElement>(null);
  const errorId = useId();
  // Once a code is mailed its field takes the place of the password's, and the focus with it.
  useEffect(() => {
    if (codeSent) firstField.current?.querySelector('input')?.focus();
  }, [codeSent]);

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'delete.confirm' });
  };

  return (
    <section className="auth-card profile-card" aria-labelledby="delete-account">
      <h2 id="delete-account">Delete account</h2>
      <p className="account-data__lead">
        Deleting your account erases your profile and what you did here, and signs you out everywhere. It cannot be undone.
      </p>
      <button ref={opener} type="button" className="button account-danger-button" aria-haspopup="dialog" aria-expanded={open}
        onClick={() => actor.send({ type: 'dialog.open' })}>
        Delete account
      </button>
      {open && (
        <AlertDialog.Root open onOpenChange={(next) => !next && actor.send({ type: 'dialog.close' })}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="account-dialog__overlay" />
            <AlertDialog.Content
              className="account-dialog"
              onOpenAutoFocus={(event) => {
                event.preventDefault();
                firstField.current?.querySelector('input')?.focus();
              }}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                opener.current?.focus();
              }}
            >
              <AlertDialog.Title className="account-dialog__title">Delete your account?</AlertDialog.Title>
              <AlertDialog.Description asChild>
                <ul className="account-dialog__facts">
                  <li>
                    Your profile, email address, picture, likes, course progress, quiz and assessment results and workshop registrations are
                    erased. Your seats at upcoming workshops go to the next person on the waitlist.
                  </li>
                  <li>Your certificates are revoked: their verification pages will say so.</li>
                  <li>Your posts and comments stay, signed "Deleted member", unless you tick the box below.</li>
                  <li>You are signed out on every device. You can sign up again with the same email address, as a new member.</li>
                  <li>To keep a copy of your data, use 'Download my data' first.</li>
                </ul>
              </AlertDialog.Description>
              <Form onSubmit={confirm} className="form">
                <div ref={firstField}>
                  {codeSent ? (
                    <Field label="Code from your email" name="code" autoComplete="one-time-code" inputMode="numeric" value={code}
                      onChange={(value) => actor.send({ type: 'code.change', value })} errorId={error ? errorId : undefined} />
                  ) : (
                    <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" value={password}
                      onChange={(value) => actor.send({ type: 'password.change', value })} errorId={error ? errorId : undefined} />
                  )}
                </div>
                {!codeSent && (
                  <button type="button" className="account-dialog__code-link" disabled={busy} onClick={() => actor.send({ type: 'code.request' })}>
                    No password? Send me a code
                  </button>
                )}
                <Checkbox isSelected={deletePosts} onChange={(value) => actor.send({ type: 'deletePosts.change', value })}>
                  Also delete my posts and comments
                </Checkbox>
                <p id={errorId} className="form__error" role="alert">
                  {error ?? ''}
                </p>
                <p className="visually-hidden" aria-live="polite">
                  {announcement}
                </p>
                <div className="account-dialog__actions">
                  <AlertDialog.Cancel asChild>
                    <button type="button" className="button" disabled={busy}>
                      Cancel
                    </button>
                  </AlertDialog.Cancel>
                  <Button type="submit" className="button account-dialog__confirm" isDisabled={busy}>
                    {snapshot.matches('deleting') ? 'Deleting...' : 'Delete my account'}
                  </Button>
                </div>
              </Form>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      )}
    </section>
  );
}
