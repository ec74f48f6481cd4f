import { avatarInitials, displayName, type User } from '../../domain/user';
import { MemberAvatar } from '../components/member-avatar';

/**
 * The nav's avatar: the profile picture (its 64 px version), else the initials of first and last name, else the
 * email's first letter, else 'U'. Decorative: the button around it is named "Account menu for <first name>" (ADR 132).
 */
export function Avatar({ user }: { user: User }) {
  return <MemberAvatar name={displayName(user.firstName, user.lastName)} picture={user.profilePicture} scale="nav" initials={avatarInitials(user)} />;
}
