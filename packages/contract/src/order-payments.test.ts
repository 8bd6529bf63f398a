import { describe, expect, it } from 'vitest';
import {
  cardFeeCents,
  cardPartSettlements,
  cardSettlements,
  describePaymentParts,
  dueAtHandoverCents,
  looksLikeCardData,
  partsBalance,
  partsPayTotal,
  refundOwedCents,
} from './order-payments';

describe('card and split payments (issue 38, decision 0042)', () => {
  it("an order's parts in one line, as the orders CSV writes them", () => {
    const parts = describePaymentParts([
      { method: 'PIX', amount: 500_000, status: 'CONFIRMED', kind: null, brand: null, instalments: null, fee: null },
      {
        method: 'CARD',
        amount: 514_741,
        status: 'CONFIRMED',
        kind: 'CREDIT',
        brand: 'Visa',
        instalments: 3,
        fee: 17_964,
      },
      { method: 'CARD', amount: 1_000, status: 'REVERSED', kind: 'DEBIT', brand: 'Elo', instalments: 1, fee: 20 },
    ]);
    expect(parts).toBe(
      'Pix R$ 5.000,00 Confirmado; Cartão Crédito 3× Visa R$ 5.147,41 (taxa R$ 179,64) Confirmado; ' +
        'Cartão Débito Elo R$ 10,00 (taxa R$ 0,20) Estornado',
    );
  });

  it('a fee half up to the cent, in integers', () => {
    // 514,741 × 349 / 10,000 = 17,964.4609 → 17,964 (R$ 179,64); net 496,777 (R$ 4.967,77).
    expect(cardFeeCents(514_741, 349)).toBe(17_964);
    // 15,000 × 199 / 10,000 = 298.5 → 299 (half up).
    expect(cardFeeCents(15_000, 199)).toBe(299);
    // 10,001 × 50 / 10,000 = 50.005 → 50.
    expect(cardFeeCents(10_001, 50)).toBe(50);
  });

  it('pays the net in instalments, the odd cents on the first, every `days` after the business day', () => {
    // 496,777 / 3 = 165,592 r 1.
    const at = new Date('2026-11-25T15:00:00Z');
    expect(cardSettlements(496_777, 3, 30, at)).toEqual([
      { date: '2026-12-25', amountCents: 165_593 },
      { date: '2027-01-24', amountCents: 165_592 },
      { date: '2027-02-23', amountCents: 165_592 },
    ]);
  });

  it("splits a part's gross, fee and net per instalment from its confirmation's business day", () => {
    // R$ 5.147,41 in 3× at 3,49 %, confirmed 10/11/2026 at 12:00 in São Paulo: fee 179,64, net 4.967,77.
    // Net 496,777 / 3 = 165,592 r 1 (first 165,593); fee 17,964 / 3 = 5,988; gross = net + fee.
    const part = {
      amountCents: 514_741,
      feeCents: 17_964,
      netCents: 496_777,
      instalments: 3,
      settlementDays: 30,
      confirmedAt: '2026-11-10T15:00:00Z',
      createdAt: '2026-11-09T15:00:00Z',
    };
    expect(cardPartSettlements(part)).toEqual([
      { date: '2026-12-10', instalment: 1, instalments: 3, grossCents: 171_581, feeCents: 5_988, netCents: 165_593 },
      { date: '2027-01-09', instalment: 2, instalments: 3, grossCents: 171_580, feeCents: 5_988, netCents: 165_592 },
      { date: '2027-02-08', instalment: 3, instalments: 3, grossCents: 171_580, feeCents: 5_988, netCents: 165_592 },
    ]);
    // The net of each is what the part's own answer says (cardSettlements of the net): one rule.
    expect(cardPartSettlements(part).map((s) => ({ date: s.date, amountCents: s.netCents }))).toEqual(
      cardSettlements(496_777, 3, 30, new Date('2026-11-10T15:00:00Z')),
    );
    // Without a confirmation, the day it was recorded; a debit D+1 of 23:30 in São Paulo (02:30 UTC next day).
    expect(
      cardPartSettlements({
        ...part,
        amountCents: 20_000,
        feeCents: 398,
        netCents: 19_602,
        instalments: 1,
        settlementDays: 1,
        confirmedAt: null,
        createdAt: '2026-12-10T02:30:00Z',
      }),
    ).toEqual([
      { date: '2026-12-10', instalment: 1, instalments: 1, grossCents: 20_000, feeCents: 398, netCents: 19_602 },
    ]);
    // 3 cents, fee 1, in 3×: splitting the gross (1, 1, 1) and the net (2, 0, 0) would give the first a fee of
    // −1; the fee is split on its own (1, 0, 0) and the gross is net + fee (3, 0, 0): never negative.
    const tiny = cardPartSettlements({ ...part, amountCents: 3, feeCents: 1, netCents: 2 });
    expect(tiny.map((s) => [s.grossCents, s.feeCents, s.netCents])).toEqual([
      [3, 1, 2],
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });

  it('is paid only at the exact sum of the confirmed parts; a pending part holds its amount', () => {
    const parts = [
      { status: 'CONFIRMED', amountCents: 514_741 },
      { status: 'PENDING', amountCents: 500_000 },
    ] as const;
    expect(partsPayTotal(1_014_741, parts)).toBe(false);
    expect(partsBalance(1_014_741, parts)).toEqual({ confirmedCents: 514_741, pendingCents: 500_000, dueCents: 0 });
    expect(partsPayTotal(1_014_741, [{ status: 'CONFIRMED', amountCents: 1_014_741 }])).toBe(true);
    expect(partsPayTotal(0, [])).toBe(false);
  });

  it('finds what looks like a card number, anywhere, without recursion', () => {
    expect(looksLikeCardData({ card: { nsu: '4111 1111 1111 1111' } })).toBe(true);
    expect(looksLikeCardData({ cardNumber: 'x' })).toBe(true);
    expect(looksLikeCardData({ cvv: '123' })).toBe(true);
    expect(looksLikeCardData({ amount: 4_111_111_111_111_111 })).toBe(true);
    expect(looksLikeCardData({ card: { nsu: '004512', authorizationCode: 'A1B2C3' }, amount: 5147.41 })).toBe(false);
    // Not cards: an attempt's key (a UUID with 16 digits in a row), a CNPJ on the note, a phone with +55, a
    // run of 16 digits failing Luhn (4111 1111 1111 1112), an order code's digits.
    expect(
      looksLikeCardData({
        idempotencyKey: 'f3a1c2d4-9e8b-4c7d-8123-456789012345',
        noteDocument: '11222333000181',
        walkIn: { name: 'Ana', phone: '+55 11 91234-5678' },
        comments: 'cartão 4111 1111 1111 1112',
      }),
    ).toBe(false);
    expect(looksLikeCardData({ comments: 'cartão 4111-1111-1111-1111' })).toBe(true);
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(looksLikeCardData(deep)).toBe(false);
  });
});

describe('a refund to record (decision 0044): the confirmed parts less the refunds pay the total', () => {
  it('R$ 389,70 paid by card, the total lowered to R$ 259,80: R$ 129,90 owed back, the order still paid, nothing due', () => {
    const parts = [{ status: 'CONFIRMED' as const, amountCents: 38_970 }];
    expect(refundOwedCents(25_980, { confirmedCents: 38_970, pendingCents: 0 })).toBe(12_990);
    expect(refundOwedCents(38_970, { confirmedCents: 38_970, pendingCents: 0 })).toBe(0);
    expect(partsBalance(25_980, parts, 12_990)).toEqual({ confirmedCents: 25_980, pendingCents: 0, dueCents: 0 });
    expect(partsPayTotal(25_980, parts, 12_990)).toBe(true);
    expect(partsPayTotal(25_980, parts)).toBe(false);
    expect(dueAtHandoverCents(25_980, parts, 12_990)).toBe(0);
    // The total raised back to R$ 389,70 with the refund still owed: R$ 129,90 due again.
    expect(partsBalance(38_970, parts, 12_990).dueCents).toBe(12_990);
  });
});
