/**
 * Authoring in the staff console (issue 38, ADR 157): the content of each kind in tabs, searched and filtered by status
 * (both read from the address), each item leading to its editor; 'New article' opens an empty editor.
 */
import { type FormEvent, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { AuthoringListItem } from '../../../contract/authoring';
import { AUTHORING_KIND_LABELS, AUTHORING_KINDS, AUTHORING_STATUS_LABELS, AUTHORING_STATUSES, type AuthoringKind, type AuthoringStatus } from '../../../domain/authoring';
import { Field } from '../../components/fields';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { listContent } from '../../calls';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { ChoiceSelect } from '../cpd/choice-select';
import { StaffPage } from '../staff/staff-page';
import { EDITORS } from '../staff-workshops/roles';
import { KIND_FORMS } from './kind-forms';
import './staff-content.css';
import { LocalTime } from '../../components/local-time';

/** The kinds edited in the browser so far (those with a form); the others still come through the content import. */
export const EDITABLE_KINDS: readonly AuthoringKind[] = AUTHORING_KINDS.filter((k) => KIND_FORMS[k]);

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
                {item.scheduledAt && (
                  <>
                    {' (scheduled '}
                    <LocalTime iso={item.scheduledAt} />)
                  </>
                )}
              </td>
              <td>
                <LocalTime iso={item.updatedAt} /> by {item.updatedByName}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const ANY_STATUS = 'any';
const STATUS_CHOICES = [{ id: ANY_STATUS, label: 'Any status' }, ...AUTHORING_STATUSES.map((s) => ({ id: s, label: AUTHORING_STATUS_LABELS[s] }))];

function Filters({ kind, q, status }: { kind: AuthoringKind; q: string; status: AuthoringStatus | '' }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState(q);
  const [chosen, setChosen] = useState<string>(status || ANY_STATUS);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(paths.staffContent(kind, text.trim(), chosen === ANY_STATUS ? '' : chosen));
  };
  return (
    <form className="staff-content__filters" aria-label="Find content" onSubmit={submit}>
      <Field label="Search" type="search" value={text} onChange={setText} />
      <ChoiceSelect label="Status" value={chosen} choices={STATUS_CHOICES} onChange={(v) => setChosen(v || ANY_STATUS)} />
      <button type="submit" className="button button--secondary">
        Show
      </button>
    </form>
  );
}

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
                  New {KIND_FORMS[k]?.noun}
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
