import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A code-split module's fetch, asked at most once at a time, that remembers the module once it has arrived.
 * A failed fetch is forgotten, so that the next call asks again: the lazy component after the router's early
 * fetch failed without signal, or the next visit to that screen.
 */
export interface CodeLoader<M> {
  (): Promise<M>;
  /** The module, once it has arrived. */
  readonly loaded: M | undefined;
}

export function codeLoader<M>(load: () => Promise<M>): CodeLoader<M> {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  const loader = () => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.defineProperty(loader, 'loaded', { get: () => loaded }) as CodeLoader<M>;
}

/**
 * React.lazy over a code loader, drawn at once when its code has already arrived (fetched ahead by the router,
 * decision 0029). React.lazy alone suspends on its first render even then, because a promise answers only on a
 * later tick: the Suspense fallback is committed, and React 19 then holds the content back until 300 ms after
 * that fallback appeared (its "throttle" of revealed boundaries), each nested lazy level adding its own wait. A
 * thenable that answers at once lets React read the module during that first render.
 */
// biome-ignore lint/suspicious/noExplicitAny: as React.lazy's own signature, any component whatever its props.
export function lazyComponent<T extends ComponentType<any>>(
  loader: CodeLoader<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => {
    const module = loader.loaded;
    if (!module) return loader();
    const answered = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, read by React.lazy alone.
      then(onLoaded: (value: { default: T }) => void) {
        onLoaded(module);
      },
    };
    // React only calls `then` on what the factory returns (and notes the outcome on it); its type asks for a Promise.
    return answered as unknown as Promise<{ default: T }>;
  });
}
