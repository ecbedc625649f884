import { Component, type ReactNode } from 'react';

interface Props {
  /** What shows instead of the children once one of them failed to render (or to load). */
  fallback: ReactNode;
  /** The children are tried again when this changes (the page moved on, say). */
  resetKey?: unknown;
  /** Told when a child failed (after the warning logged). */
  onError?(): void;
  children: ReactNode;
}

/**
 * Catches what the children throw while rendering, above all a screen's code that failed to load
 * (the server restarting, the connection dropping): without it React unmounts the whole app and
 * leaves a blank page.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: unknown) {
    console.warn('a part of the page failed to load', error);
    this.props.onError?.();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
