/** Shared loading, empty and error states, with the live-region semantics screen readers need. */
import type { ReactNode } from 'react';

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

export function BusyOverlay({ label }: { label: string }) {
  return (
    <div className="busy-overlay" role="status" aria-live="assertive">
      <span className="spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
