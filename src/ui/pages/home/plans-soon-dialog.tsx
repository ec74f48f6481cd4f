/**
 * What 'Enroll' says while plans cannot be bought (issue 41 item 1, ADR 152): nothing is sold yet, and every course is
 * free to members during the beta. Loaded on the first press, so the home page does not carry the dialog's code.
 */
import { Dialog } from 'radix-ui';
import { Link } from 'wouter';
import '../../components/dialog.css';
import { paths } from '../../routes';

export const PLANS_SOON_TITLE = 'Plans open soon';

export default function PlansSoonDialog({ plan, signedIn, onClose, returnTo }: { plan: string; signedIn: boolean; onClose: () => void; returnTo: HTMLElement | null }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          className="dialog"
          onCloseAutoFocus={(event) => {
            // Opened by a plain button, not a Dialog.Trigger: focus goes back to the 'Enroll' that was pressed.
            event.preventDefault();
            returnTo?.focus();
          }}
        >
          <Dialog.Title className="dialog__title">{PLANS_SOON_TITLE}</Dialog.Title>
          <Dialog.Description>
            Plans open soon. Every course is free to members while we are in beta. The {plan} plan cannot be bought yet,
            and nobody is charged for anything on SustainLearn today.
          </Dialog.Description>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="button">
                Close
              </button>
            </Dialog.Close>
            {signedIn ? (
              <Link href={paths.courses} className="button button--primary" onClick={onClose}>
                Browse the courses
              </Link>
            ) : (
              <Link href={paths.signup} className="button button--primary" onClick={onClose}>
                Create a free account
              </Link>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
