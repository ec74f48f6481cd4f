/**
 * The navigation search box: filters the eight content sections by title, case-insensitively, as a combobox
 * (arrow keys move through the results, Enter opens one, Escape closes the list), with 'No results found'.
 */
import { useMemo, useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { useLocation } from 'wouter';
import { filterSections } from '../../domain/sections';

const SEARCH_PLACEHOLDER = 'Search articles, courses, quizzes...';

interface SectionItem {
  id: string;
  title: string;
}

export interface SectionSearchProps {
  onNavigate?: () => void;
  /** What was typed, and whether the box had focus, before this module finished loading. */
  initialQuery?: string;
  autoFocus?: boolean;
}

export default function SectionSearch({ onNavigate, initialQuery = '', autoFocus = false }: SectionSearchProps) {
  const [, navigate] = useLocation();
  const [query, setQuery] = useState(initialQuery);
  const items = useMemo((): SectionItem[] => filterSections(query).map((s) => ({ id: s.path, title: s.title })), [query]);
  return (
    <ComboBox
      className="search"
      inputValue={query}
      onInputChange={setQuery}
      items={items}
      selectedKey={null}
      allowsEmptyCollection
      menuTrigger="focus"
      onSelectionChange={(key) => {
        if (key === null) return;
        setQuery('');
        navigate(String(key));
        onNavigate?.();
      }}
    >
      <Label className="visually-hidden">Search sections</Label>
      <div className="search__box">
        <svg className="search__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4.2-4.2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <Input className="search__input" placeholder={SEARCH_PLACEHOLDER} autoFocus={autoFocus} />
      </div>
      <Popover className="search__popover" placement="bottom start" offset={6}>
        <ListBox className="search__list" renderEmptyState={() => <p className="search__empty">No results found</p>}>
          {(item: SectionItem) => (
            <ListBoxItem className="search__option" id={item.id} textValue={item.title}>
              {item.title}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
