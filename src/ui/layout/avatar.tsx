import { avatarInitials, type User } from '../../domain/user';

/** The profile picture, else the initials of first and last name, else the email's first letter, else 'U'. */
export function Avatar({ user }: { user: User }) {
  return user.profilePicture ? (
    <img className="avatar" src={user.profilePicture} alt="" width={36} height={36} />
  ) : (
    <span className="avatar" aria-hidden="true">
      {avatarInitials(user)}
    </span>
  );
}
