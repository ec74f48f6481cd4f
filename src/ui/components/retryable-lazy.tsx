/**
 * React.lazy keeps a load that failed (a chunk lost to a dropped connection) for good: every later render throws the
 * same error until a reload. The app's lazy parts are made here instead, and a failed one is made anew on request
 * (`retryFailedLoads`: the page's "Try again", a route change, or a part's next use). ADR 121.
 */
import { Component, type ComponentType, createElement, type LazyExoticComponent, lazy, type ReactNode } from 'react';

/** What makes each failed load anew, until "Try again" does. */
const failedLoads = new Set<() => void>();

/** React.lazy, except that a load that failed is made again after `retryFailedLoads`. */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const make = () => {
    current = lazy(() =>
      load().catch((error: unknown) => {
        failedLoads.add(make);
        throw error;
      }),
    );
  };
  make();
  return function Retryable(props: P) {
    return createElement(current, props);
  };
}

export function retryFailedLoads(): void {
  const makes = [...failedLoads];
  failedLoads.clear();
  for (const make of makes) make();
}

/**
 * Around a lazy part outside the pages (the footer's document dialog): a part that cannot render is left out, and
 * `onError` says so and lets its owner offer it again.
 */
export class PartBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    retryFailedLoads();
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
