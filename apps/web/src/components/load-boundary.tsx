import { Component, type ReactNode } from 'react';

/** Whether `error` is a script of the app that could not be fetched (no signal, or a build replaced meanwhile). */
export function isLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    // Chromium, Firefox, Safari, and Vite's preload of a chunk's dependencies.
    /dynamically imported module|Importing a module script failed|Unable to preload/i.test(error.message)
  );
}

interface Props {
  /** Drawn instead of `children` when their code could not be fetched. */
  failed: ReactNode;
  /** Told once when that happens. */
  onFailed?: () => void;
  children: ReactNode;
}

/**
 * Catches a part of the screen whose code could not be fetched (a lazy component asked for without signal) and
 * draws `failed` in its place: the rest of the screen, and what it keeps, stay. Any other error goes on up.
 */
export class LoadBoundary extends Component<Props, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isLoadFailure(error)) this.props.onFailed?.();
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!isLoadFailure(error)) throw error;
    return this.props.failed;
  }
}
