import { Component, type ErrorInfo, type ReactNode } from 'react';

interface OptionalProps { children: ReactNode; fallback?: ReactNode }

/**
 * Around a part the page can live without (the toaster, the account menu): if its code cannot
 * be downloaded it shows `fallback` (nothing by default) instead of taking the page down.
 */
export class Optional extends Component<OptionalProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn('An optional part of the page could not be shown:', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
