/**
 * The pages a newsletter mail links to (ADR 139): a link scanner may fetch them, so opening one changes nothing; the
 * button on it confirms the subscription, or unsubscribes, by a POST.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { messageOf } from '../../../application/api-error';
import type { CallRef } from '../../calls';
import type { Call } from '../../../contract/define';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useServices } from '../../services-context';
import { paths } from '../../routes';
import './newsletter.css';

export function SubscriptionAction<C extends Call>({ title, lead, button, busyLabel, call, token, failed }: {
  title: string;
  lead: string;
  button: string;
  busyLabel: string;
  call: CallRef<C>;
  token: string;
  failed: string;
}) {
  useDocumentTitle(title);
  const { api, log } = useServices();
  const [state, setState] = useState<{ busy: boolean; done: string | null; error: string | null }>({ busy: false, done: null, error: null });
  const act = async () => {
    setState({ busy: true, done: null, error: null });
    try {
      const answer = (await call.use((loaded) => api.call(loaded, { body: { token } } as never))) as { message: string };
      setState({ busy: false, done: answer.message, error: null });
    } catch (error) {
      log(`${title} failed`, error);
      setState({ busy: false, done: null, error: messageOf(error, failed) });
    }
  };
  return (
    <section className="container page newsletter-single">
      <h1>{title}</h1>
      {state.done ? null : <p>{lead}</p>}
      <div role="status">{state.done && <p>{state.done}</p>}</div>
      <p className="form__error" role="alert">
        {state.error ?? ''}
      </p>
      {state.done ? (
        <p>
          <Link href={paths.home}>Back to the home page</Link>
        </p>
      ) : (
        <button type="button" className="button button--primary" onClick={act} disabled={state.busy}>
          {state.busy ? busyLabel : button}
        </button>
      )}
    </section>
  );
}
