/**
 * 'edited' with its time on an edited post or comment, and its history (issue 37): a dialog listing what it says now,
 * then each earlier text, newest first, each rendered through the same sanitiser as the item itself.
 */
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import type { Revision } from '../../../domain/discussion';
import { commentRevisions, discussionRevisions } from '../../calls';
import { SafeHtml } from '../../components/safe-html';
import { ErrorState, Spinner } from '../../components/states';
import { useQuery } from '../../hooks/use-query';
import '../../components/dialog.css';
import { LocalTime } from '../../components/local-time';

type Kind = 'discussion' | 'comment';

function Version({ revision, label }: { revision: Revision; label: string }) {
  return (
    <li className="revision">
      <p className="revision__meta">
        <strong>{label}</strong> · <LocalTime iso={revision.writtenAt} />
      </p>
      {revision.title !== undefined && <p className="revision__title">{revision.title}</p>}
      <SafeHtml html={revision.content} className="rich-text revision__content" />
    </li>
  );
}

function History({ kind, id }: { kind: Kind; id: string }) {
  const call = (kind === 'discussion' ? discussionRevisions : commentRevisions) as typeof discussionRevisions;
  const answer = useQuery(call, { params: { id } });
  if (answer.status === 'loading') return <Spinner label="Loading history..." />;
  if (answer.status === 'error') return <ErrorState error={answer.error} />;
  const { current, revisions } = answer.data;
  const count = revisions.length;
  return (
    <ol className="revision-list">
      <Version revision={current} label="Current version" />
      {revisions.map((revision, index) => (
        <Version key={revision.writtenAt} revision={revision} label={index === count - 1 ? 'Original' : `Version ${count - index}`} />
      ))}
    </ol>
  );
}

/** "edited <time>" and a History button; nothing for an item never edited. */
export function EditedMark({ kind, id, editedAt, subject }: {
  kind: Kind;
  id: string;
  editedAt: string | null;
  /** What the history is of, for screen readers: "post: Timber towers". */
  subject: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!editedAt) return null;
  return (
    <span className="edited-mark">
      {' · '}edited <LocalTime iso={editedAt} />{' '}
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button ref={button} type="button" className="link-button edited-mark__history">
            History<span className="visually-hidden"> of {subject}</span>
          </button>
        </Dialog.Trigger>
        {open && (
          <Dialog.Portal>
            <Dialog.Overlay className="dialog__overlay" />
            <Dialog.Content className="dialog dialog--wide revision-dialog" aria-describedby={undefined}>
              <Dialog.Title className="dialog__title">Edit history</Dialog.Title>
              <History kind={kind} id={id} />
              <div className="dialog__actions">
                <Dialog.Close asChild>
                  <button type="button" className="button">
                    Close
                  </button>
                </Dialog.Close>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        )}
      </Dialog.Root>
    </span>
  );
}
