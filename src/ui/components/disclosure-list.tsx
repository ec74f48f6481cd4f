/** A radix accordion of titled paragraphs, one open at a time (the about area's values, the home FAQ). */
import { Accordion } from 'radix-ui';
import './accordion.css';

export function DisclosureList({ items, defaultOpen, className = '' }: { items: readonly { title: string; text: string }[]; defaultOpen?: number; className?: string }) {
  return (
    <Accordion.Root type="single" collapsible defaultValue={defaultOpen === undefined ? undefined : `item-${defaultOpen}`} className={`accordion ${className}`.trim()}>
      {items.map((item, index) => (
        <Accordion.Item key={item.title} value={`item-${index}`} className="accordion__item">
          <Accordion.Header asChild>
            <h3 className="accordion__header">
              <Accordion.Trigger className="accordion__trigger">
                {item.title}
                <svg className="accordion__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="accordion__content">
            <p>{item.text}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
