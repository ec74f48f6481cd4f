/**
 * The console's newsletter page (issue 36 item 4, ADR 139): the issues, drafts and sent ones, with each send's
 * progress; a subject starts a new draft; an admin may download the subscribers as CSV.
 */
import { type FormEvent, useId, useState } from 'react';
import { Form } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { messageOf } from '../../../application/api-error';
import { saveSubscribersCsv } from '../../../application/newsletter-export';
import { sendProgress } from '../../../domain/newsletter';
import { formatUsDate } from '../../../domain/text';
import { createIssue, listIssues } from '../../calls';
import { Field } from '../../components/fields';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { useServices } from '../../services-context';
import { paths } from '../../routes';
import { StaffPage } from '../staff/staff-page';
import { STATUS_LABELS } from './issue-status';
import './newsletter.css';

function NewIssueForm() {
  const { api, log } = useServices();
  const [, navigate] = useLocation();
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await createIssue.use((call) => api.call(call, { body: { subject, bodyMarkdown: '' } }));
      navigate(paths.staffNewsletterIssue(answer.issue.id));
    } catch (failure) {
      log('creating a newsletter issue failed', failure);
      setError(messageOf(failure, 'Could not start the issue. Please try again.'));
      setBusy(false);
    }
  };
  return (
    <Form className="newsletter-new" onSubmit={submit} aria-labelledby="newsletter-new-heading">
      <h2 id="newsletter-new-heading" className="visually-hidden">New issue</h2>
      <Field label="Subject of a new issue" name="subject" isRequired value={subject} onChange={setSubject} errorId={error ? errorId : undefined} />
      <button type="submit" className="button button--primary" disabled={busy}>
        Write a new issue
      </button>
      <p id={errorId} className="form__error" role="alert">
        {error ?? ''}
      </p>
    </Form>
  );
}

function ExportButton() {
  const { api, files, clock, log, notifier } = useServices();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await saveSubscribersCsv(api, files, clock.now());
    } catch (error) {
      log('exporting subscribers failed', error);
      notifier.error(messageOf(error, 'Could not export the subscribers. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button" onClick={save} disabled={busy}>
      Export subscribers (CSV)
    </button>
  );
}

function Issues({ admin }: { admin: boolean }) {
  const answer = useQuery(listIssues, {}, { fresh: true });
  if (answer.status === 'loading') return <Spinner label="Loading newsletter issues..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const { issues, confirmedSubscribers } = answer.data;
  return (
    <>
      <div className="newsletter-facts">
        <p>
          <strong>{confirmedSubscribers}</strong> confirmed {confirmedSubscribers === 1 ? 'subscriber' : 'subscribers'}
        </p>
        {admin && <ExportButton />}
      </div>
      <NewIssueForm />
      <h2>Issues</h2>
      {issues.length === 0 ? (
        <EmptyState>No issues yet.</EmptyState>
      ) : (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col" className="number">Delivered</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {issues.map((issue) => (
                <tr key={issue.id}>
                  <td>
                    <Link href={paths.staffNewsletterIssue(issue.id)}>{issue.subject}</Link>
                  </td>
                  <td>{STATUS_LABELS[issue.status]}</td>
                  <td className="number">
                    {issue.status === 'draft' ? '' : `${issue.delivered} of ${issue.recipients} (${sendProgress(issue.delivered, issue.recipients)}%)`}
                  </td>
                  <td>{formatUsDate(issue.sentAt ?? issue.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export default function NewsletterConsolePage() {
  return (
    <StaffPage title="Newsletter" roles={['editor']}>
      {(held) => <Issues admin={held.includes('admin')} />}
    </StaffPage>
  );
}
