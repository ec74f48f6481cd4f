/**
 * A PDF document in a modal dialog (Terms & Conditions, Privacy Policy, case studies). Large screens embed the PDF
 * with the browser's own viewer; small or touch screens, whose browsers often cannot show a PDF inline, get a
 * self-hosted pdf.js viewer, loaded only when such a dialog opens.
 */
import { Dialog } from 'radix-ui';
import { Suspense, useLayoutEffect, useRef } from 'react';
import { useMediaQuery } from '../hooks/use-media-query';
import { retryableLazy } from './retryable-lazy';
import { Spinner } from './states';
import './document-modal.css';

const PdfPages = retryableLazy(() => import('./pdf-pages'));

export const SMALL_OR_TOUCH_QUERY = '(max-width: 768px), (pointer: coarse)';

export interface DocumentModalProps {
  title: string;
  /** A same-site PDF path such as /files/legal/terms.pdf. */
  url: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function DocumentModal({ title, url, open, onOpenChange }: DocumentModalProps) {
  const smallScreen = useMediaQuery(SMALL_OR_TOUCH_QUERY);
  // The dialog may be opened by any control, not a Dialog.Trigger: remember it to give the focus back on close.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="doc-modal__overlay" />
        <Dialog.Content
          className="doc-modal"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className="doc-modal__header">
            <Dialog.Title className="doc-modal__title">{title}</Dialog.Title>
            <a className="doc-modal__open" href={url} target="_blank" rel="noopener noreferrer">
              Open the PDF<span className="visually-hidden"> of {title} in a new tab</span>
            </a>
            <Dialog.Close className="doc-modal__close" aria-label="Close">
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className="visually-hidden">The {title} document. Press Escape to close it.</Dialog.Description>
          {/* The pdf.js pages scroll inside the body, so keyboard users must be able to focus it to scroll. */}
          <div
            className="doc-modal__body"
            {...(smallScreen ? { tabIndex: 0, role: 'region', 'aria-label': `${title}, all pages` } : {})}
          >
            {smallScreen ? (
              <Suspense fallback={<Spinner label="Loading document..." />}>
                <PdfPages url={url} title={title} />
              </Suspense>
            ) : (
              <iframe className="doc-modal__frame" src={url} title={title} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default DocumentModal;
