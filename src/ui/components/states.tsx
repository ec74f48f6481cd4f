/** Shared loading, empty and error states, with the live-region semantics screen readers need. */
import { type ReactNode, useEffect, useState } from 'react';

export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/**
 * A loading placeholder in the shape of what it stands for (a picture box and a text box with the spinner, in the
 * loaded component's own classes), so that what loads in its place does not move the page.
 */
export function LoadingFrame({ className, imageClass, textClass, label, children }: {
  className: string;
  imageClass: string;
  textClass: string;
  label: string;
  /** More room the loaded component takes below its text (slider dots, for instance). */
  children?: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <div className={imageClass} />
      <div className={textClass}>
        <Spinner label={label} />
      </div>
      {children}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}

/** Spec section 8: list failures show 'Error: ' plus the message. */
export function ErrorState({ error }: { error: Error }) {
  return (
    <p className="error-state" role="alert">
      Error: {error.message}
    </p>
  );
}

/**
 * How long a wait runs before its overlay shows (ADR 117): an answer quicker than that never flashes a veil over the
 * screen, nor a "busy" announcement right before the result's own.
 */
export const BUSY_OVERLAY_DELAY_MS = 400;

/** A screen-wide veil with a spinner and what is under way; `delayMs` 0 shows it at once (a deliberate pause). */
export function BusyOverlay({ label, delayMs = BUSY_OVERLAY_DELAY_MS }: { label: string; delayMs?: number }) {
  const [shown, setShown] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) {
      setShown(true);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  if (!shown) return null;
  return (
    <div className="busy-overlay" role="status" aria-live="assertive">
      <span className="spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
