/** A React error boundary whose fallback gets the error and a reset function. */
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  fallback(props: { error: unknown; reset(): void }): ReactNode;
  /** Called once per caught error (logging). */
  onError?(error: unknown, info: ErrorInfo): void;
  /** Called when the boundary resets (e.g. TanStack Query's `reset`, so failed queries fetch again). */
  onReset?(): void;
  /** When this value changes (e.g. the route's path), a shown error is cleared and the children retried. */
  resetKey?: unknown;
  children: ReactNode;
}

/** Catches render and lazy-load errors of its children. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(prev: ErrorBoundaryProps): void {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.reset();
  }

  reset = (): void => {
    this.props.onReset?.();
    this.setState({ error: undefined, failed: false });
  };

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
