/**
 * Authoring in the staff console (issue 38, ADR 157): the content of each kind in tabs, searched and filtered by status
 * (both read from the address), each item leading to its editor; 'New article' opens an empty editor.
 */
import { type FormEvent, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { AuthoringListItem } from '../../../contract/authoring';
import { AUTHORING_KIND_LABELS, AUTHORING_STATUS_LABELS, AUTHORING_STATUSES, type AuthoringKind, type AuthoringStatus } from '../../../domain/authoring';
import { formatUsDateTime } from '../../../domain/text';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { listContent } from '../../calls';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { StaffPage } from '../staff/staff-page';
import { EDITORS } from '../staff-workshops/roles';
import './staff-content.css';

/** The kinds edited in the browser so far; the others still come through the content import. */
export const EDITABLE_KINDS: readonly AuthoringKind[] = ['articles', 'workshops', 'courses'];

function Items({ kind, q, status }: { kind: AuthoringKind; q: string; status: AuthoringStatus | '' }) {
  const answer = useQuery(listContent, { params: { kind }, query: { ...(q ? { q } : {}), ...(status ? { status } : {}) } });
  if (answer.status === 'loading') return <Spinner label="Loading content..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const { items } = answer.data;
  if (items.length === 0) return <EmptyState>Nothing matches. Try another search or status.</EmptyState>;
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        <caption className="visually-hidden">{AUTHORING_KIND_LABELS[kind]}</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Status</th>
            <th scope="col">Last change</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item: AuthoringListItem) => (
            <tr key={item.id}>
              <th scope="row">
                <Link href={paths.staffContentItem(kind, item.id)}>{item.title}</Link>
              </th>
              <td>
                {AUTHORING_STATUS_LABELS[item.status]}
                {item.scheduledAt ? ` (scheduled ${formatUsDateTime(item.scheduledAt)})` : ''}
              </td>
              <td>
                <time dateTime={item.updatedAt}>{formatUsDateTime(item.updatedAt)}</time> by {item.updatedByName}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Filters({ kind, q, status }: { kind: AuthoringKind; q: string; status: AuthoringStatus | '' }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState(q);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    navigate(paths.staffContent(kind, text.trim(), String(data.get('status') ?? '')));
  };
  return (
    <form className="staff-content__filters" aria-label="Find content" onSubmit={submit}>
      <label className="field">
        <span className="field__label">Search</span>
        <input className="field__input" name="q" type="search" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Status</span>
        <select className="field__input" name="status" defaultValue={status}>
          <option value="">Any status</option>
          {AUTHORING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {AUTHORING_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--secondary">
        Show
      </button>
    </form>
  );
}

const NEW_LABELS: Partial<Record<AuthoringKind, string>> = { workshops: 'New workshop series', courses: 'New course' };

export default function StaffContentPage() {
  const { kind: kindParam = 'articles' } = useParams<{ kind?: string }>();
  const kind = (EDITABLE_KINDS as readonly string[]).includes(kindParam) ? (kindParam as AuthoringKind) : 'articles';
  const search = new URLSearchParams(useSearch());
  const q = search.get('q') ?? '';
  const statusParam = search.get('status') ?? '';
  const status = (AUTHORING_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as AuthoringStatus) : '';
  const [, navigate] = useLocation();
  return (
    <StaffPage title="Content" roles={EDITORS}>
      {() => (
        <Tabs selectedKey={kind} onSelectionChange={(key) => navigate(paths.staffContent(String(key)))}>
          <TabList aria-label="Kinds of content" className="tabs__list">
            {EDITABLE_KINDS.map((k) => (
              <Tab key={k} id={k} className="tabs__tab">
                {AUTHORING_KIND_LABELS[k]}
              </Tab>
            ))}
          </TabList>
          {EDITABLE_KINDS.map((k) => (
            <TabPanel key={k} id={k} className="tabs__panel">
              <div className="staff-content__bar">
                <Filters kind={k} q={q} status={status} />
                <Link href={paths.staffContentNew(k)} className="button">
                  {NEW_LABELS[k] ?? 'New article'}
                </Link>
              </div>
              <Items kind={k} q={q} status={status} />
            </TabPanel>
          ))}
        </Tabs>
      )}
    </StaffPage>
  );
}
