import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeToSession } from './session-store';

export * from './session-store';

/** The session as React state: re-renders on sign-in, sign-out and changes from other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession, () => null);
}
