import { AlertDialog } from 'radix-ui';

/** A Delete button that asks first, in an accessible alert dialog (focus moves in, Escape cancels, focus returns). */
export function ConfirmDelete({ question, subject, onConfirm }: {
  /** The spec's confirmation text. */
  question: string;
  /** What is deleted, for screen readers: "Delete post: Timber towers". */
  subject: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className="chip-button chip-button--danger">
          Delete<span className="visually-hidden"> {subject}</span>
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title className="dialog__title">{question}</AlertDialog.Title>
          <AlertDialog.Description className="field__help">This cannot be undone.</AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button">
                Cancel
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="button button--danger" onClick={onConfirm}>
                Delete
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
