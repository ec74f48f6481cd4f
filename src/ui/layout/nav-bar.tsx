/**
 * The navigation bar: logo, section search, about link, learning dropdown, community link, and 'Make an Impact' for
 * visitors or the avatar menu for signed-in users. At 980px or less it becomes a hamburger menu (with Profile and
 * Logout for signed-in users) that closes on a click outside, on Escape and on navigation.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { SectionSearch } from '../components/section-search';
import { useOnline } from '../hooks/use-online';
import { MOBILE_NAV_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { displayFirstName } from '../../domain/user';
import { paths } from '../routes';
import { useServices, useSession } from '../services-context';
import { Avatar } from './avatar';
import { DeferredMenu } from './deferred-menu';
import { NotificationBell } from './notification-bell';
import { LEARNING_LINKS, useCurrent } from './nav-links';
import './site-layout.css';


const loadLearningMenu = () => import(/* webpackChunkName: "learning-menu" */ './learning-menu');
const loadAvatarMenu = () => import(/* webpackChunkName: "avatar-menu" */ './avatar-menu');

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


function DesktopNav() {
  const { session } = useServices();
  const { user, signedIn } = useSession();
  const current = useCurrent();
  return (
    <>
      <SectionSearch />
      <ul className="nav__links">
        <li>
          <Link href={paths.about} aria-current={current(paths.about)}>
            About
          </Link>
        </li>
        <li>
          <DeferredMenu
            load={loadLearningMenu}
            props={{}}
            renderTrigger={(handlers) => (
              <button type="button" className={`nav__trigger${LEARNING_LINKS.some((l) => current(l.href)) ? ' nav__trigger--active' : ''}`} {...handlers}>
                Learning
                <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" className="nav__chevron">
                  <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
                </svg>
              </button>
            )}
          />
        </li>
        <li>
          <Link href={paths.community} aria-current={current(paths.community)}>
            Community
          </Link>
        </li>
      </ul>
      <div className="nav__account">
        {signedIn && user ? <NotificationBell /> : null}
        {signedIn && user ? (
          <DeferredMenu
            load={loadAvatarMenu}
            props={{ user, onLogout: () => session.send({ type: 'user.logout' }) }}
            renderTrigger={(handlers) => (
              <button type="button" className="avatar-button" aria-label={`Account menu for ${displayFirstName(user)}`} {...handlers}>
                <Avatar user={user} />
              </button>
            )}
          />
        ) : (
          <Link href={paths.login} className="button button--primary">
            Make an Impact
          </Link>
        )}
      </div>
    </>
  );
}

function MobileNav() {
  const { session } = useServices();
  const { user, signedIn } = useSession();
  const current = useCurrent();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the route changes
  useEffect(() => setOpen(false), [location]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !toggleRef.current?.contains(target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <>
      {signedIn && user ? (
        <span className="nav__bell">
          <NotificationBell />
        </span>
      ) : null}
      <button
        ref={toggleRef}
        type="button"
        className="nav__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        <span>Menu</span>
      </button>
      <div ref={panelRef} id={panelId} className="nav__panel" hidden={!open}>
        <SectionSearch onNavigate={close} />
        <ul className="nav__panel-links">
          <li>
            <Link href={paths.about} aria-current={current(paths.about)}>
              About
            </Link>
          </li>
          <li>
            <span className="nav__panel-heading" id={`${panelId}-learning`}>
              Learning
            </span>
            <ul aria-labelledby={`${panelId}-learning`}>
              {LEARNING_LINKS.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} aria-current={current(link.href)}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <Link href={paths.community} aria-current={current(paths.community)}>
              Community
            </Link>
          </li>
        </ul>
        <div className="nav__panel-account">
          {signedIn && user ? (
            <>
              <p className="nav__panel-user">
                Signed in as <strong>{user.email}</strong>
              </p>
              <Link href={paths.learning} className="button">
                My learning
              </Link>
              <Link href={paths.profile} className="button">
                Profile
              </Link>
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  close();
                  session.send({ type: 'user.logout' });
                }}
              >
                Logout
              </button>
            </>
          ) : (
            <Link href={paths.login} className="button button--primary button--block">
              Make an Impact
            </Link>
          )}
        </div>
      </div>
    </>
  );
}

/**
 * "Offline" under the bar while the browser has no connection (issue 42 item 3), announced as it comes and goes. Out of
 * the bar's own row (an empty item there still took a gap, and the bar no longer fit 320 px), and empty otherwise.
 */
function ConnectionStatus() {
  const online = useOnline();
  return (
    <div className="nav__connection" role="status">
      {online ? null : <span className="nav__offline">Offline</span>}
    </div>
  );
}

export function NavBar() {
  const mobile = useMediaQuery(MOBILE_NAV_QUERY);
  return (
    <header className="site-header">
      <nav className="nav container" aria-label="Main">
        <Logo />
        {mobile ? <MobileNav /> : <DesktopNav />}
      </nav>
      <ConnectionStatus />
    </header>
  );
}
