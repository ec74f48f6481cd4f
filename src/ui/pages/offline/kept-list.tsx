/**
 * What this device keeps for offline reading (ADR 174): each item with its kind, size and 'Remove', and the browser's
 * storage estimate; on /offline and in My learning.
 */
import { Link } from 'wouter';
import { bytesLabel, estimateText, keptKey, keptKindLabel, OFFLINE_TEXT } from '../../../domain/offline';
import { Spinner } from '../../components/states';
import { RemoveKept, ShelfNotes, useOfflineShelf } from './use-offline-shelf';
import './offline.css';

export function KeptList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { shelf, view } = useOfflineShelf();
  const Heading = `h${headingLevel}` as const;
  if (view.status === 'unsupported') return <p>{OFFLINE_TEXT.unsupported}</p>;
  if (!shelf || view.status === 'closed') return <Spinner label="Reading what this device keeps..." />;
  return (
    <div className="kept">
      {view.estimate && <p className="kept__estimate">{estimateText(view.estimate)}</p>}
      {view.items.length === 0 ? (
        <p className="kept__empty">{OFFLINE_TEXT.empty}</p>
      ) : (
        <ul className="kept__list">
          {view.items.map((item) => {
            const busy = view.busy.includes(keptKey(item));
            return (
              <li key={keptKey(item)} className="kept__item">
                <div>
                  <p className="kept__kind">{keptKindLabel(item.kind)}</p>
                  <Heading className="kept__title">
                    {item.kind === 'document' ? <a href={item.href}>{item.title}</a> : <Link href={item.href}>{item.title}</Link>}
                  </Heading>
                  <p className="kept__size">{bytesLabel(item.bytes)}</p>
                </div>
                <RemoveKept shelf={shelf} item={item} busy={busy} />
              </li>
            );
          })}
        </ul>
      )}
      <ShelfNotes view={view} />
    </div>
  );
}
