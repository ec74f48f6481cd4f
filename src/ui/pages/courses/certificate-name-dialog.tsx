/**
 * "The name on your certificate" (issue 35, ADR 131): before a certificate is issued the member confirms the name it
 * will carry, prefilled from the name they confirmed before or their profile's. A certificate cannot be changed once
 * issued, so the dialog says so. A thin view: the course machine holds the name, checks it and issues.
 */
import { Dialog } from 'radix-ui';
import { type FormEvent, useId } from 'react';
import { Button, Form } from 'react-aria-components';
import { Field } from '../../components/fields';
import '../../components/dialog.css';

export function CertificateNameDialog({ courseTitle, name, error, busy, onName, onConfirm, onCancel }: {
  courseTitle: string;
  name: string;
  error: string | null;
  busy: boolean;
  onName: (name: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const errorId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        {/* The page moves the focus itself once the dialog closes (to the certificate, or to 'Get your certificate'). */}
        <Dialog.Content className="dialog" onCloseAutoFocus={(event) => event.preventDefault()}>
          <Dialog.Title className="dialog__title">The name on your certificate</Dialog.Title>
          <Dialog.Description className="field__help">
            Your certificate for {courseTitle} will carry this name exactly as you write it, and anyone with its link can see it.
            It cannot be changed once the certificate is issued.
          </Dialog.Description>
          <Form onSubmit={submit} className="form">
            <Field label="Name on certificate" name="certificateName" autoComplete="name" value={name} onChange={onName} isRequired autoFocus
              errorId={error ? errorId : undefined} />
            <p id={errorId} className="form__error" role="alert">
              {error ?? ''}
            </p>
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button" disabled={busy}>
                  Not now
                </button>
              </Dialog.Close>
              <Button type="submit" className="button button--primary" isDisabled={busy}>
                {busy ? 'Issuing...' : 'Issue my certificate'}
              </Button>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
