/**
 * One newsletter issue in the console (issue 36 item 4, ADR 139): a draft's subject and Markdown, 'Save draft',
 * 'Preview' (the server's HTML), 'Send a test to me', and 'Send to N subscribers' behind a confirm dialog; while the
 * job queue mails the batches, the progress; a sent issue links to its page and PDF. A thin view of the newsletter
 * send machine.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { AlertDialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Form, Label, TextField } from 'react-aria-components';
import { Link, useParams } from 'wouter';
import type { NewsletterSendInput } from '../../../application/newsletter-send.machine';
import { sendProgress } from '../../../domain/newsletter';
import { getIssue } from '../../calls';
import { Field, FieldTextArea } from '../../components/fields';
import { SafeHtml } from '../../components/safe-html';
import { ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { useServices } from '../../services-context';
import { paths } from '../../routes';
import { StaffPage } from '../staff/staff-page';
import { STATUS_LABELS } from './issue-status';
import '../../components/dialog.css';
import './newsletter.css';

/**
 * The send's progress, as the course bars draw theirs: a plain progressbar with its value in words. React Aria's
 * ProgressBar formats its value with Intl.NumberFormat, whose module then loads (and asks the browser's locale data)
 * with every page whose code shares a chunk with it (ADR 115).
 */
function Progress({ delivered, recipients }: { delivered: number; recipients: number }) {
  const percent = sendProgress(delivered, recipients);
  const labelId = useId();
  return (
    <div className="newsletter-progress">
      <p id={labelId} className="field__label">
        Sending progress: {delivered} of {recipients} mailed
      </p>
      <div className="newsletter-progress__track" role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={100}
        aria-valuenow={percent} aria-valuetext={`${percent}%, ${delivered} of ${recipients} mailed`}>
        <div className="newsletter-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Editor({ input, confirmedSubscribers, pageUrl, fileUrl }: { input: NewsletterSendInput; confirmedSubscribers: number; pageUrl: string | null; fileUrl: string | null }) {
  const { machines } = useServices();
  const [machine] = useState(machines.newsletterSend);
  const actor = useActorRef(machine, { input });
  const s = useSelector(actor, (snapshot) => snapshot);
  const { subject, bodyMarkdown, previewHtml, error, announcement, status, delivered, recipients } = s.context;
  const editable = ['editing', 'saving', 'previewing', 'testing', 'confirming', 'starting'].some((state) => s.matches(state as 'editing'));
  const busy = !s.matches('editing') && !s.matches('confirming');
  const errorId = useId();
  const sendButton = useRef<HTMLButtonElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'save' });
  };
  const audience = `${confirmedSubscribers} ${confirmedSubscribers === 1 ? 'subscriber' : 'subscribers'}`;

  return (
    <>
      <p className="newsletter-status">Status: {STATUS_LABELS[status]}</p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {editable ? (
        <Form className="form newsletter-editor" onSubmit={submit} aria-label="Newsletter issue">
          <Field label="Subject" name="subject" isRequired value={subject} onChange={(value) => actor.send({ type: 'subject.change', value })}
            isDisabled={busy} errorId={error ? errorId : undefined} />
          <TextField className="field" name="bodyMarkdown" value={bodyMarkdown} onChange={(value) => actor.send({ type: 'body.change', value })} isDisabled={busy}
            aria-describedby={error ? errorId : 'newsletter-body-help'}>
            <Label className="field__label">Newsletter (Markdown)</Label>
            <FieldTextArea className="field__input" rows={16} />
            <p id="newsletter-body-help" className="field__help">
              Headings start with #, lists with -, **bold** and [links](https://example.com). Raw HTML is removed.
            </p>
          </TextField>
          <p id={errorId} className="form__error" role="alert">
            {error ?? ''}
          </p>
          <div className="newsletter-actions">
            <button type="submit" className="button" disabled={busy}>
              {s.matches('saving') ? 'Saving...' : 'Save draft'}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'preview' })}>
              {s.matches('previewing') ? 'Preparing preview...' : 'Preview'}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'test' })}>
              {s.matches('testing') ? 'Sending test...' : 'Send a test to me'}
            </button>
            <button ref={sendButton} type="button" className="button button--primary" disabled={busy || confirmedSubscribers === 0}
              aria-haspopup="dialog" onClick={() => actor.send({ type: 'send.ask' })}>
              {s.matches('starting') ? 'Starting...' : `Send to ${audience}`}
            </button>
          </div>
          {confirmedSubscribers === 0 && <p>There are no confirmed subscribers to send to yet.</p>}
        </Form>
      ) : (
        <h2>{subject}</h2>
      )}
      {editable && previewHtml !== null && (
        <section aria-labelledby="newsletter-preview-heading">
          <h2 id="newsletter-preview-heading">Preview</h2>
          <SafeHtml className="newsletter-preview" html={previewHtml} />
        </section>
      )}
      {(s.matches('sending') || s.matches('sent') || s.matches('failed')) && <Progress delivered={delivered} recipients={recipients} />}
      {s.matches('sent') && !pageUrl && (
        <p>
          Published on the <Link href={paths.newsletters}>Newsletters</Link> page.
        </p>
      )}
      {s.matches('sent') && pageUrl && (
        <p>
          {pageUrl && <Link href={pageUrl}>Read the published newsletter</Link>}
          {pageUrl && fileUrl && ' · '}
          {fileUrl && (
            <a href={fileUrl} target="_blank" rel="noopener">
              PDF<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
        </p>
      )}
      {s.matches('confirming') && (
        <AlertDialog.Root open onOpenChange={(open) => !open && actor.send({ type: 'send.cancel' })}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="dialog__overlay" />
            <AlertDialog.Content className="dialog dialog--wide" onCloseAutoFocus={(event) => {
              event.preventDefault();
              sendButton.current?.focus();
            }}>
              <AlertDialog.Title className="dialog__title">Send this newsletter to {audience}?</AlertDialog.Title>
              <AlertDialog.Description>
                “{subject}” goes to every confirmed subscriber, in batches. It cannot be changed or unsent afterwards, and it is published on the
                Newsletters page with its PDF.
              </AlertDialog.Description>
              <div className="dialog__actions">
                <AlertDialog.Cancel asChild>
                  <button type="button" className="button">
                    Cancel
                  </button>
                </AlertDialog.Cancel>
                <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'send.confirm' })}>
                  Send now
                </button>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      )}
    </>
  );
}

function Issue({ id }: { id: string }) {
  const answer = useQuery(getIssue, { params: { id } }, { fresh: true });
  if (answer.status === 'loading') return <Spinner label="Loading the issue..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const { issue, confirmedSubscribers } = answer.data;
  const input: NewsletterSendInput = {
    issueId: issue.id, subject: issue.subject, bodyMarkdown: issue.bodyMarkdown, status: issue.status, recipients: issue.recipients, delivered: issue.delivered,
  };
  return (
    <>
      <p>
        <Link href={paths.staffNewsletter}>All issues</Link>
      </p>
      <Editor key={issue.id} input={input} confirmedSubscribers={confirmedSubscribers} pageUrl={issue.pageUrl} fileUrl={issue.fileUrl} />
    </>
  );
}

export default function NewsletterIssuePage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <StaffPage title="Newsletter issue" roles={['editor']}>
      {() => <Issue id={id} />}
    </StaffPage>
  );
}
