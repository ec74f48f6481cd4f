/**
 * An author's byline (issue 35): their picture or initials and their name, linking to their profile. A deleted
 * member's byline (no id, or marked deleted) does not link; one without an id (a deleted comment) shows no picture. The picture is decorative: the name is read beside it.
 */
import { Link } from 'wouter';
import { type BylineAuthor, hasProfile } from '../../domain/member';
import { paths } from '../routes';
import { MemberAvatar } from './member-avatar';

export function Byline({ author, nameId, className = '' }: { author: BylineAuthor; nameId?: string; className?: string }) {
  const content = (
    <>
      {author._id && <MemberAvatar name={author.name} picture={author.profilePicture} scale="byline" />}
      <span id={nameId} className="byline__name">
        {author.name}
      </span>
    </>
  );
  return hasProfile(author) ? (
    <Link href={paths.member(author._id)} className={`byline ${className}`}>
      {content}
    </Link>
  ) : (
    <span className={`byline ${className}`}>{content}</span>
  );
}
