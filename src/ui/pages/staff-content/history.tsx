/** An item's history (issue 38 item 6): each revision of a published item, who and when, what changed, and Restore. */
import { useEffect, useRef } from 'react';
import type { Revision } from '../../../contract/authoring';
import type { AuthoringKind } from '../../../domain/authoring';
import { ErrorState, Spinner } from '../../components/states';
import { contentRevisions } from '../../calls';
import { useQuery } from '../../hooks/use-query';
import { LocalTime } from '../../components/local-time';

const shown = (value: unknown) => {
  const t = typeof value === 'string' ? value : JSON.stringify(value);
  return t.length > 120 ? `${t.slice(0, 120)}…` : t;
};

export function History({ kind, id, version, onRestore }: { kind: AuthoringKind; id: string; version: number; onRestore: (revisionId: string) => void }) {
  const answer = useQuery(contentRevisions, { params: { kind, id } }, { fresh: true });
  // Read again after each new version (a save, a publish, a restore).
  const seen = useRef(version);
  const { reload } = answer;
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    reload();
  }, [version, reload]);
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      {answer.status === 'loading' && <Spinner label="Loading the history..." />}
      {answer.status === 'error' && <ErrorState error={answer.error} />}
      {answer.status === 'success' && answer.data.revisions.length === 0 && <p>No revisions yet: one is kept at each save of a published item.</p>}
      {answer.status === 'success' && answer.data.revisions.length > 0 && (
        <ol className="staff-content__history">
          {answer.data.revisions.map((revision: Revision) => (
            <li key={revision.id}>
              <p>
                Version {revision.version}, <LocalTime iso={revision.at} /> by {revision.byName}
              </p>
              <ul>
                {revision.changes.map((change) => (
                  <li key={change.field}>
                    {change.field}: {shown(change.before)} → {shown(change.after)}
                  </li>
                ))}
              </ul>
              <button type="button" className="button button--secondary" onClick={() => onRestore(revision.id)}>
                Restore version {revision.version}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
