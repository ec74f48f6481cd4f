/**
 * One workshop session (issue 15): the picture, title, date and time in the viewer's own time zone (named), the
 * duration, hosts, agenda, who it is for and what to prepare, seats left, 'Register' or 'Cancel registration' (or the
 * waitlist when it is full), 'Add to calendar', and the join link for registered members from 15 minutes before the
 * start until the end. A thin view of the workshop machine.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { WORKSHOP_TEXT } from '../../../domain/workshops';
import { Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { HostsTime, LocalTime } from '../../components/local-time';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import { CancelRegistrationDialog } from './cancel-registration-dialog';
import { WorkshopDetails } from './workshop-details';
import './workshop.css';
import { coverSources } from '../../components/picture-sources';

export default function WorkshopPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { machines } = useServices();
  const [machine] = useState(machines.workshop);
  const actor = useActorRef(machine, { input: { id } });
  const view = useSelector(actor, (s) => ({
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    registering: s.matches('registering'),
    confirming: s.matches('confirmingCancel'),
    cancelling: s.matches('cancelling'),
    downloading: s.matches('downloading'),
    workshop: s.context.workshop,
    error: s.context.error,
    alert: s.context.alert,
    announcement: s.context.announcement,
  }), (a, b) => a.loading === b.loading && a.failed === b.failed && a.registering === b.registering && a.confirming === b.confirming && a.cancelling === b.cancelling
    && a.downloading === b.downloading && a.workshop === b.workshop && a.error === b.error && a.alert === b.alert && a.announcement === b.announcement);
  useDocumentTitle(view.workshop ? view.workshop.title : view.failed ? (view.error ?? WORKSHOP_TEXT.notFound) : 'Workshop');

  // After registering or cancelling, the button that took its place keeps the focus where the member was.
  const action = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  const status = view.workshop?.myStatus ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the member's place changes
  useEffect(() => {
    if (pressed.current) action.current?.focus();
    pressed.current = false;
  }, [status]);

  if (view.loading) return <Spinner label="Loading workshop..." />;
  if (view.failed || !view.workshop) {
    return (
      <section className="container page">
        <h1>{view.error === WORKSHOP_TEXT.notFound ? WORKSHOP_TEXT.notFound : 'This workshop could not be shown'}</h1>
        {view.error !== WORKSHOP_TEXT.notFound && (
          <p className="error-state" role="alert">
            Error: {view.error}
          </p>
        )}
        <p>
          <Link href={paths.workshops}>See the upcoming workshops</Link>
        </p>
      </section>
    );
  }
  const w = view.workshop;
  const busy = view.registering || view.cancelling;
  const full = w.seatsLeft === 0;

  return (
    <article className="container page workshop" aria-labelledby="workshop-title">
      <nav aria-label="Breadcrumb" className="course-breadcrumb">
        <Link href={paths.workshops}>Workshops</Link> <span aria-hidden="true">›</span> <span>{w.title}</span>
      </nav>
      <div className="workshop__hero">
        <img className="workshop__image" {...coverSources(w.imageUrl, 'page')} alt="" width={800} height={450} />
        <div className="workshop__summary">
          <p className="courses-eyebrow">Live online workshop</p>
          <h1 id="workshop-title">{w.title}</h1>
          <dl className="workshop__facts">
            <div>
              <dt>When</dt>
              <dd>
                <LocalTime iso={w.date} zone={w.timeZone} weekday />
                <HostsTime iso={w.date} zone={w.timeZone} weekday />
              </dd>
            </div>
            <div>
              <dt>Duration</dt>
              <dd>{w.duration} minutes</dd>
            </div>
            <div>
              <dt>Seats left</dt>
              <dd data-testid="seats-left">
                {w.seatsLeft} of {w.capacity}
                {w.waitlisted > 0 && `, ${w.waitlisted} on the waitlist`}
              </dd>
            </div>
          </dl>

          <div className="workshop__actions">
            {w.started ? (
              <p className="workshop__note">{w.ended ? 'This workshop has ended.' : 'This workshop has started.'}</p>
            ) : status === null ? (
              <button ref={action} type="button" className="button button--primary" disabled={busy}
                onClick={() => {
                  pressed.current = true;
                  actor.send({ type: 'workshop.register' });
                }}>
                {view.registering ? 'Registering...' : full ? 'Join the waitlist' : 'Register'}
              </button>
            ) : (
              <button ref={action} type="button" className="button" disabled={busy}
                onClick={() => actor.send({ type: 'workshop.cancel' })}>
                {view.cancelling ? 'Cancelling...' : status === 'waitlisted' ? 'Leave the waitlist' : 'Cancel registration'}
              </button>
            )}
            <CancelRegistrationDialog
              open={view.confirming}
              waitlisted={status === 'waitlisted'}
              returnTo={action}
              onConfirm={() => {
                pressed.current = true;
                actor.send({ type: 'workshop.cancelConfirmed' });
              }}
              onKeep={() => actor.send({ type: 'workshop.cancelKept' })}
            />
            <button type="button" className="button" disabled={view.downloading} onClick={() => actor.send({ type: 'calendar.download' })}>
              {view.downloading ? 'Preparing...' : 'Add to calendar'}
            </button>
          </div>
          {status === 'registered' && <p className="workshop__status">You are registered.</p>}
          {status === 'waitlisted' && (
            <p className="workshop__status">You are number {w.waitlistPosition} on the waitlist. We will email you if a seat opens.</p>
          )}
          {status === 'registered' && !w.ended && (
            w.joinUrl ? (
              <p className="workshop__join">
                <a className="button button--primary" href={w.joinUrl} target="_blank" rel="noopener noreferrer">
                  Join the workshop now<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </p>
            ) : (
              <p className="workshop__note">
                The join link appears here from <LocalTime iso={w.joinOpensAt} zone={w.timeZone} weekday />, 15 minutes before the start.
              </p>
            )
          )}
          <p className="form__error" role="alert">
            {view.alert ?? ''}
          </p>
          <p className="visually-hidden" role="status">
            {view.announcement}
          </p>
        </div>
      </div>

      <WorkshopDetails workshop={w} />
    </article>
  );
}
