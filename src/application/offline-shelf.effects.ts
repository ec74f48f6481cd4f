/** The offline shelf's named effects, against the OfflineShelf port only (ADR 174). */
import { offlineShelfMachine } from './offline-shelf.machine';
import { updatedAnnouncement } from '../domain/offline';
import type { Notifier, OfflineShelf } from './ports';

export interface OfflineShelfPorts {
  shelf: OfflineShelf;
  /** Says so when a kept course was kept again with its changed lessons. */
  notifier: Notifier;
  log: (message: string, error: unknown) => void;
}

export function provideOfflineShelf({ shelf, notifier, log }: OfflineShelfPorts) {
  return offlineShelfMachine.provide({
    actions: {
      load: ({ self }) => {
        if (!shelf.supported()) {
          self.send({ type: 'shelf.unsupported' });
          return;
        }
        Promise.all([shelf.list(), shelf.estimate()]).then(
          ([items, estimate]) => self.send({ type: 'shelf.loaded', items, estimate }),
          (error: unknown) => {
            log('reading what this device keeps failed', error);
            self.send({ type: 'shelf.loaded', items: [], estimate: null });
          },
        );
      },
      keep: ({ self }, { request }) => {
        (async () => {
          const item = await shelf.keep(request);
          // Asked once something is kept: a browser may grant it only to a site the member has chosen to rely on.
          const persisted = await shelf.persist().catch(() => false);
          self.send({ type: 'keep.done', item, estimate: await shelf.estimate(), persisted });
        })().catch((error: unknown) => {
          log('keeping for offline reading failed', error);
          self.send({ type: 'keep.failed', request });
        });
      },
      refresh: ({ self }, { items }) => {
        for (const item of items.filter((i) => i.kind === 'course')) {
          shelf.refresh(item).then(
            (updated) => {
              if (!updated || self.getSnapshot().status !== 'active') return;
              self.send({ type: 'refresh.done', item: updated });
              notifier.success(updatedAnnouncement(updated.title));
            },
            (error: unknown) => log('checking a kept course failed', error),
          );
        }
      },
      clear: () => {
        shelf.clear().catch((error: unknown) => log('removing what this device keeps failed', error));
      },
      remove: ({ self }, { item }) => {
        (async () => {
          await shelf.remove(item);
          self.send({ type: 'remove.done', item, estimate: await shelf.estimate() });
        })().catch((error: unknown) => {
          log('removing a kept item failed', error);
          self.send({ type: 'remove.failed', item });
        });
      },
    },
  });
}
