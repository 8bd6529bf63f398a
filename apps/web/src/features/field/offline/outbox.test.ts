import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, connectionLost } from '../../../lib/api-client';
import { flush, keep, type OutboxItem, outboxOf, retryRefused, sendKept } from './outbox';

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
        throw new ApiError(409, ['O pedido foi cancelado.'], 'CONFLICT');
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
    expect(result).toEqual({ sent: 1, refused: 1, stopped: true, serverError: false });
    const left = await outboxOf(40);
    expect(left.map((kept) => [kept.key, kept.state, kept.message])).toEqual([
      ['b', 'refused', 'O pedido foi cancelado.'],
      ['c', 'pending', undefined],
    ]);

    // The connection is back: the pending one goes; the refused one stays for the courier to read.
    const again: string[] = [];
    expect(await flush(40, async (kept) => again.push(kept.key))).toEqual({
      sent: 1,
      refused: 0,
      stopped: false,
      serverError: false,
    });
    expect(again).toEqual(['c']);
    expect((await outboxOf(40)).map((kept) => kept.key)).toEqual(['b']);
    expect((await outboxOf(41)).map((kept) => kept.key)).toEqual(['x']);
  });

  it('a server error (503 during a failover) or an answer without a code is "try again": the move stays pending', async () => {
    await keep(item('s1', 10, 50));
    await keep(item('s2', 11, 50));
    const failover = new ApiError(503, ['Banco de dados indisponível.'], 'DATABASE_UNAVAILABLE');
    const tried: string[] = [];
    const down = await flush(50, async (kept) => {
      tried.push(kept.key);
      throw failover;
    });
    // The first one failed: the next waits behind it, in order; nothing is refused.
    expect(tried).toEqual(['s1']);
    expect(down).toEqual({ sent: 0, refused: 0, stopped: true, serverError: true });
    // A proxy's 404 page (no error code of the API) is no refusal either.
    await flush(50, async () => {
      throw new ApiError(404, []);
    });
    expect((await outboxOf(50)).map((kept) => [kept.key, kept.state, kept.fields])).toEqual([
      ['s1', 'pending', { signature: 'iVBOR' }],
      ['s2', 'pending', { signature: 'iVBOR' }],
    ]);
    // The server is back: both are sent, in order.
    const sent: string[] = [];
    expect(await flush(50, async (kept) => sent.push(kept.key))).toMatchObject({ sent: 2, stopped: false });
    expect(sent).toEqual(['s1', 's2']);
  });

  it('a refused move keeps its signature until the courier tries it again, on the order as it is now', async () => {
    await keep({ ...item('r', 20, 60), fields: { signature: 'iVBOR', images: ['data:image/jpeg;base64,/9j/'] } });
    await flush(60, async () => {
      throw new ApiError(409, ['O pedido foi alterado por outra pessoa.'], 'CONFLICT');
    });
    const [refused] = await outboxOf(60);
    expect(refused).toMatchObject({
      state: 'refused',
      message: 'O pedido foi alterado por outra pessoa.',
      fields: { signature: 'iVBOR', images: ['data:image/jpeg;base64,/9j/'] },
    });

    await retryRefused('r', { orderId: 20, statusKey: 4, updatedAt: '2026-11-23T11:30:00.000Z' });
    const bodies: unknown[] = [];
    expect(await flush(60, async (kept) => bodies.push([kept.key, kept.order.updatedAt, kept.fields]))).toMatchObject({
      sent: 1,
    });
    expect(bodies).toEqual([
      ['r', '2026-11-23T11:30:00.000Z', { signature: 'iVBOR', images: ['data:image/jpeg;base64,/9j/'] }],
    ]);
    expect(await outboxOf(60)).toEqual([]);
  });

  describe('a delivery signed offline (decision 0039)', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });
    const signed = (key: string, employeeId: number): OutboxItem => ({
      ...item(key, 30, employeeId),
      fields: { signature: 'iVBOR', receiverName: 'Maria Souza', occurredAt: '2026-11-24T13:20:00.000Z' },
    });

    it('goes with the moment it was signed and the phone clock of each sending', async () => {
      const bodies: Array<Record<string, unknown>> = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (_url: string, init: RequestInit) => {
          bodies.push(JSON.parse(String(init.body)));
          return new Response(JSON.stringify({ data: {} }), { status: 200 });
        }),
      );
      vi.useFakeTimers({ toFake: ['Date'] });
      // Signed at 10:20 (São Paulo), sent when the connection came back at 11:05, and again at 11:06.
      vi.setSystemTime(new Date('2026-11-24T14:05:00.000Z'));
      await sendKept(signed('t1', 70));
      vi.setSystemTime(new Date('2026-11-24T14:06:00.000Z'));
      await sendKept(signed('t1', 70));
      expect(bodies.map((body) => [body.occurredAt, body.deviceNow, body.receiverName])).toEqual([
        ['2026-11-24T13:20:00.000Z', '2026-11-24T14:05:00.000Z', 'Maria Souza'],
        ['2026-11-24T13:20:00.000Z', '2026-11-24T14:06:00.000Z', 'Maria Souza'],
      ]);
    });

    it('refused for its moment, "Tentar de novo" sends it without it (the server records it on arrival)', async () => {
      await keep(signed('t2', 71));
      await keep({ ...signed('t3', 72) });
      await flush(71, async () => {
        throw new ApiError(
          422,
          ['O horário da entrega registrado no celular (…) é posterior ao envio.'],
          'DELIVERY_TIME_REFUSED',
        );
      });
      await flush(72, async () => {
        throw new ApiError(409, ['O pedido foi cancelado.'], 'CONFLICT');
      });
      expect((await outboxOf(71))[0]).toMatchObject({ state: 'refused', code: 'DELIVERY_TIME_REFUSED' });
      await retryRefused('t2');
      await retryRefused('t3');
      expect((await outboxOf(71))[0]?.fields).toEqual({ signature: 'iVBOR', receiverName: 'Maria Souza' });
      // Any other refusal keeps the moment: it was not the problem.
      expect((await outboxOf(72))[0]?.fields).toMatchObject({ occurredAt: '2026-11-24T13:20:00.000Z' });
      expect((await outboxOf(72))[0]).not.toHaveProperty('code');
    });

    it('with a card receipt, replays it with its key; refused for it, "Tentar de novo" delivers without it', async () => {
      const cardReceipt = {
        kind: 'CREDIT',
        brand: 'Mastercard',
        instalments: 3,
        nsu: '778812',
        authorizationCode: 'X9Y8Z7',
        amount: 5147.41,
      };
      const withCard = (key: string, employeeId: number): OutboxItem => {
        const item = signed(key, employeeId);
        return { ...item, fields: { ...item.fields, cardReceipt } };
      };
      const sent: Array<{ body: Record<string, unknown>; key: string | null }> = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (_url: string, init: RequestInit) => {
          sent.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
          return new Response(JSON.stringify({ data: {} }), { status: 200 });
        }),
      );
      await sendKept(withCard('t4', 73));
      expect(sent[0]).toMatchObject({ key: 't4', body: { cardReceipt } });

      await keep(withCard('t5', 74));
      await flush(74, async () => {
        throw new ApiError(
          409,
          ['O valor do comprovante (R$ 5.147,41) não é o que falta receber no cartão (R$ 0,00): confira com a loja.'],
          'CARD_AT_DOOR_REFUSED',
        );
      });
      expect((await outboxOf(74))[0]).toMatchObject({ state: 'refused', code: 'CARD_AT_DOOR_REFUSED' });
      await retryRefused('t5');
      // The signature, who received it and the moment stay; the receipt goes (the shop types the card part).
      expect((await outboxOf(74))[0]?.fields).toEqual({
        signature: 'iVBOR',
        receiverName: 'Maria Souza',
        occurredAt: '2026-11-24T13:20:00.000Z',
      });
    });
  });
});
