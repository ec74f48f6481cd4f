/** 'Signed-in devices' of /profile (issue 35 item 5): each session by browser and system, with sign-out buttons. */
import { AlertDialog } from 'radix-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { toast } from 'sonner';
import { messageOf } from '../../../application/api-error';
import type { DeviceSession } from '../../../contract/account-sessions';
import { endOtherSessions, endSession, listSessions } from '../../calls';
import { Spinner } from '../../components/states';
import { useServices } from '../../services-context';
// The confirmation dialog wears the discussion's dialog styles (.dialog, .button--danger).
import '../../components/dialog.css';
import './account.css';
import { LocalTime } from '../../components/local-time';

const deviceName = (d: DeviceSession) => `${d.browser} on ${d.system}`;

export function DevicesSection() {
  const { api } = useServices();
  const [sessions, setSessions] = useState<DeviceSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const answer = await listSessions.use((call) => api.call(call, undefined, { fresh: true }));
      setSessions(answer.sessions);
      setError(null);
    } catch (failure) {
      setError(messageOf(failure, 'Failed to load your devices'));
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const signOut = async (device: DeviceSession) => {
    setBusy(true);
    try {
      await endSession.use((call) => api.call(call, { params: { id: device.id } }));
      toast.success(`Signed out of ${deviceName(device)}`);
    } catch (failure) {
      toast.error(messageOf(failure, 'Failed to sign out of that device'));
    } finally {
      setBusy(false);
      await load();
    }
  };

  const signOutOthers = async () => {
    setBusy(true);
    try {
      await endOtherSessions.use((call) => api.call(call));
      toast.success('Signed out everywhere else');
    } catch (failure) {
      toast.error(messageOf(failure, 'Failed to sign out the other devices'));
    } finally {
      setBusy(false);
      await load();
    }
  };

  const others = sessions?.filter((d) => !d.current).length ?? 0;
  return (
    <section className="auth-card profile-card" aria-labelledby="signed-in-devices">
      <h2 id="signed-in-devices">Signed-in devices</h2>
      {error && <p className="form__error" role="alert">{error}</p>}
      {!sessions && !error && <Spinner label="Loading your devices..." />}
      {sessions && (
        <ul className="devices">
          {sessions.map((device) => (
            <li key={device.id} className="devices__item">
              <div>
                <p className="devices__name">
                  {deviceName(device)} {device.current && <span className="badge">This device</span>}
                </p>
                <p className="devices__when">
                  Signed in <LocalTime iso={device.signedInAt} />
                  <br />
                  Last seen <LocalTime iso={device.lastSeenAt} />
                </p>
              </div>
              {!device.current && (
                <Button className="button" isDisabled={busy} onPress={() => void signOut(device)}>
                  Sign out<span className="visually-hidden"> of {deviceName(device)}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && <SignOutEverywhereElse busy={busy} onConfirm={() => void signOutOthers()} />}
    </section>
  );
}

/** The button, and the alert dialog that asks first (focus moves in, Escape cancels, focus returns to the button). */
function SignOutEverywhereElse({ busy, onConfirm }: { busy: boolean; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <button ref={button} type="button" className="button button--primary" disabled={busy}>
          Sign out everywhere else
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content
          className="dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        >
          <AlertDialog.Title className="dialog__title">Sign out everywhere else?</AlertDialog.Title>
          <AlertDialog.Description className="field__help">
            Every other device signed in to your account is signed out. This device stays signed in.
          </AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button">
                Cancel
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="button button--danger" onClick={onConfirm}>
                Sign out everywhere else
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
