/** The app's offline shelf (ADR 174) as a view reads it: absent while the server draws the page. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { OfflineShelfMachine } from '../../../application/offline-shelf.machine';
import { type KeptItem, OFFLINE_TEXT, type StorageEstimate } from '../../../domain/offline';
import { useServices } from '../../services-context';

export interface ShelfView {
  /** Not read yet (the page is still coming alive), read, or this browser cannot keep anything. */
  status: 'closed' | 'ready' | 'unsupported';
  items: KeptItem[];
  busy: string[];
  estimate: StorageEstimate | null;
  error: string | null;
  announcement: string;
  subject: string | null;
}

const CLOSED: ShelfView = { status: 'closed', items: [], busy: [], estimate: null, error: null, announcement: '', subject: null };
// A stand-in actor is never made: a view without the shelf reads CLOSED.
const noShelf = { getSnapshot: () => null, subscribe: () => ({ unsubscribe: () => {} }) } as unknown as ActorRefFrom<OfflineShelfMachine>;

export function useOfflineShelf(): { shelf: ActorRefFrom<OfflineShelfMachine> | undefined; view: ShelfView } {
  const { offline } = useServices();
  const view = useSelector(offline ?? noShelf, (s): ShelfView => {
    if (!s) return CLOSED;
    const status = s.matches('ready') ? 'ready' : s.matches('unsupported') ? 'unsupported' : 'closed';
    const { items, busy, estimate, error, announcement, subject } = s.context;
    return { status, items, busy, estimate, error, announcement, subject };
  }, (a, b) => a.status === b.status && a.items === b.items && a.busy === b.busy && a.estimate === b.estimate && a.error === b.error
    && a.announcement === b.announcement && a.subject === b.subject);
  return { shelf: offline, view };
}

/** 'Remove' for a kept item, named by its title; 'Removing...' while it goes. */
export function RemoveKept({ shelf, item, busy }: { shelf: ActorRefFrom<OfflineShelfMachine>; item: KeptItem; busy: boolean }) {
  return (
    <button type="button" className="button" disabled={busy} aria-label={`Remove ${item.title} from this device`}
      onClick={() => shelf.send({ type: 'user.remove', item })}>
      {busy ? OFFLINE_TEXT.removing : OFFLINE_TEXT.remove}
    </button>
  );
}

/**
 * What the last keep or removal said: its failure as an alert, its success in a polite live region. `about` limits
 * them to one item's (a button beside that item); the list says every item's.
 */
export function ShelfNotes({ view, about }: { view: ShelfView; about?: string }) {
  const ours = about === undefined || view.subject === about;
  return (
    <>
      {view.error && ours && (
        <p className="form__error" role="alert">
          {view.error}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {ours ? view.announcement : ''}
      </p>
    </>
  );
}
