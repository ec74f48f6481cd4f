/**
 * All results of a search (issue 14): the query lives in the URL (/search?q=…&type=…), so a search can be shared and
 * the back button works. Type filters with their counts ("300+" once a community type's reaches its cap, ADR 178),
 * the hits with their highlighted snippets (a PDF hit opens the document at its page), 'Load more', 'Did you mean',
 * and an empty state that suggests the sections.
 */
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { Link, useLocation, useSearch } from 'wouter';
import { countText, SEARCH_PAGE_SIZE, SEARCH_TYPE_LABELS, SEARCH_TYPES, type SearchType } from '../../../domain/search';
import { SEARCH_SECTIONS } from '../../../domain/sections';
import { isDocument, Snippet } from '../../components/section-search';
import { Spinner } from '../../components/states';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePageActor } from '../../hooks/use-page-actor';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import './search.css';

const typeOf = (value: string | null): SearchType | null => (SEARCH_TYPES.includes(value as SearchType) ? (value as SearchType) : null);

export default function SearchPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const q = (params.get('q') ?? '').trim();
  const type = typeOf(params.get('type'));
  const { machines } = useServices();
  const [machine] = useState(machines.search);
  const { actor, restored } = usePageActor(`search ${type ?? ''} ${q}`, machine, { input: { limit: SEARCH_PAGE_SIZE } }, {
    prepare: (started) => started.send({ type: 'query.submitted', q, searchType: type }),
    settled: (snapshot) => !snapshot.matches('searching') && !snapshot.matches('debouncing'),
  });
  // The results the server drew are this URL's: the first search is not sent again.
  const drawnQuery = useRef(restored ? `${type ?? ''} ${q}` : null);
  const view = useSelector(actor, (s) => ({
    searching: s.matches('searching'),
    results: s.matches('results'),
    none: s.matches('noResults'),
    failed: s.matches('failed'),
    loadingMore: s.matches({ results: 'loadingMore' }),
    c: s.context,
  }), (a, b) => a.searching === b.searching && a.results === b.results && a.none === b.none && a.failed === b.failed
    && a.loadingMore === b.loadingMore && a.c === b.c);
  useDocumentTitle(q ? `Search: ${q}` : 'Search');

  // The URL is the query: a new one (typed, a filter, the back button, a shared link) is searched at once.
  useEffect(() => {
    if (drawnQuery.current === `${type ?? ''} ${q}`) return;
    drawnQuery.current = null;
    actor.send({ type: 'query.submitted', q, searchType: type });
  }, [actor, q, type]);

  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) navigate(paths.searchResults(draft.trim()));
  };

  // 'Load more' keeps the keyboard where the new hits start.
  const firstNew = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const count = view.c.hits.length;
  useEffect(() => {
    if (firstNew.current === null || firstNew.current >= count) return;
    list.current?.querySelectorAll<HTMLAnchorElement>('.search-hit__title a')[firstNew.current]?.focus();
    firstNew.current = null;
  }, [count]);

  const { c } = view;
  const total = c.total;
  const shown = type ? (c.counts[type] ?? 0) : total;
  // A count that reached its cap reads "300+" (ADR 178): the type's own, or any of them for All.
  const atLeast = (t: SearchType | null) => (t ? c.capped.includes(t) : c.capped.length > 0);
  const shownText = `${countText(shown, atLeast(type))} result${shown === 1 ? '' : 's'}`;
  const typesFound = SEARCH_TYPES.filter((t) => (c.counts[t] ?? 0) > 0);

  return (
    <div className="container page search-page">
      <h1>{q ? <>Search results for “{q}”</> : 'Search'}</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search is the search landmark every screen reader announces; <search> is not yet in React's element types. */}
      <form className="search-page__form" role="search" onSubmit={submit}>
        <div className="search-page__row">
          <SearchField className="field search-page__field" value={draft} onChange={setDraft}>
            <Label className="field__label">Search articles, courses, lessons, the library and the community</Label>
            <Input id="search-page-input" className="field__input" maxLength={200} />
          </SearchField>
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
      </form>

      <p className="visually-hidden" role="status">
        {view.results ? shownText : view.none ? 'No results found' : ''}
      </p>

      {view.searching && <Spinner label="Searching..." />}
      {view.failed && (
        <p className="error-state" role="alert">
          Error: {c.error}
        </p>
      )}

      {view.results && (
        <div className="search-page__layout">
          <nav className="search-page__filters" aria-label="Filter by type">
            <ul>
              <li>
                <Link href={paths.searchResults(q)} aria-current={type === null ? 'page' : undefined}>
                  All <span className="search-page__count">{countText(total, atLeast(null))}</span>
                </Link>
              </li>
              {typesFound.map((t) => (
                <li key={t}>
                  <Link href={paths.searchResults(q, t)} aria-current={type === t ? 'page' : undefined}>
                    {SEARCH_TYPE_LABELS[t]} <span className="search-page__count">{countText(c.counts[t] ?? 0, atLeast(t))}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section className="search-page__results" aria-labelledby="results-heading">
            <h2 id="results-heading" className="search-page__heading">
              {shownText}
              {type ? ` in ${SEARCH_TYPE_LABELS[type]}` : ''}
            </h2>
            <ol className="search-hits" ref={list}>
              {c.hits.map((hit) => (
                <li key={`${hit.type} ${hit.url} ${hit.title}`} className="search-hit">
                  <p className="search-hit__type">
                    {SEARCH_TYPE_LABELS[hit.type]}
                    {hit.page !== null && ` · page ${hit.page}`}
                  </p>
                  <h3 className="search-hit__title">
                    {isDocument(hit) ? (
                      <a href={hit.url} target="_blank" rel="noopener">
                        {hit.title}
                        <span className="visually-hidden"> (PDF{hit.page !== null ? `, page ${hit.page}` : ''}, opens in a new tab)</span>
                      </a>
                    ) : (
                      <Link href={hit.url}>{hit.title}</Link>
                    )}
                  </h3>
                  <p className="search-hit__snippet">
                    <Snippet text={hit.snippet} />
                  </p>
                </li>
              ))}
            </ol>
            {c.nextCursor && (
              <button
                type="button"
                className="button"
                disabled={view.loadingMore}
                onClick={() => {
                  firstNew.current = count;
                  actor.send({ type: 'search.more' });
                }}
              >
                {view.loadingMore ? 'Loading...' : 'Load more'}
              </button>
            )}
          </section>
        </div>
      )}

      {(view.none || (!q && !view.searching)) && (
        <section className="search-page__empty" aria-labelledby="nothing-heading">
          <h2 id="nothing-heading">{q ? 'No results found' : 'What are you looking for?'}</h2>
          {c.suggestion && (
            <p className="search-page__suggestion">
              Did you mean <Link href={paths.searchResults(c.suggestion)}>{c.suggestion}</Link>?
            </p>
          )}
          <p>Try other words, or browse a section:</p>
          <ul className="search-page__sections">
            {SEARCH_SECTIONS.map((s) => (
              <li key={s.path}>
                <Link href={s.path}>{s.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
