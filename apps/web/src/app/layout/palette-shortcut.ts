/**
 * Ctrl+K (⌘+K on a Mac) from the first moment the app's page runs (issue 34 §6): the app's entry listens before
 * anything is drawn (the address's code and first data can take seconds), and a press made before the top bar
 * is there to open the palette is kept for it. No imports: it is part of the app's first script.
 */

/** A press kept that long waits for the top bar; an older one (a page without it) is forgotten. */
export const KEPT_PRESS_MS = 10_000;

let opener: (() => void) | null = null;
let pressedAt: number | null = null;
let listening = false;

function onKey(event: KeyboardEvent) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'k') return;
  // Never the browser's own Ctrl+K (its address bar search), even before the palette can open.
  event.preventDefault();
  if (opener) opener();
  else pressedAt = Date.now();
}

/** Starts listening for the shortcut (once; the app's entry calls it first thing). */
export function listenForPaletteShortcut(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('keydown', onKey);
}

/**
 * The top bar's: `open` runs for every press from now on, and at once for a press made before (in the last
 * ten seconds). Returns what stops it.
 */
export function onPaletteShortcut(open: () => void): () => void {
  listenForPaletteShortcut();
  opener = open;
  if (pressedAt !== null) {
    const waited = Date.now() - pressedAt;
    pressedAt = null;
    if (waited <= KEPT_PRESS_MS) open();
  }
  return () => {
    if (opener === open) opener = null;
  };
}
