import { Component, type ReactNode } from 'react';

type Props = {
  /** What replaces the children after one of them threw. */
  fallback: (error: unknown) => ReactNode;
  /** A new value (the path) clears the error: navigating away leaves a failed page behind. */
  resetKey?: unknown;
  children: ReactNode;
};
type State = { error: unknown; failed: boolean; resetKey: unknown };

/**
 * ErrorBoundary shows fallback when rendering (or loading a lazy page module) throws. The
 * app routes declaratively (BrowserRouter, no data router: it keeps ~16 KB gzip out of the
 * entry), so this takes the place of the data router's errorElement.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error('route error', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
