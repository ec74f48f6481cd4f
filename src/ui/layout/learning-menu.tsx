/** The Learning dropdown on radix; loaded after the first paint through DeferredMenu. */
import { DropdownMenu } from 'radix-ui';
import { Link } from 'wouter';
import type { DeferredMenuProps } from './deferred-menu';
import { LEARNING_LINKS, useCurrent } from './nav-links';
import { useTakeOver } from './use-auto-focus';

export default function LearningMenu({ pressedWith = false, autoFocus = false }: DeferredMenuProps) {
  const current = useCurrent();
  const takeOver = useTakeOver<HTMLButtonElement>(autoFocus, pressedWith);
  const active = LEARNING_LINKS.some((l) => current(l.href));
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={takeOver} className={`nav__trigger${active ? ' nav__trigger--active' : ''}`}>
        Learning
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" className="nav__chevron">
          <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" sideOffset={8} align="start">
          {LEARNING_LINKS.map((link) => (
            <DropdownMenu.Item key={link.href} asChild className="menu__item">
              <Link href={link.href} aria-current={current(link.href)}>
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
