/** A React error boundary whose fallback gets the error and a reset function. */
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  fallback(props: { error: unknown; reset(): void }): ReactNode;
  /** Called once per caught error (logging). */
  onError?(error: unknown, info: ErrorInfo): void;
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

  reset = (): void => this.setState({ error: undefined, failed: false });

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
