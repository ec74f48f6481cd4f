/**
 * The audit log (issue 36): every staff action, newest first, filterable by person and by kind of action, paged. The
 * filters and the page live in the URL (`?actor=…&action=…&page=2`), so the server draws them and a link opens them.
 */
import type { Key } from 'react-aria-components';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { Link, useLocation, useSearch } from 'wouter';
import { AUDIT_ACTIONS, type AuditAction, ROLE_LABELS, isStaffRole } from '../../../domain/staff';
import { listStaff, auditLog } from '../../calls';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { paths } from '../../routes';
import { Pager, pageOf } from './staff-parts';
import { StaffPage } from './staff-page';
import { LocalTime } from '../../components/local-time';

const ANY = 'any';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What each kind of action reads as; a kind added later without a label reads as its name. */
const ACTION_LABELS: Partial<Record<AuditAction, string>> = {
  'role.granted': 'Role granted',
  'role.revoked': 'Role removed',
  'message.handled': 'Message marked handled',
  'member.suspended': 'Member suspended',
  'member.lifted': 'Suspension lifted',
  'newsletter.test-sent': 'Newsletter test sent',
  'newsletter.sent': 'Newsletter sent',
  'subscribers.exported': 'Subscribers exported',
  'workshop.attended': 'Attendance marked',
  'workshop.unattended': 'Attendance unmarked',
  'workshop.messaged': 'Workshop registrants messaged',
  'registrations.exported': 'Registrations exported',
  'moderation.kept': 'Kept after review',
  'moderation.hidden': 'Hidden by a moderator',
  'moderation.deleted': 'Deleted by a moderator',
  'member.silenced': 'Member silenced',
  'post.pinned': 'Post pinned',
  'post.unpinned': 'Post unpinned',
  'file.uploaded': 'File uploaded',
  'workshop.moved': 'Workshop session moved',
  'workshop.cancelled': 'Workshop session cancelled',
  'cpd.exported': 'Completions exported to a body',
  'content.published': 'Content published',
  'content.scheduled': 'Content scheduled',
  'content.unpublished': 'Content unpublished',
  'content.restored': 'Content revision restored',
  'files.removed': 'Unused uploads removed',
};
const actionLabel = (action: string) => ACTION_LABELS[action as AuditAction] ?? action;
const isAction = (value: string | null): value is AuditAction => AUDIT_ACTIONS.includes(value as AuditAction);

interface Filter {
  actor: string | undefined;
  action: AuditAction | undefined;
}

export function auditHref({ actor, action }: Filter, page = 1): string {
  const query = new URLSearchParams();
  if (actor) query.set('actor', actor);
  if (action) query.set('action', action);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${paths.staffAudit}?${text}` : paths.staffAudit;
}

function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: { id: string; label: string }[]; onChange: (key: Key) => void }) {
  return (
    <Select className="field staff-select" selectedKey={value} onSelectionChange={(key) => key !== null && onChange(key)}>
      <Label className="field__label">{label}</Label>
      <Button className="field__input staff-select__button">
        <SelectValue />
        <span className="staff-select__chevron" aria-hidden="true" />
      </Button>
      <Popover className="staff-select__popover">
        <ListBox className="staff-select__list">
          {options.map((option) => (
            <ListBoxItem key={option.id} id={option.id} className="staff-select__option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** What an entry concerns: a member by name when they are staff, a message by kind, anything else as recorded. */
function Target({ target, names }: { target: string; names: Map<string, string> }) {
  const [kind, id = ''] = target.split(':', 2);
  if (kind === 'member' && UUID.test(id)) return <Link href={paths.member(id)}>{names.get(id) ?? 'A member'}</Link>;
  if (kind === 'feedback') return <>A feedback message</>;
  if (kind === 'contact') return <>A contact message</>;
  return <>{target}</>;
}

function detailText(detail: Record<string, unknown>): string {
  const role = typeof detail.role === 'string' && isStaffRole(detail.role) ? ROLE_LABELS[detail.role] : null;
  return role ?? '';
}

function Entries({ filter, page, names }: { filter: Filter; page: number; names: Map<string, string> }) {
  const answer = useQuery(auditLog, { query: { page, ...(filter.actor ? { actor: filter.actor } : {}), ...(filter.action ? { action: filter.action } : {}) } }, { fresh: true });
  if (answer.status === 'loading') return <Spinner label="Loading the audit log..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const { entries, pageSize } = answer.data;
  if (entries.length === 0) return <EmptyState>{page > 1 ? 'No more entries.' : 'No entries match these filters.'}</EmptyState>;
  return (
    <>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption className="visually-hidden">Audit log entries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Concerning</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td><LocalTime iso={entry.at} /></td>
                <td>
                  {entry.actor ? (
                    <Link href={auditHref({ ...filter, actor: entry.actor.id })} aria-label={`Entries by ${entry.actor.name}`}>
                      {entry.actor.name}
                    </Link>
                  ) : (
                    'Command line'
                  )}
                </td>
                <td>
                  {actionLabel(entry.action)}
                  {detailText(entry.detail) && `: ${detailText(entry.detail)}`}
                </td>
                <td>
                  <Target target={entry.target} names={names} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} hasNext={entries.length === pageSize} hrefOf={(p) => auditHref(filter, p)} label="Pages of the audit log" />
    </>
  );
}

function Audit() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const actorParam = params.get('actor') ?? '';
  const actionParam = params.get('action');
  const filter: Filter = { actor: UUID.test(actorParam) ? actorParam.toLowerCase() : undefined, action: isAction(actionParam) ? actionParam : undefined };
  const page = pageOf(params.get('page'));
  const staff = useQuery(listStaff, { query: { q: '' } });
  const members = staff.status === 'success' ? staff.data.members : [];
  const names = new Map(members.map((m) => [m.id, m.name]));
  // Someone named by the URL who no longer holds a role is still a choice, so the filter reads as what it is.
  const people = [
    { id: ANY, label: 'Everyone' },
    ...members.map((m) => ({ id: m.id, label: m.name })),
    ...(filter.actor && !names.has(filter.actor) ? [{ id: filter.actor, label: 'A former staff member' }] : []),
  ];
  const kinds = [{ id: ANY, label: 'Every kind' }, ...AUDIT_ACTIONS.map((a) => ({ id: a, label: actionLabel(a) }))];
  const choose = (change: Partial<Filter>) => navigate(auditHref({ ...filter, ...change }));
  return (
    <>
      <div className="staff-filters">
        <FilterSelect label="Person" value={filter.actor ?? ANY} options={people} onChange={(key) => choose({ actor: key === ANY ? undefined : String(key) })} />
        <FilterSelect label="Kind of action" value={filter.action ?? ANY} options={kinds}
          onChange={(key) => choose({ action: key === ANY ? undefined : (String(key) as AuditAction) })} />
      </div>
      <Entries filter={filter} page={page} names={names} />
    </>
  );
}

export default function StaffAuditPage() {
  return (
    <StaffPage title="Audit log" roles={['admin']}>
      {() => <Audit />}
    </StaffPage>
  );
}
