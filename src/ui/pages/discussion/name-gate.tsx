/**
 * A member who signed up before names were asked (ADR 130) is asked for one once, in a dialog, before their next post
 * or comment (issue 35): a byline is a person. My learning asks the same way before it reissues a certificate issued
 * under an email address (ADR 131); `reason` says why. Named members pass straight through. The dialog saves the name
 * with the profile call, refreshes the session, then carries on with what the member was doing.
 */
import { Dialog } from 'radix-ui';
import { createContext, type FormEvent, type ReactNode, useCallback, useContext, useId, useMemo, useRef, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { messageOf } from '../../../application/api-error';
import { nameProblem } from '../../../domain/user';
import { updateProfile } from '../../calls';
import { NameFields } from '../../components/fields';
import { useServices, useSession } from '../../services-context';

type Gate = (action: () => void) => void;

const NameGateContext = createContext<Gate>((action) => action());

/** Runs `action` at once for a named member; asks a member with no name for one first. */
export function useNameGate(): Gate {
  return useContext(NameGateContext);
}

const POSTS_REASON =
  'Your name appears on your posts and comments, so members know who they are talking to. You can change it later in Profile Settings.';

export function NameGateProvider({ children, reason = POSTS_REASON }: { children: ReactNode; reason?: string }) {
  const { user } = useSession();
  const [pending, setPending] = useState<(() => void) | null>(null);
  // Set once the dialog saved a name: the session's refresh may still be on its way.
  const [namedHere, setNamedHere] = useState(false);
  const named = namedHere || nameProblem(user?.firstName, user?.lastName) === null;
  const namedRef = useRef(named);
  namedRef.current = named;
  // What had the focus when the dialog opened: it gets it back if it is still there and nothing else took it.
  const opener = useRef<HTMLElement | null>(null);

  const gate = useCallback<Gate>((action) => {
    if (namedRef.current) return action();
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setPending(() => action);
  }, []);

  const restoreFocus = useCallback(() => {
    setTimeout(() => {
      const element = opener.current;
      const free = !document.activeElement || document.activeElement === document.body;
      if (element?.isConnected && free) element.focus();
    }, 0);
  }, []);

  const done = useCallback((saved: boolean) => {
    const action = pending;
    setPending(null);
    if (saved) {
      setNamedHere(true);
      namedRef.current = true;
      action?.();
    }
  }, [pending]);

  const value = useMemo(() => gate, [gate]);
  return (
    <NameGateContext.Provider value={value}>
      {children}
      {pending && <NameDialog reason={reason} onDone={done} onClosed={restoreFocus} />}
    </NameGateContext.Provider>
  );
}

function NameDialog({ reason, onDone, onClosed }: { reason: string; onDone: (saved: boolean) => void; onClosed: () => void }) {
  const { api, session } = useServices();
  const { user } = useSession();
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = nameProblem(firstName, lastName);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await updateProfile.use((call) => api.call(call, { body: { firstName: firstName.trim(), lastName: lastName.trim(), address: user?.address ?? '' } }));
      session.send({ type: 'user.refreshProfile' });
      onDone(true);
    } catch (failure) {
      setError(messageOf(failure, 'Failed to update profile'));
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDone(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          className="dialog"
          onCloseAutoFocus={(event) => {
            // The opener may be gone (the composer replaced 'Create a Post'): focus goes back only where it can.
            event.preventDefault();
            onClosed();
          }}
        >
          <Dialog.Title className="dialog__title">Add your name</Dialog.Title>
          <Dialog.Description className="field__help">{reason}</Dialog.Description>
          <Form onSubmit={submit} className="form">
            <NameFields firstName={firstName} lastName={lastName} onFirstName={setFirstName} onLastName={setLastName} error={error} errorId={errorId}
              autoFocus />
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button">
                  Cancel
                </button>
              </Dialog.Close>
              <Button type="submit" className="button button--primary" isDisabled={busy}>
                {busy ? 'Saving...' : 'Save and continue'}
              </Button>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
