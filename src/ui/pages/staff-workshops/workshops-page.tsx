/**
 * Workshops in the staff console (issue 36 item 5): the sessions still to come or past, with their seats, waitlist
 * and attendance; each leads to its registrations. Upcoming and past are links, so the page works without scripts.
 */
import { Link, useSearch } from 'wouter';
import type { StaffSession } from '../../../contract/staff-workshops';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { staffWorkshops } from '../../calls';
import { paths } from '../../routes';
import { StaffPage } from '../staff/staff-page';
import { EDITORS } from './roles';
import './staff-workshops.css';
import { LocalTime } from '../../components/local-time';

function Sessions({ when }: { when: 'upcoming' | 'past' }) {
  const answer = useQuery(staffWorkshops, { query: { when } });
  if (answer.status === 'loading') return <Spinner label="Loading sessions..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const { sessions } = answer.data;
  if (sessions.length === 0) return <EmptyState>{when === 'upcoming' ? 'No workshop sessions are scheduled.' : 'No workshop sessions have taken place yet.'}</EmptyState>;
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        <caption className="visually-hidden">{when === 'upcoming' ? 'Upcoming sessions' : 'Past sessions'}</caption>
        <thead>
          <tr>
            <th scope="col">Session</th>
            <th scope="col">Starts</th>
            <th scope="col" className="number">Registered</th>
            <th scope="col" className="number">Waitlist</th>
            {when === 'past' && <th scope="col" className="number">Attended</th>}
          </tr>
        </thead>
        <tbody>
          {sessions.map((session: StaffSession) => (
            <tr key={session.id}>
              <th scope="row">
                <Link href={paths.staffWorkshop(session.id)}>{session.title}</Link>
                {session.cancelledAt && <span className="staff-session__tag"> (cancelled)</span>}
              </th>
              <td>
                <LocalTime iso={session.startsAt} zone={session.timeZone} />
              </td>
              <td className="number">
                {session.registered} of {session.capacity}
              </td>
              <td className="number">{session.waitlisted}</td>
              {when === 'past' && <td className="number">{session.attended}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function StaffWorkshopsPage() {
  const when = new URLSearchParams(useSearch()).get('when') === 'past' ? 'past' : 'upcoming';
  return (
    <StaffPage title="Workshops" roles={EDITORS}>
      {() => (
        <>
          <nav className="staff-switch" aria-label="Sessions">
            <Link href={paths.staffWorkshops} aria-current={when === 'upcoming' ? 'page' : undefined}>
              Upcoming
            </Link>
            <Link href={paths.staffPastWorkshops} aria-current={when === 'past' ? 'page' : undefined}>
              Past
            </Link>
          </nav>
          <Sessions when={when} />
        </>
      )}
    </StaffPage>
  );
}
