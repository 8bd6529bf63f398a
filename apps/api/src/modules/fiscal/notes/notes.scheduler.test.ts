import { afterEach, describe, expect, it, vi } from 'vitest';
import { startNotesSender } from './notes.scheduler';

/**
 * The notes sent by themselves (issue 41 §2), each round through 'Tarefas do sistema' (issue 43 §1): the automatic
 * notes of the orders handed over every minute, the notes waiting for the SEFAZ every fifth minute of the clock.
 */
describe('the notes timer', () => {
  afterEach(() => vi.useRealTimers());

  it('runs its rounds as tasks, saying in words what each did; a failure goes to the log and the next round', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date('2026-11-27T13:03:30.000Z'));
    const emitted = [2, 0, 1];
    const sent = [4];
    const service = {
      emitRequested: async () => {
        const count = emitted.shift();
        if (count === undefined) throw new Error('SEFAZ fora do ar');
        return count;
      },
      sendWaiting: async () => sent.shift() ?? 0,
    };
    const rounds: { task: string; at: string; summary?: string | null; error?: string }[] = [];
    const tasks = {
      async run(task: 'notes-emit' | 'notes-send', round: () => Promise<string | null>) {
        const at = new Date().toISOString();
        try {
          const summary = await round();
          rounds.push({ task, at, summary });
          return summary;
        } catch (error) {
          rounds.push({ task, at, error: (error as Error).message });
          throw error;
        }
      },
    };
    const logged: string[] = [];
    const sender = startNotesSender(service, { error: (_object, message) => logged.push(message) }, tasks);
    try {
      // 13:04, 13:05 (the fifth minute), 13:06, 13:07 (the emission fails).
      await vi.advanceTimersByTimeAsync(30_000 + 3 * 60_000);
    } finally {
      await sender.stop();
    }
    expect(rounds).toEqual([
      { task: 'notes-emit', at: '2026-11-27T13:04:00.000Z', summary: '2 notas emitidas' },
      { task: 'notes-emit', at: '2026-11-27T13:05:00.000Z', summary: null },
      { task: 'notes-send', at: '2026-11-27T13:05:00.000Z', summary: '4 notas enviadas à SEFAZ' },
      { task: 'notes-emit', at: '2026-11-27T13:06:00.000Z', summary: '1 nota emitida' },
      { task: 'notes-emit', at: '2026-11-27T13:07:00.000Z', error: 'SEFAZ fora do ar' },
    ]);
    expect(logged).toEqual(['emitting the requested notes failed']);
  });
});
