/** The post editor's dialog for adding a link: its address (http, https or mailto) and, with no text selected, its text. */
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { SAFE_URL } from './rich-text-model';

export function LinkDialog({ open, needsText, onAdd, onClose, onClosed }: {
  open: boolean;
  needsText: boolean;
  onAdd: (url: string, text: string) => void;
  onClose: () => void;
  /** After the dialog has gone: focus goes back into the text, not to the toolbar button. */
  onClosed: () => void;
}) {
  const [url, setUrl] = useState('https://');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const urlId = useId();
  const textId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const value = url.trim();
    if (!SAFE_URL.test(value)) {
      setError('Enter an address starting with https://, http:// or mailto:');
      return;
    }
    onAdd(value, text.trim());
    setUrl('https://');
    setText('');
    setError(null);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content
          className="dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
        >
          <Dialog.Title className="dialog__title">Add a link</Dialog.Title>
          <Dialog.Description className="field__help">The link opens in a new tab for readers.</Dialog.Description>
          <form className="form" onSubmit={submit}>
            <div className="field">
              <label className="field__label" htmlFor={urlId}>
                Link address
              </label>
              <input
                id={urlId}
                className="field__input"
                type="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              {error && (
                <p id={errorId} className="field__error" role="alert">
                  {error}
                </p>
              )}
            </div>
            {needsText && (
              <div className="field">
                <label className="field__label" htmlFor={textId}>
                  Link text
                </label>
                <input id={textId} className="field__input" value={text} onChange={(e) => setText(e.target.value)} />
              </div>
            )}
            <div className="dialog__actions">
              <button type="submit" className="button button--primary">
                Add link
              </button>
              <Dialog.Close asChild>
                <button type="button" className="button">
                  Cancel
                </button>
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
