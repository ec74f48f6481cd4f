import { Dialog } from 'radix-ui';
import { Button } from 'react-aria-components';

/**
 * The end of a form in a radix Dialog: the error line (kept in the page, empty, so a new message is announced), then
 * Cancel (closes the dialog) and the submit button, both disabled while the form is on its way.
 */
export function DialogFormEnd({ errorId, error, busy, confirm, busyLabel, danger = false }: {
  errorId: string;
  error: string | null;
  busy: boolean;
  confirm: string;
  busyLabel: string;
  danger?: boolean;
}) {
  return (
    <>
      <p id={errorId} className="form__error" role="alert">
        {error ?? ''}
      </p>
      <div className="dialog__actions">
        <Dialog.Close asChild>
          <button type="button" className="button" disabled={busy}>
            Cancel
          </button>
        </Dialog.Close>
        <Button type="submit" className={danger ? 'button button--danger' : 'button button--primary'} isDisabled={busy}>
          {busy ? busyLabel : confirm}
        </Button>
      </div>
    </>
  );
}
