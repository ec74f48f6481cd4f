/**
 * One member in the console (issue 36 item 6): roles, join date, what they have done, their signed-in devices, and
 * their suspension, with 'Suspend' and 'Lift' (suspension-panel.tsx).
 */
import { useRef } from 'react';
import { Link, useParams } from 'wouter';
import { ApiError } from '../../../application/api-error';
import type { MemberDetail } from '../../../contract/staff-members';
import { ROLE_LABELS } from '../../../domain/staff';
import { formatUsDate } from '../../../domain/text';
import { ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { memberDetail } from '../../calls';
import { paths } from '../../routes';
import { StaffPage } from '../staff/staff-page';
import { SuspensionPanel } from './suspension-panel';
import './staff-members.css';
import { LocalTime } from '../../components/local-time';

const ACTIVITY: [keyof MemberDetail['activity'], string][] = [
  ['posts', 'Posts'], ['comments', 'Comments'], ['likesGiven', 'Likes given'], ['coursesEnrolled', 'Courses enrolled'],
  ['certificates', 'Certificates'], ['quizAttempts', 'Quiz attempts'], ['workshopRegistrations', 'Workshop registrations'],
];

function Details({ id }: { id: string }) {
  const answer = useQuery(memberDetail, { params: { id } });
  // While a reload after a suspension or lift is on its way, the page keeps what it showed (and the panel its state).
  const last = useRef<MemberDetail | null>(null);
  if (answer.data) last.current = answer.data.member;
  const member = answer.data?.member ?? (last.current?.id === id ? last.current : null);
  useDocumentTitle(member ? `${member.name} · Members` : 'Member');
  if (!member) {
    if (answer.status === 'loading') return <Spinner label="Loading the member..." />;
    const missing = answer.error instanceof ApiError && answer.error.status === 404;
    return missing ? <p>No member has this id.</p> : <ErrorState error={answer.error!} />;
  }
  return (
    <>
      <p>
        <Link href={paths.staffMembers()}>Back to members</Link>
      </p>
      <h2 className="staff-member__name">{member.name}</h2>
      <dl className="staff-member__facts">
        <dt>Email</dt>
        <dd>{member.email || '—'}</dd>
        <dt>Roles</dt>
        <dd>{member.roles.map((r) => ROLE_LABELS[r]).join(', ') || 'Member'}</dd>
        <dt>Member since</dt>
        <dd>{formatUsDate(member.memberSince)}</dd>
        <dt>Status</dt>
        <dd>{member.deleted ? 'Deleted account' : member.suspended ? 'Suspended' : 'Active'}</dd>
      </dl>

      <h2>Activity</h2>
      <dl className="staff-member__activity">
        {ACTIVITY.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{member.activity[key]}</dd>
          </div>
        ))}
      </dl>

      <h2>Signed-in devices</h2>
      {member.devices.length === 0 ? (
        <p>Not signed in anywhere.</p>
      ) : (
        <ul className="staff-member__devices">
          {member.devices.map((d) => (
            <li key={`${d.signedInAt} ${d.browser} ${d.system}`}>
              {d.browser} on {d.system}: signed in <LocalTime iso={d.signedInAt} />, last seen <LocalTime iso={d.lastSeenAt} />
            </li>
          ))}
        </ul>
      )}

      {!member.deleted && <SuspensionPanel member={member} onChanged={answer.reload} />}
    </>
  );
}

export default function StaffMemberPage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <StaffPage title="Member" roles={['moderator']}>
      {() => <Details key={id} id={id} />}
    </StaffPage>
  );
}
