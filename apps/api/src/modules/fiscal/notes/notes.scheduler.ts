import { everyMinute } from '../../../lib/minute-timer';

/**
 * The notes emitted and sent by themselves (issue 41 §2): every minute, the automatic notes of the orders handed over
 * (the shop's 'HANDOVER'); every five minutes, the notes waiting for the SEFAZ (an NF-e it did not answer, a lot in
 * processing, an NFC-e issued in offline contingency). A light in-process timer (unref'd, ended with the app) runs
 * the service's rounds; their leases keep two servers off the same order or note.
 */
export function startNotesSender(
  service: { sendWaiting(): Promise<number>; emitRequested(): Promise<number> },
  log: { error(object: object, message: string): void },
  now = () => new Date(),
): { stop(): Promise<void> } {
  return everyMinute(async () => {
    // The automatic notes of the orders handed over: every minute.
    await service
      .emitRequested()
      .catch((error: unknown) => log.error({ err: error }, 'emitting the requested notes failed'));
    // Every fifth minute of the clock (minutes since the epoch: no zone needed).
    if (Math.floor(now().getTime() / 60_000) % 5 !== 0) return;
    await service
      .sendWaiting()
      .catch((error: unknown) => log.error({ err: error }, 'sending the waiting notes failed'));
  }, now);
}
