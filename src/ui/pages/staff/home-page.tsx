/**
 * The staff console's home (issue 36): what needs attention. New messages in the inbox and the registrations of
 * upcoming workshops; for moderators, held posts and reported items (issue 37).
 */
import { mayAct, type StaffRole } from '../../../domain/staff';
import { staffHome } from '../../calls';
import { ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { Link } from 'wouter';
import { paths } from '../../routes';
import { StaffPage } from './staff-page';
import { LocalTime } from '../../components/local-time';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A session's registrations for those who may open them (editors), its public page for everyone else. */
function Attention({ held }: { held: readonly StaffRole[] }) {
  const sessionHref = (id: string) => (mayAct(held, ['editor']) ? paths.staffWorkshop(id) : paths.workshop(id));
  const answer = useQuery(staffHome, {}, { fresh: true });
  if (answer.status === 'loading') return <Spinner label="Loading what needs attention..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const { newMessages, upcomingWorkshops, heldPosts, reportedItems } = answer.data;
  return (
    <>
      {mayAct(held, ['moderator']) && (
        <section aria-labelledby="staff-moderation">
          <h2 id="staff-moderation">Moderation</h2>
          <p className="staff-figure">
            {heldPosts + reportedItems === 0
              ? 'Nothing waits for a moderator.'
              : `${plural(heldPosts, 'post', 'posts')} waiting for approval, ${plural(reportedItems, 'reported item', 'reported items')}.`}
          </p>
          <p>
            <Link href={paths.staffModeration()}>Open the moderation queue</Link>
          </p>
        </section>
      )}
      <section aria-labelledby="staff-messages">
        <h2 id="staff-messages">Messages</h2>
        <p className="staff-figure">
          {newMessages === 0 ? 'No new messages.' : `${plural(newMessages, 'new message', 'new messages')} waiting for an answer.`}
        </p>
        <p>
          <Link href={paths.staffInbox}>Open the inbox</Link>
        </p>
      </section>
      <section aria-labelledby="staff-workshops">
        <h2 id="staff-workshops">Upcoming workshops</h2>
        {upcomingWorkshops.length === 0 ? (
          <p>No upcoming workshops.</p>
        ) : (
          <div className="staff-table-wrap">
            <table className="staff-table">
              <caption className="visually-hidden">Registrations for upcoming workshops</caption>
              <thead>
                <tr>
                  <th scope="col">Workshop</th>
                  <th scope="col">Starts</th>
                  <th scope="col" className="number">Registered</th>
                  <th scope="col" className="number">Places</th>
                  <th scope="col" className="number">Waitlist</th>
                </tr>
              </thead>
              <tbody>
                {upcomingWorkshops.map((w) => (
                  <tr key={w.id}>
                    <th scope="row">
                      <Link href={sessionHref(w.id)}>{w.title}</Link>
                    </th>
                    <td><LocalTime iso={w.startsAt} /></td>
                    <td className="number">{w.registered}</td>
                    <td className="number">{w.capacity}</td>
                    <td className="number">{w.waitlisted}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

export default function StaffHomePage() {
  return (
    <StaffPage title="Staff console" roles={['moderator', 'editor']}>
      {(held) => <Attention held={held} />}
    </StaffPage>
  );
}
