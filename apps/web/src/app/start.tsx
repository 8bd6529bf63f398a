// First: configures zod before any schema of the app or the contract is built.
import '../lib/strict-csp';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
// The page's font, colours and box model (MUI's CssBaseline as a style sheet, decision 0028).
import '../components/theme/base.css';

/**
 * Renders the app into `#root` (React replaces what is there: the sign-in form of login.html once signed in).
 * Called by `main.tsx` (index.html) and by `sign-in.ts` (login.html) after the sign-in.
 */
export function startApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  const app = createRoot(root);
  // A transition: React yields to the browser every few milliseconds while it builds the first screen, instead
  // of one long task that holds a phone's input (decision 0025, Lighthouse's total blocking time).
  startTransition(() => {
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
