import { DropdownMenu } from 'radix-ui';
import { Link } from 'wouter';
import { avatarInitials, displayFirstName, type User } from '../../domain/user';
import { paths } from '../routes';

export function Avatar({ user }: { user: User }) {
  return user.profilePicture ? (
    <img className="avatar" src={user.profilePicture} alt="" width={36} height={36} />
  ) : (
    <span className="avatar" aria-hidden="true">
      {avatarInitials(user)}
    </span>
  );
}

/** The signed-in avatar menu: first name (default 'User'), email, 'Edit Profile', 'Logout'. */
export function AvatarMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="avatar-button" aria-label={`Account menu for ${displayFirstName(user)}`}>
        <Avatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
          <div className="menu__header">
            <span className="menu__name">{displayFirstName(user)}</span>
            <span className="menu__email">{user.email}</span>
          </div>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item asChild className="menu__item">
            <Link href={paths.profile}>Edit Profile</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={onLogout}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
