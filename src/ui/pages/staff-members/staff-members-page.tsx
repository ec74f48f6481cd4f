/**
 * The console's members (issue 36 item 6): search by name or email, results paged. The query lives in the URL
 * (/staff/members?q=…&page=…), so the server draws the results and the back button works.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { Link, useLocation, useSearch } from 'wouter';
import { ROLE_LABELS } from '../../../domain/staff';
import { formatUsDate } from '../../../domain/text';
import { ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { searchMembers } from '../../calls';
import { paths } from '../../routes';
import { StaffPage } from '../staff/staff-page';
import './staff-members.css';

const pageOf = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

function Results({ q, page }: { q: string; page: number }) {
  const answer = useQuery(searchMembers, { query: { q, page } });
  if (answer.status === 'loading') return <Spinner label="Finding members..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const { members, total, pageSize } = answer.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  return (
    <>
      <p role="status" className="staff-members__count">
        {total === 0 ? 'No members found' : `${total} member${total === 1 ? '' : 's'}${total > members.length ? `, showing ${first}–${first + members.length - 1}` : ''}`}
      </p>
      {members.length > 0 && (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="visually-hidden">Members{q ? ` matching “${q}”` : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Roles</th>
                <th scope="col">Member since</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <th scope="row">
                    <Link href={paths.staffMember(m.id)}>{m.name}</Link>
                  </th>
                  <td>{m.email}</td>
                  <td>{m.roles.map((r) => ROLE_LABELS[r]).join(', ') || 'Member'}</td>
                  <td>{formatUsDate(m.memberSince)}</td>
                  <td>{m.suspended ? <span className="staff-members__suspended">Suspended</span> : 'Active'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="staff-members__pages" aria-label="Pages of members">
          {page > 1 && <Link href={paths.staffMembers(q, page - 1)}>Previous page</Link>}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages && <Link href={paths.staffMembers(q, page + 1)}>Next page</Link>}
        </nav>
      )}
    </>
  );
}

function MemberSearch() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const page = pageOf(params.get('page'));
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(paths.staffMembers(draft.trim()));
  };
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search is the search landmark every screen reader announces; <search> is not yet in React's element types. */}
      <form className="staff-members__search" role="search" onSubmit={submit}>
        <SearchField className="field staff-members__field" value={draft} onChange={setDraft} onClear={() => navigate(paths.staffMembers())}>
          <Label className="field__label">Search members by name or email</Label>
          <Input className="field__input" maxLength={200} />
        </SearchField>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      <Results q={q} page={page} />
    </>
  );
}

export default function StaffMembersPage() {
  return (
    <StaffPage title="Members" roles={['moderator']}>
      {() => <MemberSearch />}
    </StaffPage>
  );
}
