import { everyMinute } from '../../../lib/minute-timer';
import type { SystemTasksService } from '../../system-tasks/system-tasks.service';

/** `count` notes and what was done to them, in words: '1 nota emitida', '3 notas emitidas'; null for none. */
const notes = (count: number, one: string, many: string) =>
  count === 0 ? null : count === 1 ? `1 nota ${one}` : `${count} notas ${many}`;

/**
 * The notes emitted and sent by themselves (issue 41 §2): every minute, the automatic notes of the orders handed over
 * (the shop's 'HANDOVER'); every five minutes, the notes waiting for the SEFAZ (an NF-e it did not answer, a lot in
 * processing, an NFC-e issued in offline contingency). A light in-process timer (unref'd, ended with the app) runs
 * the service's rounds; their leases keep two servers off the same order or note. Each round goes through 'Tarefas do
 * sistema' (`tasks`: 'notes-emit', 'notes-send').
 */
export function startNotesSender(
  service: { sendWaiting(): Promise<number>; emitRequested(): Promise<number> },
  log: { error(object: object, message: string): void },
  tasks: Pick<SystemTasksService, 'run'>,
  now = () => new Date(),
): { stop(): Promise<void> } {
  return everyMinute(async () => {
    // The automatic notes of the orders handed over: every minute.
    await tasks
      .run('notes-emit', async () => notes(await service.emitRequested(), 'emitida', 'emitidas'))
      .catch((error: unknown) => log.error({ err: error }, 'emitting the requested notes failed'));
    // Every fifth minute of the clock (minutes since the epoch: no zone needed).
    if (Math.floor(now().getTime() / 60_000) % 5 !== 0) return;
    await tasks
      .run('notes-send', async () => notes(await service.sendWaiting(), 'enviada à SEFAZ', 'enviadas à SEFAZ'))
      .catch((error: unknown) => log.error({ err: error }, 'sending the waiting notes failed'));
  }, now);
}
