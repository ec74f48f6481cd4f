/**
 * 'Cancel registration' asks first (issue 41 item 7): after Register the focus sits on that button, and the next Enter
 * would give the seat away. The safe choice has the focus; closing gives it back to the button that opened the dialog.
 */
import { AlertDialog } from 'radix-ui';
import type { RefObject } from 'react';
import '../../components/dialog.css';

export function CancelRegistrationDialog({ open, waitlisted, onConfirm, onKeep, returnTo }: {
  open: boolean;
  waitlisted: boolean;
  onConfirm: () => void;
  onKeep: () => void;
  returnTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onKeep()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog__overlay" />
        <AlertDialog.Content
          className="dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnTo.current?.focus();
          }}
        >
          <AlertDialog.Title className="dialog__title">{waitlisted ? 'Leave the waitlist?' : 'Cancel your registration?'}</AlertDialog.Title>
          <AlertDialog.Description>
            {waitlisted
              ? 'You will lose your place on the waitlist. You can join it again while the workshop has not started.'
              : 'You will lose your seat at this session. You can register again while seats are left.'}
          </AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button">
                {waitlisted ? 'Stay on the waitlist' : 'Keep my seat'}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="button button--danger" onClick={onConfirm}>
                {waitlisted ? 'Leave the waitlist' : 'Cancel registration'}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
