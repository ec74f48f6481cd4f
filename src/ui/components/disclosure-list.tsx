/**
 * An accordion of titled paragraphs, one open at a time (the about area's values, the home FAQ): react-aria's
 * DisclosureGroup. Closed answers stay in the page, `hidden="until-found"`, so the browser's find opens them and the
 * server's HTML carries every answer; opening one reads no layout while the page hydrates (ADR 108).
 */
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import './accordion.css';

export function DisclosureList({ items, defaultOpen, className = '' }: { items: readonly { title: string; text: string }[]; defaultOpen?: number; className?: string }) {
  return (
    <DisclosureGroup defaultExpandedKeys={defaultOpen === undefined ? [] : [`item-${defaultOpen}`]} className={`accordion ${className}`.trim()}>
      {items.map((item, index) => (
        <Disclosure key={item.title} id={`item-${index}`} className="accordion__item">
          <Heading level={3} className="accordion__header">
            <Button slot="trigger" className="accordion__trigger">
              {item.title}
              <svg className="accordion__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Button>
          </Heading>
          <DisclosurePanel className="accordion__content">
            <p>{item.text}</p>
          </DisclosurePanel>
        </Disclosure>
      ))}
    </DisclosureGroup>
  );
}
