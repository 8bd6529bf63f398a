import type { AppDeps } from '../../../app-deps';

/** `count` notes and what was done to them, in words: '1 nota emitida', '3 notas emitidas'; null for none. */
const notes = (count: number, one: string, many: string) =>
  count === 0 ? null : count === 1 ? `1 nota ${one}` : `${count} notas ${many}`;

/**
 * The notes emitted and sent by themselves (issue 41 §2) as scheduled tasks (decision 0063): every minute the automatic
 * notes of the orders handed over (the shop's 'HANDOVER', task 'notes-emit'); every five minutes the notes waiting for
 * the SEFAZ (an NF-e it did not answer, a lot in processing, an NFC-e issued in offline contingency: 'notes-send'), each
 * time after the NF-e's contingency round (contingency-round.ts). Their
 * leases keep two processes off the same order or note.
 */
export function scheduleNotes(
  scheduler: Pick<AppDeps['scheduler'], 'every'>,
  service: {
    sendWaiting(): Promise<number>;
    emitRequested(): Promise<number>;
    contingencyRound(): Promise<string | null>;
  },
): void {
  scheduler.every('notes-emit', 1, async () => notes(await service.emitRequested(), 'emitida', 'emitidas'));
  // First the NF-e's contingency (issue 56 §2, contingency-round.ts): left when the state's SEFAZ answers again, the
  // NF-e it never received moved to the SVC; then the notes waiting are sent where they now go.
  scheduler.every('notes-send', 5, async () => {
    const contingency = await service.contingencyRound();
    const sent = notes(await service.sendWaiting(), 'enviada à SEFAZ', 'enviadas à SEFAZ');
    return [contingency, sent].filter(Boolean).join(' ') || null;
  });
}
