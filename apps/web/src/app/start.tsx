// First: configures zod before any schema of the app or the contract is built.
import '../lib/strict-csp';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { applyStoredTimeZone } from '../lib/session-store';
import { App } from './app';
import { listenForPaletteShortcut } from './layout/palette-shortcut';
import { createQueryClient } from './query-client';
import { startLoadingCodeFor } from './routes';
// The page's font, colours and box model (MUI's CssBaseline as a style sheet, decision 0028).
import '../components/theme/base.css';

/**
 * Renders the app into `#root` (React replaces what is there: the sign-in form of login.html once signed in).
 * Called by `main.tsx` (index.html) and by `sign-in.ts` (login.html) after the sign-in.
 *
 * The address's code (and a signed-in page's first data) is asked for first, and React draws once that code has
 * arrived: its first screen is then the page itself. Drawn earlier, it would show a spinner in the page's place
 * (index.html shows one already, as the sign-in form keeps its own), and React would hold the page back until
 * 300 ms after that spinner appeared (decision 0029).
 */
export function startApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  // Every date on the business's clock, as the server told at the sign-in (whatever the browser's zone).
  applyStoredTimeZone();
  // Ctrl+K pressed while the first screen loads opens the palette once the top bar is drawn.
  listenForPaletteShortcut();
  const queryClient = createQueryClient();
  void startLoadingCodeFor(window.location.pathname, queryClient).then(() => {
    const app = createRoot(root);
    // A transition: React yields to the browser every few milliseconds while it builds the first screen, instead
    // of one long task that holds a phone's input (decision 0025, Lighthouse's total blocking time).
    startTransition(() => {
      app.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
}
