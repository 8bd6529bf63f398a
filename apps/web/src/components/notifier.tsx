import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** Snackbar auto-hide time of the spec (section 9). */
export const NOTIFY_HIDE_MS = 3000;

export interface Notify {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

interface Message {
  id: number;
  severity: AlertColor;
  text: string;
}

const NotifyContext = createContext<Notify | null>(null);

/** Shows one message at a time at the bottom; a new message replaces the current one. */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((severity: AlertColor, text: string) => {
    setMessage({ id: Date.now() + Math.random(), severity, text });
    setOpen(true);
  }, []);

  const notify = useMemo<Notify>(
    () => ({
      success: (text) => show('success', text),
      error: (text) => show('error', text),
      info: (text) => show('info', text),
    }),
    [show],
  );

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <Snackbar
        key={message?.id}
        open={open}
        autoHideDuration={NOTIFY_HIDE_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={message?.severity ?? 'info'}
          variant="filled"
          onClose={() => setOpen(false)}
          sx={{ width: '100%', alignItems: 'center' }}
        >
          {message?.text}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}

/** `{ success, error, info }`: shows a snackbar that hides after 3 s. Needs `<NotifierProvider>` above. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify precisa de <NotifierProvider>.');
  return notify;
}
