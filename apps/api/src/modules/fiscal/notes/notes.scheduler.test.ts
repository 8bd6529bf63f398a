import { describe, expect, it } from 'vitest';
import { scheduleNotes } from './notes.scheduler';

/**
 * The notes sent by themselves (issue 41 §2) as scheduled tasks (decision 0063): the automatic notes of the orders
 * handed over every minute, the notes waiting for the SEFAZ every fifth minute, each round saying what it did.
 */
describe('the notes as scheduled tasks', () => {
  it("registers 'notes-emit' every minute and 'notes-send' (after the NF-e's contingency round) every five, in words", async () => {
    const registered = new Map<string, { minutes: number; round: () => Promise<string | null> }>();
    scheduleNotes(
      { every: (task, minutes, round) => void registered.set(task, { minutes, round }) },
      {
        emitRequested: async () => emitted.shift() ?? 0,
        sendWaiting: async () => sent.shift() ?? 0,
        contingencyRound: async () => rounds.shift() ?? null,
      },
    );
    const emitted = [2, 0, 1];
    const sent = [4, 1];
    const rounds = [null, 'A SEFAZ autorizadora voltou a responder (107 Serviço em Operação).'];
    expect([...registered].map(([task, { minutes }]) => [task, minutes])).toEqual([
      ['notes-emit', 1],
      ['notes-send', 5],
    ]);

    const emit = registered.get('notes-emit')?.round;
    const send = registered.get('notes-send')?.round;
    expect([await emit?.(), await emit?.(), await emit?.()]).toEqual(['2 notas emitidas', null, '1 nota emitida']);
    expect([await send?.(), await send?.(), await send?.()]).toEqual([
      '4 notas enviadas à SEFAZ',
      'A SEFAZ autorizadora voltou a responder (107 Serviço em Operação). 1 nota enviada à SEFAZ',
      null,
    ]);
  });
});
