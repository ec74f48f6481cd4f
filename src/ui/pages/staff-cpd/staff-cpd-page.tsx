/**
 * Reports to the bodies in the staff console (issue 39 item 6, ADR 156): per body, the completions of our own
 * activities not yet reported, with the business days left of the AIA's 10. 'Export for AIA CES' saves the provider
 * upload file of the ready ones through its machine (the server marks them reported and writes the audit log; a failure
 * offers a retry). A completion waits, with
 * why, when its member gave no number (ask them for it) or when the body has not approved the activity (no course
 * number: the member self-reports it, we never report it).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { StaffCpdExportMachine } from '../../../application/staff-cpd-export.machine';
import type { Completion } from '../../../contract/cpd';
import { CPD_BODY_NAMES, type CpdBody } from '../../../domain/cpd.schema';
import { creditAmountText } from '../../../domain/credit-lines';
import type { StaffRole } from '../../../domain/staff';
import { formatUsDate } from '../../../domain/text';
import { EmptyState, ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import { unreportedCompletions } from '../../calls';
import { paths } from '../../routes';
import { useServices } from '../../services-context';
import { StaffPage } from '../staff/staff-page';
import '../staff-workshops/staff-workshops.css';

const EDITORS: readonly StaffRole[] = ['editor'];
const BODIES: readonly Exclude<CpdBody, 'other'>[] = ['aia', 'gbci', 'iwbi', 'riba', 'idcec'];

function daysLeftText(c: Completion): string {
  if (c.waitsFor === 'approval') return 'Not reported by us';
  if (c.businessDaysLeft < 0) return `${-c.businessDaysLeft} business ${c.businessDaysLeft === -1 ? 'day' : 'days'} late`;
  if (c.businessDaysLeft === 0) return 'Due today';
  return `${c.businessDaysLeft} business ${c.businessDaysLeft === 1 ? 'day' : 'days'} left`;
}

function noteOf(c: Completion, bodyName: string): string {
  if (c.waitsFor === 'approval') return `Not approved by ${bodyName}: the member self-reports it.`;
  if (c.waitsFor === 'member-number') return `Waiting for the member's ${bodyName} number: ask them to add it in their profile.`;
  return 'Ready to export.';
}

function CompletionTable({ caption, rows, bodyName }: { caption: string; rows: readonly Completion[]; bodyName: string }) {
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Activity</th>
            <th scope="col">Completed</th>
            <th scope="col">Credit</th>
            <th scope="col">Report by</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.id}>
              <th scope="row">
                {c.memberName}
                <br />
                <span className="staff-muted">{c.memberNumber ?? 'No member number'}</span>
              </th>
              <td>
                {c.title}
                <br />
                <span className="staff-muted">{c.courseNumber ? `Course number ${c.courseNumber}` : 'No course number'}</span>
              </td>
              <td>
                <time dateTime={c.completedOn}>{formatUsDate(c.completedOn)}</time>
              </td>
              <td>{creditAmountText(c)}</td>
              <td>
                {c.waitsFor === 'approval' ? '—' : <time dateTime={c.reportBy}>{formatUsDate(c.reportBy)}</time>}
                <br />
                <span className="staff-muted">{daysLeftText(c)}</span>
              </td>
              <td>{noteOf(c, bodyName)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Completions({ body, exporter }: { body: CpdBody; exporter: ActorRefFrom<StaffCpdExportMachine> }) {
  const answer = useQuery(unreportedCompletions, { query: { body } });
  const ready = answer.status === 'success' ? answer.data.completions.filter((c) => c.waitsFor === null).length : 0;
  // The machine exports only what the list on screen shows ready.
  useEffect(() => exporter.send({ type: 'ready.change', count: ready }), [exporter, ready]);
  if (answer.status === 'loading') return <Spinner label="Loading completions..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const { provider, completions } = answer.data;
  const bodyName = CPD_BODY_NAMES[body];
  const readyRows = completions.filter((c) => c.waitsFor === null);
  const waiting = completions.filter((c) => c.waitsFor !== null);
  return (
    <>
      <p>
        Provider: {provider.name}, {provider.number ? `provider number ${provider.number}` : `no ${bodyName} provider number`}.
      </p>
      {completions.length === 0 ? (
        <EmptyState>No completion is waiting to be reported to {bodyName}.</EmptyState>
      ) : (
        <>
          {readyRows.length > 0 && <CompletionTable caption={`Ready to report (${readyRows.length})`} rows={readyRows} bodyName={bodyName} />}
          {waiting.length > 0 && <CompletionTable caption={`Waiting (${waiting.length})`} rows={waiting} bodyName={bodyName} />}
        </>
      )}
      {body === 'aia' && <ExportButton exporter={exporter} />}
    </>
  );
}

/** A thin view of the export machine: the button, its help, and Retry after a failure. */
function ExportButton({ exporter }: { exporter: ActorRefFrom<StaffCpdExportMachine> }) {
  const snapshot = useSelector(exporter, (s) => s);
  const { ready, error } = snapshot.context;
  const exporting = snapshot.matches('exporting');
  return (
    <div className="staff-cpd__export">
      <button type="button" className="button button--primary" onClick={() => exporter.send({ type: 'export' })} disabled={exporting || ready === 0} aria-describedby="export-help">
        {exporting ? 'Exporting...' : 'Export for AIA CES'}
      </button>
      <p id="export-help" className="staff-muted">
        {ready === 0 ? 'Nothing is ready to export.' : 'One row per ready completion; they are marked reported and the export is written in the audit log.'}
      </p>
      {snapshot.matches('failed') && (
        <div className="staff-cpd__failed">
          <p>{error}</p>
          <button type="button" className="button" onClick={() => exporter.send({ type: 'retry' })}>
            Try the export again
          </button>
        </div>
      )}
    </div>
  );
}

function useBody(): CpdBody {
  const asked = new URLSearchParams(useSearch()).get('body');
  return BODIES.find((b) => b === asked) ?? 'aia';
}

function Reports() {
  const body = useBody();
  const { machines } = useServices();
  const [machine] = useState(machines.staffCpdExport);
  const exporter = useActorRef(machine, { input: { ready: 0 } });
  // An export marks completions reported: the list is read again after each one.
  const round = useSelector(exporter, (s) => s.context.round);
  const announcement = useSelector(exporter, (s) => s.context.announcement);
  return (
    <>
      {/* Outside the list, which is drawn anew after each export: the live region stays and is heard. */}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <nav className="staff-switch" aria-label="Bodies">
        {BODIES.map((b) => (
          <Link key={b} href={b === 'aia' ? paths.staffCpd : `${paths.staffCpd}?body=${b}`} aria-current={b === body ? 'page' : undefined}>
            {CPD_BODY_NAMES[b]}
          </Link>
        ))}
      </nav>
      <Completions key={`${body}-${round}`} body={body} exporter={exporter} />
    </>
  );
}

export default function StaffCpdPage() {
  return (
    <StaffPage title="Reports to the bodies" roles={EDITORS}>
      {() => <Reports />}
    </StaffPage>
  );
}
