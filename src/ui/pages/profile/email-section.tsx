/** 'Change Email' of /profile (issue 35 item 6): the new address and the password, then the code sent there. */
import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { formatCountdown, isCompleteOtp } from '../../../domain/otp';
import { Field } from '../../components/fields';
import { OtpInput } from '../../components/otp-input';
import { useServices, useSession } from '../../services-context';
import '../auth/auth.css';

export function EmailSection() {
  // A new flow (and its machine) each time the member starts again after a change.
  const [round, setRound] = useState(0);
  return <EmailChange key={round} onAgain={() => setRound((n) => n + 1)} />;
}

function EmailChange({ onAgain }: { onAgain: () => void }) {
  const { machines, session } = useServices();
  const { user } = useSession();
  const [machine] = useState(machines.emailChange);
  const [state, send] = useMachine(machine, { input: {} });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { error, secondsLeft } = state.context;
  const errorId = useId();
  const sentId = useId();
  const describedBy = error ? errorId : undefined;
  const done = state.matches('done');
  const busy = state.matches('sending') || state.matches({ code: 'verifying' }) || state.matches({ code: 'resending' });

  // The new address shows wherever the profile does.
  useEffect(() => {
    if (done) session.send({ type: 'user.refreshProfile' });
  }, [done, session]);

  const submitEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'user.submitEmail', email, currentPassword: password });
  };
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'user.submitCode', code });
  };

  return (
    <section className="auth-card profile-card" aria-labelledby="change-email">
      <h2 id="change-email">Change Email</h2>
      {(state.matches('entering') || state.matches('sending')) && (
        <Form onSubmit={submitEmail} className="form" validationBehavior="aria">
          <p className="field__help">Your email is {user?.email}. We send a code to the new address to confirm it.</p>
          <Field label="New email" name="newEmail" type="email" autoComplete="email" value={email} onChange={setEmail} isRequired errorId={describedBy} />
          <Field label="Your password" name="emailPassword" type="password" autoComplete="current-password" value={password} onChange={setPassword} isRequired />
          <ErrorLine id={errorId} error={error} />
          <Button type="submit" className="button button--primary" isDisabled={busy}>
            {busy ? 'Sending...' : 'Send code'}
          </Button>
        </Form>
      )}

      {state.matches('code') && (
        <Form onSubmit={submitCode} className="form">
          <p>
            <span id={sentId}>
              We sent a 6-digit code to <strong>{state.context.email}</strong>.
            </span>{' '}
            <Button className="link-button" onPress={() => send({ type: 'user.changeEmail' })}>
              Change email
            </Button>
          </p>
          <OtpInput value={code} onChange={setCode} autoFocus describedBy={[sentId, describedBy].filter(Boolean).join(' ')} invalid={!!error} />
          <ErrorLine id={errorId} error={error} />
          <Button type="submit" className="button button--primary" isDisabled={busy || !isCompleteOtp(code)}>
            {state.matches({ code: 'verifying' }) ? 'Verifying...' : 'Verify'}
          </Button>
          <p className="visually-hidden" role="status">
            {secondsLeft === 0 ? 'You can request a new code now.' : ''}
          </p>
          <p className="resend">
            {secondsLeft > 0 ? (
              <span>
                You can request a new code in <span className="resend__timer">{formatCountdown(secondsLeft)}</span>
              </span>
            ) : (
              <span>Didn't get the code?</span>
            )}{' '}
            <Button className="link-button" onPress={() => send({ type: 'user.resend' })} isDisabled={busy}>
              Resend OTP
            </Button>
          </p>
        </Form>
      )}

      {done && (
        <>
          <p className="email-change__done" role="status">
            Your email is now <strong>{state.context.email}</strong>. Sign in with it from now on.
          </p>
          <Button className="button" onPress={onAgain}>
            Change it again
          </Button>
        </>
      )}
    </section>
  );
}

function ErrorLine({ id, error }: { id: string; error: string | null }) {
  return (
    <p id={id} className="form__error" role="alert">
      {error ?? ''}
    </p>
  );
}
