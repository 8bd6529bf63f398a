import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A long loop over a spreadsheet's lines (issue 34 §1) gives the event loop a turn whenever it has held it for
 * `sliceMs`: `/api/health` and every other request are answered between two slices instead of after the
 * whole file. `await turn()` once per line costs nothing until the slice is spent.
 */
export function eventLoopTurns(sliceMs = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
