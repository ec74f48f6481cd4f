import { AlertDialog } from 'radix-ui';
import { useRef, useState } from 'react';

/**
 * A Delete button that asks first, in an accessible alert dialog (focus moves in, Escape cancels, focus returns).
 * The dialog exists only while it is open: a thread of 200 comments renders 200 plain buttons, not 200 dialogs.
 */
export function ConfirmDelete({ question, subject, onConfirm }: {
  /** The spec's confirmation text. */
  question: string;
  /** What is deleted, for screen readers: "Delete post: Timber towers". */
  subject: string;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className="chip-button chip-button--danger" aria-haspopup="dialog" aria-expanded={open}
        onClick={() => setOpen(true)}>
        Delete<span className="visually-hidden"> {subject}</span>
      </button>
      {open && (
        <AlertDialog.Root open onOpenChange={setOpen}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="dialog__overlay" />
            <AlertDialog.Content
              className="dialog"
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                button.current?.focus();
              }}
            >
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
      )}
    </>
  );
}
