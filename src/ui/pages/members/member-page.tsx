/**
 * A member's profile (issue 35), for signed-in members: picture or initials, name, headline, profession,
 * organisation, bio, member since, and their recent posts and comments, each linking to its topic's discussion.
 */
import { Link, useParams } from 'wouter';
import { ApiError } from '../../../application/api-error';
import { avatarAlt, type MemberActivity } from '../../../domain/member';
import { formatUsDate } from '../../../domain/text';
import { MemberAvatar } from '../../components/member-avatar';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useQuery } from '../../hooks/use-query';
import { getMember } from '../../calls';
import { paths } from '../../routes';
import './members.css';

function Activity({ items, empty }: { items: MemberActivity[]; empty: string }) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="member-activity">
      {items.map((item) => (
        <li key={item._id} className="member-activity__item">
          <Link href={paths.discussionTopic(item)}>{item.kind === 'comment' ? `On: ${item.title}` : item.title}</Link>
          {item.excerpt && <p className="member-activity__excerpt">{item.excerpt}</p>}
          <time className="member-activity__date" dateTime={item.createdAt}>
            {formatUsDate(item.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}

export default function MemberPage() {
  const { id = '' } = useParams<{ id: string }>();
  const answer = useQuery(getMember, { params: { id } });
  const member = answer.data?.member;
  useDocumentTitle(member ? member.name : 'Member profile');

  if (answer.status === 'loading') {
    return (
      <section className="container page">
        <Spinner label="Loading profile..." />
      </section>
    );
  }
  if (!member) {
    const missing = answer.error instanceof ApiError && answer.error.status === 404;
    return (
      <section className="container page">
        <h1>Member profile</h1>
        {missing ? <p>This member's profile is not available.</p> : <ErrorState error={answer.error!} />}
      </section>
    );
  }
  const facts = [member.profession, member.organisation].filter(Boolean);
  return (
    <section className="container page member-page">
      <header className="member-header">
        <div className="member-header__text">
          <h1>{member.name}</h1>
          {member.headline && <p className="member-header__headline">{member.headline}</p>}
          <dl className="member-facts">
            {member.profession && (
              <div>
                <dt>Profession</dt>
                <dd>{member.profession}</dd>
              </div>
            )}
            {member.organisation && (
              <div>
                <dt>Organisation</dt>
                <dd>{member.organisation}</dd>
              </div>
            )}
            <div>
              <dt>Member since</dt>
              <dd>
                <time dateTime={member.memberSince}>{formatUsDate(member.memberSince)}</time>
              </dd>
            </div>
          </dl>
          {facts.length === 0 && !member.headline && !member.bio && <p className="member-header__quiet">This member has not written a profile yet.</p>}
        </div>
        {/* After the name in reading order (the name, then the picture), drawn first by CSS. */}
        <MemberAvatar name={member.name} picture={member.profilePicture} scale="profile" alt={avatarAlt(member.name)} />
      </header>
      {member.bio && (
        <section aria-labelledby="member-bio" className="member-section">
          <h2 id="member-bio">About</h2>
          <p className="member-bio">{member.bio}</p>
        </section>
      )}
      <div className="member-columns">
        <section aria-labelledby="member-posts" className="member-section">
          <h2 id="member-posts">Recent posts</h2>
          <Activity items={member.posts} empty="No posts yet." />
        </section>
        <section aria-labelledby="member-comments" className="member-section">
          <h2 id="member-comments">Recent comments</h2>
          <Activity items={member.comments} empty="No comments yet." />
        </section>
      </div>
    </section>
  );
}
