/**
 * Keeps react-aria's combobox (about 60 KB gzipped with its translations) out of the first download: a plain input
 * of the same look stands in until the combobox has loaded, then hands over what was typed and the focus.
 */
import { lazy, Suspense, useState } from 'react';

const SectionSearch = lazy(() => import('../components/section-search'));
const PLACEHOLDER = 'Search articles, courses, quizzes...';

export function SearchSlot({ onNavigate }: { onNavigate?: () => void }) {
  const [typed, setTyped] = useState('');
  const [focused, setFocused] = useState(false);
  const fallback = (
    <div className="search">
      <label className="visually-hidden" htmlFor="search-loading">
        Search sections
      </label>
      <div className="search__box">
        <svg className="search__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4.2-4.2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id="search-loading"
          className="search__input"
          placeholder={PLACEHOLDER}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
      </div>
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <SectionSearch onNavigate={onNavigate} initialQuery={typed} autoFocus={focused} />
    </Suspense>
  );
}
