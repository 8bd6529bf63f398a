import { createContext, lazy, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import type { ConfirmOptions } from './confirm-dialog-view';
import { MuiScope } from './theme/mui-scope';

export type { ConfirmOptions } from './confirm-dialog-view';

type Confirm = (message: string, options?: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending extends ConfirmOptions {
  message: string;
}

// MUI's dialog is fetched with the first question: a screen that asks nothing loads no MUI for it (decision 0028).
const ConfirmDialogView = lazy(() => import('./confirm-dialog-view'));

/** One shared confirmation dialog for the whole app. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((message, options) => {
    resolver.current?.(false);
    setPending({ message, ...options });
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOpen(false);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending ? (
        <MuiScope
          // Its code not fetched (no signal): the question is answered "no", and the user told why.
          onFailed={() => {
            close(false);
            setPending(null);
          }}
        >
          <ConfirmDialogView open={open} pending={pending} onClose={close} />
        </MuiScope>
      ) : null}
    </ConfirmContext.Provider>
  );
}

/** `confirm(message)` resolves true when the user confirms. Needs `<ConfirmProvider>` above. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm precisa de <ConfirmProvider>.');
  return confirm;
}
