import { DropdownMenu } from 'radix-ui';
import { Link } from 'wouter';
import { displayFirstName, type User } from '../../domain/user';
import { Avatar } from './avatar';
import type { DeferredMenuProps } from './deferred-menu';
import { AvatarThemeItems } from './theme-choice';
import { useTakeOver } from './use-auto-focus';
import { paths } from '../routes';
import { myRoles } from '../calls';
import { useQuery } from '../hooks/use-query';

/**
 * 'Staff console', for a member who holds a role (ADR 138). It mounts with the open menu, so the roles are asked for
 * when a member opens it (once; the answer is cached, and a change of roles invalidates it), never on a page load.
 */
function StaffConsoleItem() {
  const roles = useQuery(myRoles);
  if (roles.status !== 'success' || roles.data.roles.length === 0) return null;
  return (
    <DropdownMenu.Item asChild className="menu__item">
      <Link href={paths.staff}>Staff console</Link>
    </DropdownMenu.Item>
  );
}

/**
 * The signed-in avatar menu: first name (default 'User'), email, 'My learning', 'Edit Profile', 'Staff console' for staff,
 * the theme (System, Light, Dark: ADR 165), 'Logout'.
 */
export default function AvatarMenu({ user, onLogout, pressedWith = false, autoFocus = false }: { user: User; onLogout: () => void } & DeferredMenuProps) {
  const takeOver = useTakeOver<HTMLButtonElement>(autoFocus, pressedWith);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={takeOver} className="avatar-button" aria-label={`Account menu for ${displayFirstName(user)}`}>
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
            <Link href={paths.learning}>My learning</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu__item">
            <Link href={paths.profile}>Edit Profile</Link>
          </DropdownMenu.Item>
          <StaffConsoleItem />
          <DropdownMenu.Separator className="menu__separator" />
          <AvatarThemeItems />
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" onSelect={onLogout}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
