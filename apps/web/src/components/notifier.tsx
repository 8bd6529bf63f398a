import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Icon } from './plain/icon';
import type { IconName } from './plain/icon-paths';
import './plain/notifier.css';

/** Snackbar auto-hide time of the spec (section 9). */
export const NOTIFY_HIDE_MS = 3000;

export interface Notify {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

type Severity = 'success' | 'error' | 'info';

interface Message {
  id: number;
  severity: Severity;
  text: string;
}

/** The icons MUI's Alert draws for each severity. */
const ICONS: Record<Severity, IconName> = { success: 'successOutlined', error: 'errorOutline', info: 'infoOutlined' };

const NotifyContext = createContext<Notify | null>(null);

/**
 * Shows one message at a time at the bottom; a new message replaces the current one. MUI's Snackbar with a
 * filled Alert, drawn with plain elements (plain/notifier.css): a message needs no code fetched when it is said,
 * so a phone without signal still shows "kept, will be sent" (decision 0028). As MUI's: it hides after 3 s, the
 * time held while the pointer is on it, and Escape or its close button hides it at once.
 */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [held, setHeld] = useState(false);
  const nextId = useRef(0);

  const show = useCallback((severity: Severity, text: string) => {
    nextId.current += 1;
    setMessage({ id: nextId.current, severity, text });
    setHeld(false);
  }, []);
  const close = useCallback(() => {
    setMessage(null);
    setHeld(false);
  }, []);

  const notify = useMemo<Notify>(
    () => ({
      success: (text) => show('success', text),
      error: (text) => show('error', text),
      info: (text) => show('info', text),
    }),
    [show],
  );

  // Each message gets its full time; moving the pointer onto it holds it, leaving starts the time again.
  const id = message?.id;
  useEffect(() => {
    if (id === undefined || held) return;
    const timer = setTimeout(() => setMessage((current) => (current?.id === id ? null : current)), NOTIFY_HIDE_MS);
    return () => clearTimeout(timer);
  }, [id, held]);

  useEffect(() => {
    if (id === undefined) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [id, close]);

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {message ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: the pointer on it only holds its time (as MUI's); the keyboard has Escape and the close button.
        <div
          key={message.id}
          className="pl-snackbar"
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
        >
          <div role="alert" className={`pl-snackbar-alert pl-snackbar-${message.severity}`}>
            <div className="pl-snackbar-icon">
              <Icon name={ICONS[message.severity]} />
            </div>
            <div className="pl-snackbar-message">{message.text}</div>
            <div className="pl-snackbar-action">
              <button type="button" className="pl-snackbar-close" aria-label="Fechar" title="Fechar" onClick={close}>
                <Icon name="close" small />
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </NotifyContext.Provider>
  );
}

/** `{ success, error, info }`: shows a snackbar that hides after 3 s. Needs `<NotifierProvider>` above. */
export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify precisa de <NotifierProvider>.');
  return notify;
}
