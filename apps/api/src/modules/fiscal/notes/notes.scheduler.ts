import { everyMinute } from '../../../lib/minute-timer';

/**
 * The notes waiting for the SEFAZ sent again by themselves (issue 41 §2): an NF-e the SEFAZ did not answer, a lot in
 * processing, an NFC-e issued in offline contingency. Every five minutes, a light in-process timer (unref'd, ended
 * with the app) runs the service's `sendWaiting` round; the lease there keeps two servers off the same note.
 */
export function startNotesSender(
  service: { sendWaiting(): Promise<number> },
  log: { error(object: object, message: string): void },
  now = () => new Date(),
): { stop(): Promise<void> } {
  return everyMinute(async () => {
    // Every fifth minute of the clock (minutes since the epoch: no zone needed).
    if (Math.floor(now().getTime() / 60_000) % 5 !== 0) return;
    await service
      .sendWaiting()
      .catch((error: unknown) => log.error({ err: error }, 'sending the waiting notes failed'));
  }, now);
}
