import { DropdownMenu } from 'radix-ui';
import { Link } from 'wouter';
import { paths } from '../routes';
import { useServices, useSession } from '../services-context';
import { AvatarMenu } from './avatar-menu';

export const LEARNING_LINKS = [
  { label: 'Articles/Blogs', href: paths.articles },
  { label: 'eBooks', href: paths.ebooks },
  { label: 'Online Courses', href: paths.courses },
  { label: 'Quizzes/Challenges', href: paths.quiz },
  { label: 'Case Studies', href: paths.caseStudies },
] as const;

export function Logo() {
  return (
    <Link href={paths.home} className="logo" aria-label="SustainLearn home">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill="#1f6f4a" />
        <path d="M9 20c4-9 10-10 14-11-1 6-4 12-12 13" fill="#a7d7b8" />
      </svg>
      <span>SustainLearn</span>
    </Link>
  );
}

export function NavBar() {
  const { session } = useServices();
  const { user, signedIn } = useSession();
  return (
    <header className="site-header">
      <nav className="nav container" aria-label="Main">
        <Logo />
        <ul className="nav__links">
          <li>
            <Link href={paths.about}>About</Link>
          </li>
          <li>
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger className="nav__trigger">Learning</DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content className="menu" sideOffset={8} align="start">
                  {LEARNING_LINKS.map((link) => (
                    <DropdownMenu.Item key={link.href} asChild className="menu__item">
                      <Link href={link.href}>{link.label}</Link>
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          </li>
          <li>
            <Link href={paths.community}>Community</Link>
          </li>
        </ul>
        <div className="nav__account">
          {signedIn && user ? (
            <AvatarMenu user={user} onLogout={() => session.send({ type: 'user.logout' })} />
          ) : (
            <Link href={paths.login} className="button button--primary">
              Make an Impact
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
