/** The three-step email → code → password wizard, shared by signup and forgot-password. A thin view over the machine. */
import { useMachine } from '@xstate/react';
import { type FormEvent, useId, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link } from 'wouter';
import { formatCountdown, isCompleteOtp, type OtpPurpose } from '../../../domain/otp';
import { NAME_MAX_LENGTH, NAME_TEXT, PASSWORD_MAX_LENGTH, PASSWORD_RULE_TEXT } from '../../../domain/user';
import { Field } from '../../components/fields';
import { OtpInput } from '../../components/otp-input';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import './auth.css';

const STEPS = ['Email', 'OTP', 'Password'] as const;

export function OtpWizardView({ purpose, title, lead }: { purpose: OtpPurpose; title: string; lead: string }) {
  const { machines } = useServices();
  const [machine] = useState(machines.otpWizard);
  const [state, send] = useMachine(machine, { input: { purpose } });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const askNames = purpose === 'signup';
  const { error, secondsLeft } = state.context;
  // The error line is tied to the field it is about, so a screen reader reads it with the field.
  const errorId = useId();
  const sentId = useId();
  const describedBy = error ? errorId : undefined;
  const mismatch = error === 'Passwords do not match';
  const aboutNames = error === NAME_TEXT.required || error === NAME_TEXT.tooLong;

  const step = state.matches('email') || state.matches('sending') ? 0 : state.matches('code') ? 1 : 2;
  const busy = state.matches('sending') || state.matches({ code: 'verifying' }) || state.matches({ code: 'resending' }) || state.matches({ password: 'saving' });

  const submitEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'user.submitEmail', email });
  };
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'user.submitCode', code });
  };
  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'user.submitPassword', password, confirmPassword, ...(askNames ? { firstName, lastName } : {}) });
  };

  return (
    <section className="container auth-page">
      <div className="auth-card">
        <h1>{title}</h1>
        <p className="auth-card__lead">{lead}</p>
        <ol className="steps" aria-label="Progress">
          {STEPS.map((name, index) => (
            <li key={name} className={index === step ? 'steps__item steps__item--current' : 'steps__item'} aria-current={index === step ? 'step' : undefined}>
              <span className="steps__number" aria-hidden="true">{index + 1}</span> <span className="steps__name">{name}</span>
            </li>
          ))}
        </ol>

        {step === 0 && (
          <Form onSubmit={submitEmail} className="form" validationBehavior="aria">
            <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} autoFocus errorId={describedBy} />
            <ErrorLine id={errorId} error={error} />
            <Button type="submit" className="button button--primary button--block" isDisabled={busy}>
              {busy ? 'Sending...' : 'Send OTP'}
            </Button>
          </Form>
        )}

        {step === 1 && (
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
            <Button type="submit" className="button button--primary button--block" isDisabled={busy || !isCompleteOtp(code)}>
              {state.matches({ code: 'verifying' }) ? 'Verifying...' : 'Verify'}
            </Button>
            {/* The countdown is not read out every second; a screen reader hears once that a new code may be asked for. */}
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

        {step === 2 && (
          <Form onSubmit={submitPassword} className="form">
            {askNames && (
              <>
                <Field label="First name" name="firstName" autoComplete="given-name" value={firstName} onChange={setFirstName} isRequired autoFocus
                  maxLength={NAME_MAX_LENGTH} errorId={aboutNames ? describedBy : undefined} />
                <Field label="Last name" name="lastName" autoComplete="family-name" value={lastName} onChange={setLastName} isRequired
                  maxLength={NAME_MAX_LENGTH} errorId={aboutNames ? describedBy : undefined} />
              </>
            )}
            <Field label="Password" name="password" type="password" autoComplete="new-password" value={password} onChange={setPassword} description={PASSWORD_RULE_TEXT} isRequired
              maxLength={PASSWORD_MAX_LENGTH} autoFocus={!askNames} errorId={mismatch || aboutNames ? undefined : describedBy} />
            <Field label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" value={confirmPassword} onChange={setConfirmPassword} isRequired
              maxLength={PASSWORD_MAX_LENGTH} errorId={mismatch ? describedBy : undefined} />
            <ErrorLine id={errorId} error={error} />
            <Button type="submit" className="button button--primary button--block" isDisabled={busy}>
              {busy ? 'Saving...' : purpose === 'signup' ? 'Create account' : 'Reset password'}
            </Button>
          </Form>
        )}

        <p className="auth-card__links">
          <span>
            {purpose === 'signup' ? 'Already have an account?' : 'Remembered it?'} <Link href={paths.login}>Sign In</Link>
          </span>
        </p>
      </div>
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
