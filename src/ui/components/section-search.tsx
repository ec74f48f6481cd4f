/**
 * The navigation search box, in the WAI-ARIA combobox pattern (list autocomplete): it filters the eight content
 * sections by title, case-insensitively (spec section 2), and below them shows up to five content hits from search
 * (issue 14) grouped by type, each with its snippet, then 'See all results'. Arrow keys move through every option,
 * Enter opens one, Escape closes the list (a second Escape clears the box); the number of results is said in a polite
 * live region, and 'No results found' when nothing matches.
 *
 * Written by hand rather than with react-aria's ComboBox, which hides the rest of the page with aria-hidden while
 * its list is open (axe: aria-hidden-focus) and weighs about 60 KB gzipped on every page: see docs/decisions/010.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { countText, SEARCH_PREVIEW_SIZE, SEARCH_TYPE_LABELS, type SearchHit, type SearchType, snippetParts } from '../../domain/search';
import { filterSections } from '../../domain/sections';
import { paths } from '../routes';
import { useServices } from '../services-context';

/** A snippet with its matched words marked, built as elements: no HTML string reaches the page. */
export function Snippet({ text }: { text: string }) {
  return (
    <>
      {snippetParts(text).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
        part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

/** Where a hit leads: a page of the app, or a document (a PDF at its page) opened as a file. */
export function isDocument(hit: SearchHit): boolean {
  return hit.url.startsWith('/files/');
}

interface Option {
  key: string;
  label: ReactNode;
  text: string;
  go: () => void;
}

export function SectionSearch({ onNavigate }: { onNavigate?: () => void }) {
  const [, navigate] = useLocation();
  const { machines } = useServices();
  const [machine] = useState(machines.search);
  const searchActor = useActorRef(machine, { input: { limit: SEARCH_PREVIEW_SIZE } });
  const content = useSelector(searchActor, (s) => ({
    hits: s.context.hits,
    total: s.context.total,
    /** Some count stopped at its cap: the total is "at least" (ADR 178). */
    atLeast: s.context.capped.length > 0,
    busy: s.matches('debouncing') || s.matches('searching'),
    settled: s.matches('results') || s.matches('noResults') || s.matches('failed'),
  }), (a, b) => a.hits === b.hits && a.total === b.total && a.atLeast === b.atLeast && a.busy === b.busy && a.settled === b.settled);
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const sections = useMemo(() => filterSections(query), [query]);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const finish = () => {
    setQuery('');
    setOpen(false);
    setActive(-1);
    searchActor.send({ type: 'query.cleared' });
    onNavigate?.();
  };
  const goTo = (path: string) => {
    navigate(path);
    finish();
  };

  // Every option in reading order: sections, the content hits by type, then 'See all results'.
  const typed = query.trim() !== '';
  const groups = useMemo(() => {
    const byType = new Map<SearchType, SearchHit[]>();
    for (const hit of content.hits) byType.set(hit.type, [...(byType.get(hit.type) ?? []), hit]);
    return [...byType];
  }, [content.hits]);
  const options: Option[] = [
    ...sections.map((section): Option => ({ key: `section ${section.path}`, label: section.title, text: section.title, go: () => goTo(section.path) })),
    ...groups.flatMap(([, hits]) => hits.map((hit): Option => ({
      key: `hit ${hit.type} ${hit.url} ${hit.title}`,
      label: (
        <>
          <span className="search__hit-title">
            {hit.title}
            {hit.page !== null && <span className="search__hit-page"> · page {hit.page}</span>}
          </span>
          <span className="search__hit-snippet">
            <Snippet text={hit.snippet} />
          </span>
        </>
      ),
      text: hit.title,
      go: () => {
        if (isDocument(hit)) {
          window.open(hit.url, '_blank', 'noopener');
          finish();
        } else {
          goTo(hit.url);
        }
      },
    }))),
    ...(typed && content.total > 0
      ? [{ key: 'all', label: `See all ${countText(content.total, content.atLeast)} results`, text: 'See all results', go: () => goTo(paths.searchResults(query.trim())) }]
      : []),
  ];

  const move = (step: 1 | -1) => {
    setOpen(true);
    if (options.length === 0) return setActive(-1);
    setActive((current) => (current < 0 ? (step === 1 ? 0 : options.length - 1) : (current + step + options.length) % options.length));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter': {
        const chosen = open ? options[active] : undefined;
        if (chosen) {
          event.preventDefault();
          chosen.go();
        } else if (typed) {
          // Enter on the query itself: every result.
          event.preventDefault();
          goTo(paths.searchResults(query.trim()));
        }
        break;
      }
      case 'Escape':
        // Handled here, so a surrounding menu (the hamburger panel) stays open.
        if (open || query) event.preventDefault();
        if (open) setOpen(false);
        else {
          setQuery('');
          searchActor.send({ type: 'query.cleared' });
        }
        setActive(-1);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const expanded = open && options.length > 0;
  const nothing = typed && sections.length === 0 && content.settled && content.total === 0;
  // What a screen reader hears: the count once the content results are in (or 'No results found').
  const status = !open ? '' : nothing || (!typed && sections.length === 0) ? 'No results found'
    : typed && content.settled
      ? `${countText(sections.length + content.total, content.atLeast)} result${sections.length + content.total === 1 ? '' : 's'}`
      : '';
  let index = 0;
  const option = (o: Option) => {
    const i = index++;
    return (
      // Keyboard users choose options from the input (aria-activedescendant); the pointer picks them here.
      // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys for its options
      <div
        key={o.key}
        id={optionId(i)}
        role="option"
        tabIndex={-1}
        aria-selected={i === active}
        className="search__option"
        data-focused={i === active || undefined}
        onMouseDown={(event) => event.preventDefault()}
        onMouseMove={() => setActive(i)}
        onClick={o.go}
      >
        {o.label}
      </div>
    );
  };
  const sectionOptions = options.slice(0, sections.length);
  const hitOptions = options.slice(sections.length, sections.length + content.hits.length);
  const seeAll = options.slice(sections.length + content.hits.length);
  let hitAt = 0;

  return (
    <div className="search" ref={boxRef}>
      <label htmlFor={inputId} className="visually-hidden">
        Search SustainLearn
      </label>
      <div className="search__box">
        <svg className="search__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4.2-4.2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={inputId}
          className="search__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search articles, courses, quizzes..."
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(-1);
            searchActor.send({ type: 'query.changed', q: event.target.value });
          }}
          onFocus={() => setOpen(true)}
          // Focus moved elsewhere (Tab, a route change, a screen reader's cursor): the list closes with it.
          onBlur={(event) => {
            if (!boxRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="search__popover" hidden={!open}>
        <div id={listId} role="listbox" aria-label="Search results" className="search__list" hidden={options.length === 0}>
          {sectionOptions.length > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: options in a listbox are grouped with role=group (WAI-ARIA listbox pattern); a fieldset may not sit in a listbox.
            <div role="group" aria-label="Sections">
              {sectionOptions.map(option)}
            </div>
          )}
          {groups.map(([type, hits]) => {
            const mine = hitOptions.slice(hitAt, hitAt + hits.length);
            hitAt += hits.length;
            return (
              // biome-ignore lint/a11y/useSemanticElements: options in a listbox are grouped with role=group (WAI-ARIA listbox pattern).
              <div key={type} role="group" aria-label={SEARCH_TYPE_LABELS[type]}>
                <div className="search__group" aria-hidden="true">
                  {SEARCH_TYPE_LABELS[type]}
                </div>
                {mine.map(option)}
              </div>
            );
          })}
          {seeAll.map(option)}
        </div>
        {content.busy && typed && <p className="search__busy">Searching...</p>}
        <p className="search__empty" role="status">
          {status === 'No results found' ? status : ''}
        </p>
        <p className="visually-hidden" aria-live="polite">
          {status !== 'No results found' ? status : ''}
        </p>
      </div>
    </div>
  );
}
