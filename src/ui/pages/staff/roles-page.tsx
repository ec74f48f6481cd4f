/**
 * Roles (issue 36): the staff and their roles, a search by name or email to find any member, and each member's roles
 * as checkboxes with a Save. The search lives in the URL (`?q=`), so the server draws it. The server keeps an admin
 * from removing their own admin role (400); its message is shown beside the member.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button, CheckboxGroup, Input, Label, SearchField } from 'react-aria-components';
import { toast } from 'sonner';
import { useLocation, useSearch } from 'wouter';
import { messageOf } from '../../../application/api-error';
import { formatUsDate } from '../../../domain/text';
import { isStaffRole, ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../domain/staff';
import { listStaff, setRoles as saveRoles } from '../../calls';
import { Checkbox } from '../../components/checkbox';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import { StaffPage } from './staff-page';

interface Member {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  memberSince: string;
}

const rolesText = (roles: readonly StaffRole[]) => (roles.length ? roles.map((r) => ROLE_LABELS[r]).join(', ') : 'No staff role');
const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r) => b.includes(r));

function MemberRoles({ member, onSaved }: { member: Member; onSaved: () => void }) {
  const { api } = useServices();
  const [roles, setRoles] = useState<string[]>(member.roles);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const headingId = useId();
  useEffect(() => setRoles(member.roles), [member.roles]);

  // Not react-aria's isPending: its announcement points at the button, which a new search removes.
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      const answer = await saveRoles.use((call) => api.call(call, { params: { id: member.id }, body: { roles: roles.filter(isStaffRole) } }));
      toast.success(`Roles of ${answer.member.name} saved: ${rolesText(answer.member.roles)}`);
      onSaved();
    } catch (failure) {
      setError(messageOf(failure, 'The roles could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <li className="staff-member">
      <h3 id={headingId} className="staff-member__name">
        {member.name}
      </h3>
      <p className="staff-member__meta">
        <span>{member.email}</span>
        <span>Member since {formatUsDate(member.memberSince)}</span>
        <span>Roles: {rolesText(member.roles)}</span>
      </p>
      <form className="staff-member__form" onSubmit={save} aria-labelledby={headingId}>
        <CheckboxGroup className="staff-roles" value={roles} onChange={setRoles} aria-describedby={error ? errorId : undefined}>
          <Label className="field__label">Roles of {member.name}</Label>
          <div className="staff-roles__options">
            {STAFF_ROLES.map((role) => (
              <Checkbox key={role} value={role} className="staff-checkbox">
                {ROLE_LABELS[role]}
              </Checkbox>
            ))}
          </div>
        </CheckboxGroup>
        <Button type="submit" className="button button--primary button--small" isDisabled={sameRoles(roles, member.roles) && !saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <p id={errorId} className="form__error" role="alert">
          {error ?? ''}
        </p>
      </form>
    </li>
  );
}

function Members({ q }: { q: string }) {
  const answer = useQuery(listStaff, { query: { q } }, { fresh: true });
  if (answer.status === 'loading') return <Spinner label="Loading members..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const { members } = answer.data;
  return (
    <section aria-labelledby="staff-members-heading">
      <h2 id="staff-members-heading">{q ? `Members matching “${q}”` : 'Staff'}</h2>
      {members.length === 0 ? (
        <EmptyState>{q ? 'No member matches that name or email.' : 'Nobody holds a staff role yet.'}</EmptyState>
      ) : (
        <ul className="staff-members">
          {members.map((member) => (
            <MemberRoles key={member.id} member={member} onSaved={answer.reload} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Roles() {
  const q = (new URLSearchParams(useSearch()).get('q') ?? '').trim().slice(0, 200);
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    navigate(text ? `${paths.staffRoles}?q=${encodeURIComponent(text)}` : paths.staffRoles);
  };
  return (
    <>
      <p className="staff-lead">
        A moderator looks after the community, an editor writes content, and an admin may do both and manage roles. Every
        change is kept in the audit log.
      </p>
      <form className="staff-search" onSubmit={submit}>
        <SearchField className="field staff-search__field" value={draft} onChange={setDraft} onClear={() => navigate(paths.staffRoles)}>
          <Label className="field__label">Find a member by name or email</Label>
          <Input className="field__input" />
        </SearchField>
        <Button type="submit" className="button button--primary">
          Search
        </Button>
      </form>
      <Members q={q} />
    </>
  );
}

export default function StaffRolesPage() {
  return (
    <StaffPage title="Roles" roles={['admin']}>
      {() => <Roles />}
    </StaffPage>
  );
}
