import { useRef } from 'react';

/**
 * The Idempotency-Key of one attempt at a write (a payment's part added, a refund recorded, a note's entry
 * confirmed): a retry of the same attempt (no answer, or refused and tried again) sends it again; once the
 * write is done, or the attempt given up (another note read), `renew` gives the next attempt a new one.
 */
export function useAttemptKey(): { current(): string; renew(): void } {
  const handle = useRef<{ current(): string; renew(): void } | null>(null);
  if (!handle.current) {
    let key = crypto.randomUUID();
    handle.current = {
      current: () => key,
      renew: () => {
        key = crypto.randomUUID();
      },
    };
  }
  return handle.current;
}
