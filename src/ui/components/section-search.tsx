/**
 * The navigation search box: filters the eight content sections by title, case-insensitively, in the WAI-ARIA
 * combobox pattern (list autocomplete): arrow keys move through the results, Enter opens one, Escape closes the list
 * (a second Escape clears the box), and 'No results found' is announced when nothing matches.
 *
 * Written by hand rather than with react-aria's ComboBox, which hides the rest of the page with aria-hidden while
 * its list is open (axe: aria-hidden-focus) and weighs about 60 KB gzipped on every page: see docs/decisions/010.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { filterSections } from '../../domain/sections';

export function SectionSearch({ onNavigate }: { onNavigate?: () => void }) {
  const [, navigate] = useLocation();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const results = useMemo(() => filterSections(query), [query]);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const choose = (path: string) => {
    setQuery('');
    setOpen(false);
    setActive(-1);
    navigate(path);
    onNavigate?.();
  };

  const move = (step: 1 | -1) => {
    setOpen(true);
    if (results.length === 0) return setActive(-1);
    setActive((current) => (current < 0 ? (step === 1 ? 0 : results.length - 1) : (current + step + results.length) % results.length));
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
        const chosen = open ? results[active] : undefined;
        if (chosen) {
          event.preventDefault();
          choose(chosen.path);
        }
        break;
      }
      case 'Escape':
        // Handled here, so a surrounding menu (the hamburger panel) stays open.
        if (open || query) event.preventDefault();
        if (open) setOpen(false);
        else setQuery('');
        setActive(-1);
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const expanded = open && results.length > 0;
  return (
    <div className="search" ref={boxRef}>
      <label htmlFor={inputId} className="visually-hidden">
        Search sections
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
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className="search__popover" hidden={!open}>
        <div id={listId} role="listbox" aria-label="Sections" className="search__list" hidden={results.length === 0}>
          {results.map((section, index) => (
            // Keyboard users choose options from the input (aria-activedescendant); the pointer picks them here.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys for its options
            <div
              key={section.path}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className="search__option"
              data-focused={index === active || undefined}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(section.path)}
            >
              {section.title}
            </div>
          ))}
        </div>
        <p className="search__empty" role="status">
          {open && results.length === 0 ? 'No results found' : ''}
        </p>
      </div>
    </div>
  );
}
