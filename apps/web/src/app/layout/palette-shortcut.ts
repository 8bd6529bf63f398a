/**
 * Ctrl+K (⌘+K on a Mac) from the first moment the app's page runs (issue 34 §6): the app's entry listens before
 * anything is drawn (the address's code and first data can take seconds), and a press made before the top bar
 * is there to open the palette is kept for it. No imports: it is part of the app's first script.
 */

/** A press kept that long waits for the top bar; an older one (a page without it) is forgotten. */
export const KEPT_PRESS_MS = 10_000;

/** The palette's input carries this attribute: what is typed into it is its own, never kept here. */
export const PALETTE_INPUT_ATTRIBUTE = 'data-palette-input';

let opener: (() => void) | null = null;
let pressedAt: number | null = null;
let listening = false;
/**
 * What was typed since the last Ctrl+K and before the palette's input had the focus (issue 54: 'GRE-GVY' typed at
 * once arrived as '' or 'E-GVY'), and since when; null when nothing is being kept.
 */
let typed: string | null = null;
let typedSince = 0;

const isShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

/** A key typed after Ctrl+K, elsewhere than in the palette's input: kept for it (a letter; Backspace takes one back). */
function keepTyped(event: KeyboardEvent) {
  if (typed === null) return;
  const target = event.target as Element | null;
  if (target?.closest?.(`[${PALETTE_INPUT_ATTRIBUTE}]`)) {
    // The input has the focus: it took what was kept when it got it, and has what is typed now.
    typed = null;
    return;
  }
  if (Date.now() - typedSince > KEPT_PRESS_MS || event.key === 'Escape') {
    typed = null;
    return;
  }
  if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) typed += event.key;
  else if (event.key === 'Backspace') typed = typed.slice(0, -1);
  else return;
  // Not typed into whatever the page had focused: it is the palette's.
  event.preventDefault();
}

function onKey(event: KeyboardEvent) {
  if (!isShortcut(event)) {
    keepTyped(event);
    return;
  }
  // Never the browser's own Ctrl+K (its address bar search), even before the palette can open.
  event.preventDefault();
  typed = '';
  typedSince = Date.now();
  if (opener) opener();
  else pressedAt = Date.now();
}

/** Starts listening for the shortcut (once; the app's entry calls it first thing), before the page's own handlers. */
export function listenForPaletteShortcut(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('keydown', onKey, true);
}

/**
 * The palette's input, once it has the focus: what was typed since Ctrl+K before it could take it ('' when
 * nothing), handed over once; later keys reach the input itself.
 */
export function takeTypedKeys(): string {
  const kept = typed ?? '';
  typed = null;
  return kept;
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
