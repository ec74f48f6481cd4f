/**
 * A page that cannot render says so in its own place, with a way to try again, rather than taking the whole app down
 * with it: the bar, the footer and the reader's session stay. The usual cause is a page's code lost to a dropped
 * connection on the way to a new route; React.lazy keeps such a failed load for good, so the app's loaders are made
 * with `retryableLazy`, whose failed loads "Try again" makes anew (ADR 121).
 */
import { Component, type ReactNode } from 'react';
import { retryFailedLoads } from '../components/retryable-lazy';
import { useDocumentTitle } from '../hooks/use-document-title';

export const PAGE_FAILED_TITLE = 'This page could not be loaded';
export const PAGE_FAILED_TEXT = 'The connection may have dropped while it was loading. Check it, then try again.';
export const PAGE_FAILED_RETRY = 'Try again';

function PageFailed({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle(PAGE_FAILED_TITLE);
  return (
    <section className="container page">
      <h1>{PAGE_FAILED_TITLE}</h1>
      <p>{PAGE_FAILED_TEXT}</p>
      <p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          {PAGE_FAILED_RETRY}
        </button>
      </p>
    </section>
  );
}

/**
 * Around the routes' pages. React reports what it caught (the console, by default); a route change, or "Try again",
 * starts afresh, with failed loads made anew.
 */
export class PageBoundary extends Component<{ children: ReactNode; location: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { location: string }) {
    if (this.state.failed && previous.location !== this.props.location) this.retry();
  }

  retry = () => {
    retryFailedLoads();
    this.setState({ failed: false });
  };

  /** "Try again": the button goes with the message, so the focus goes to the heading of what replaces it. */
  retryByHand = () => {
    const main = document.getElementById('main');
    main?.focus({ preventScroll: true });
    this.retry();
    const started = performance.now();
    const look = () => {
      const heading = main?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      } else if (performance.now() - started < 5000) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  };

  override render() {
    return this.state.failed ? <PageFailed onRetry={this.retryByHand} /> : this.props.children;
  }
}
