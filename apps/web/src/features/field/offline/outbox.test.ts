import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiError, connectionLost } from '../../../lib/api-client';
import { flush, keep, type OutboxItem, outboxOf } from './outbox';

const item = (key: string, createdAt: number, employeeId = 40): OutboxItem => ({
  key,
  employeeId,
  command: 'deliver',
  order: { orderId: createdAt, code: `C${createdAt}`, statusKey: 4, updatedAt: '2026-11-23T10:00:00.000Z' },
  fields: { signature: 'iVBOR' },
  createdAt,
  state: 'pending',
});

describe("the field phone's outbox", () => {
  it('sends in the order the moves were made; keeps a refusal with its message; stops without an answer', async () => {
    // Kept out of order; another courier's move on the same phone is not his to send.
    await keep(item('b', 2));
    await keep(item('a', 1));
    await keep(item('c', 3));
    await keep(item('x', 0, 41));
    const sent: string[] = [];
    const answers: Record<string, () => never | undefined> = {
      a: () => undefined,
      b: () => {
        throw new ApiError(409, ['O pedido foi cancelado.']);
      },
      c: () => {
        throw connectionLost();
      },
    };
    const result = await flush(40, async (kept) => {
      sent.push(kept.key);
      return answers[kept.key]?.();
    });
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ sent: 1, refused: 1, stopped: true });
    const left = await outboxOf(40);
    expect(left.map((kept) => [kept.key, kept.state, kept.message])).toEqual([
      ['b', 'refused', 'O pedido foi cancelado.'],
      ['c', 'pending', undefined],
    ]);

    // The connection is back: the pending one goes; the refused one stays for the courier to read.
    const again: string[] = [];
    expect(await flush(40, async (kept) => again.push(kept.key))).toEqual({ sent: 1, refused: 0, stopped: false });
    expect(again).toEqual(['c']);
    expect((await outboxOf(40)).map((kept) => kept.key)).toEqual(['b']);
    expect((await outboxOf(41)).map((kept) => kept.key)).toEqual(['x']);
  });
});
