import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link, Redirect, useSearch } from 'wouter';
import { Field } from '../../components/fields';
import { Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { isFilePath, safeReturnPath } from '../../../domain/return-path';
import { paths } from '../../routes';
import { useServices, useSession } from '../../services-context';

export default function LoginPage() {
  useDocumentTitle('Sign In');
  const { session } = useServices();
  const { signedIn, loggingIn, loading, error } = useSession();
  const search = useSearch();
  const from = safeReturnPath(new URLSearchParams(search).get('from'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errorId = useId();

  if (signedIn) return isFilePath(from) ? <DocumentReturn path={from} /> : <Redirect to={from} replace />;
  if (loading) return <Spinner />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    session.send({ type: 'user.login', email, password });
  };

  return (
    <section className="container auth-page">
      <div className="auth-card">
        <h1>Sign In</h1>
        <p className="auth-card__lead">Welcome back. Sign in to continue learning.</p>
        <Form onSubmit={submit} className="form">
          <Field label="Email" name="email" type="email" autoComplete="email" isRequired value={email} onChange={setEmail} />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            isRequired
            value={password}
            onChange={setPassword}
            errorId={error ? errorId : undefined}
          />
          {/* Always there, so a screen reader hears the message when it appears. */}
          <p id={errorId} className="form__error" role="alert">
            {error ?? ''}
          </p>
          <Button type="submit" className="button button--primary button--block" isDisabled={loggingIn}>
            {loggingIn ? 'Signing in...' : 'Sign In'}
          </Button>
        </Form>
        <p className="auth-card__links">
          <Link href={paths.forgotPassword}>Forgot password?</Link>
          <span>
            New here? <Link href={paths.signup}>Create an account</Link>
          </span>
        </p>
      </div>
    </section>
  );
}

/** A members' document asked for before signing in (issue 41 item 3) is a file, not a screen: the browser loads it. */
function DocumentReturn({ path }: { path: string }) {
  useEffect(() => window.location.replace(path), [path]);
  return <Spinner />;
}
