import { useSyncExternalStore } from 'react';

/** At most this long after the app's first screen mounts, the background work starts, idle moment or not. */
const FIRST_PAINT_WAIT_MS = 1_000;

let painted = false;
let scheduled = false;
const listeners = new Set<() => void>();

function afterPaint(run: () => void): void {
  // The browser's first idle moment comes after it has painted the frame the commit produced. Without
  // requestIdleCallback (Safari), the next task: what the app did before.
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(run, { timeout: FIRST_PAINT_WAIT_MS });
  else setTimeout(run, 0);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!painted && !scheduled) {
    scheduled = true;
    afterPaint(() => {
      painted = true;
      for (const changed of listeners) changed();
    });
  }
  return () => listeners.delete(listener);
}

/**
 * Whether the app's first screen has been painted. What that screen does not show waits for it (the live
 * channel of the orders, the bell's count): on a phone's slow link the page's own code and data then have the
 * connection to themselves, and the page paints sooner (decision 0029). True for good once it has happened:
 * screens opened afterwards start their work at once.
 */
export function useFirstPaintDone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => painted,
    () => false,
  );
}
