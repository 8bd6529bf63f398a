import { type ReactNode, Suspense } from 'react';
import { codeLoader, lazyComponent } from '../../lib/code-loader';
import { LoadBoundary } from '../load-boundary';
import { LOAD_TEXTS } from '../load-texts';
import { useNotify } from '../notifier';

/** MUI's theme and its code: asked for by MuiScope, and ahead of time by the router for a page that needs it. */
export const muiProvidersCode = codeLoader(() => import('./mui-providers'));

const MuiProviders = lazyComponent(muiProvidersCode);

/**
 * Draws MUI elements: `children` under the app's MUI theme and date adapter (mui-providers.tsx), whose code (and
 * MUI's) is fetched the first time a screen draws one; until then `fallback` (nothing by default). Every MUI
 * element of the app is under one: each page but 'Minhas tarefas' (routes.tsx), and the dialogs, menus and
 * drawer that the plain first screen opens (decision 0028). When that code cannot be fetched (no signal), `failed`
 * is drawn instead and `onFailed` told: the screen around stays. A scope that draws nothing in its place (a menu,
 * a dialog) says 'Sem conexão…' in the snackbar.
 */
export function MuiScope({
  children,
  fallback = null,
  failed = null,
  onFailed,
}: {
  children: ReactNode;
  fallback?: ReactNode;
  failed?: ReactNode;
  onFailed?: () => void;
}) {
  const notify = useNotify();
  return (
    <LoadBoundary
      failed={failed}
      onFailed={() => {
        if (failed === null) notify.error(LOAD_TEXTS.partFailed);
        onFailed?.();
      }}
    >
      <Suspense fallback={fallback}>
        <MuiProviders>{children}</MuiProviders>
      </Suspense>
    </LoadBoundary>
  );
}
