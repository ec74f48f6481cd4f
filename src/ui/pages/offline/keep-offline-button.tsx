/**
 * 'Keep offline' on a course, an article or a library document (issue 42 item 2, ADR 174): keeps it on this device,
 * then says so with its size and offers 'Remove'. Nothing shows until the page is alive and the shelf is read (the
 * server cannot know what this device keeps), nor in a browser that cannot keep pages; its place is kept meanwhile.
 */
import { Link } from 'wouter';
import { type KeepRequest, bytesLabel, keptKey, OFFLINE_TEXT } from '../../../domain/offline';
import { paths } from '../../routes';
import { RemoveKept, ShelfNotes, useOfflineShelf } from './use-offline-shelf';
import './offline.css';

export function KeepOfflineButton({ request }: { request: KeepRequest }) {
  const { shelf, view } = useOfflineShelf();
  // The button's place is kept from the server's drawing on: it comes once the shelf is read, moving nothing.
  if (!shelf || view.status !== 'ready') return <div className="keep-offline" />;
  const key = keptKey(request);
  const kept = view.items.find((item) => keptKey(item) === key);
  const busy = view.busy.includes(key);
  return (
    <div className="keep-offline">
      {kept ? (
        <>
          <p className="keep-offline__state">
            <Link href={paths.offline}>{OFFLINE_TEXT.kept}</Link> · {bytesLabel(kept.bytes)}
          </p>
          <RemoveKept shelf={shelf} item={kept} busy={busy} />
        </>
      ) : (
        <button type="button" className="button" disabled={busy} aria-label={busy ? undefined : `${OFFLINE_TEXT.keep}: ${request.title}`}
          onClick={() => shelf.send({ type: 'user.keep', request })}>
          {busy ? OFFLINE_TEXT.keeping : OFFLINE_TEXT.keep}
        </button>
      )}
      <ShelfNotes view={view} about={key} />
    </div>
  );
}
