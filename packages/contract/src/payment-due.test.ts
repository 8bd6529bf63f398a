import { describe, expect, it } from 'vitest';
import { dueAtHandoverCents, partsSettle } from './order-payments';
import { ORDER_STATUS as S } from './order-status';
import { amountToCollect, courierPaymentLine, dueAtDoor, paymentDue } from './payment-due';
import { companyAddressSchema } from './settings';

describe('paymentDue: what is still due on an order, and how (issue 35 §8)', () => {
  it('a cash order is collected whole by whoever hands it over, whatever its status', () => {
    for (const statusKey of [S.AGUARDANDO_ESTOQUISTA, S.EM_ENTREGA, S.AGUARDANDO_CLIENTE, S.ENTREGUE]) {
      expect(paymentDue({ paymentMethod: 'CASH', statusKey })).toBe('cash');
      expect(amountToCollect({ paymentMethod: 'CASH', statusKey }, 13490)).toBe(13490);
    }
  });

  it('a transfer or Pix is awaited, under review, or paid (nothing to collect)', () => {
    expect(paymentDue({ paymentMethod: 'PIX', statusKey: S.PROCESSANDO })).toBe('awaitingPayment');
    expect(paymentDue({ paymentMethod: 'PIX', statusKey: S.ERRO })).toBe('awaitingPayment');
    expect(paymentDue({ paymentMethod: 'BANK_TRANSFER', statusKey: S.AGUARDANDO_COMPROVANTE })).toBe('awaitingPayment');
    expect(paymentDue({ paymentMethod: 'BANK_TRANSFER', statusKey: S.AGUARDANDO_APROVACAO })).toBe('inReview');
    for (const statusKey of [S.AGUARDANDO_MOTOBOY, S.EM_ENTREGA, S.EM_ENTREGA_IMEDIATA, S.FINALIZADOS]) {
      expect(paymentDue({ paymentMethod: 'PIX', statusKey })).toBe('paid');
      expect(amountToCollect({ paymentMethod: 'PIX', statusKey }, 13490)).toBe(0);
    }
  });

  it("gives the courier's card and the run sheet the same line", () => {
    const texts = { total: 'R$ 134,90', payment: 'Pix' };
    expect(courierPaymentLine({ paymentMethod: 'PIX', statusKey: S.EM_ENTREGA }, texts)).toBe(
      'Pago (Pix): nada a receber',
    );
    expect(
      courierPaymentLine({ paymentMethod: 'CASH', statusKey: S.EM_ENTREGA }, { ...texts, payment: 'Dinheiro' }),
    ).toBe('Receber em dinheiro: R$ 134,90');
  });
});

describe("a card order (issue 38): 'Levar maquininha' when charged at the door, paid when charged at the sale", () => {
  it('says the machine and the amount, never as cash to collect', () => {
    const onDelivery = { paymentMethod: 'CARD', statusKey: S.EM_ENTREGA, cardOnDelivery: true } as const;
    expect(paymentDue(onDelivery)).toBe('card');
    // The settlement's expected cash counts no card.
    expect(amountToCollect(onDelivery, 13490)).toBe(0);
    expect(courierPaymentLine(onDelivery, { total: 'R$ 134,90', payment: 'Cartão' })).toBe(
      'Levar maquininha: R$ 134,90 no cartão',
    );
    const atCounter = { paymentMethod: 'CARD', statusKey: S.EM_ENTREGA } as const;
    expect(courierPaymentLine(atCounter, { total: 'R$ 134,90', payment: 'Cartão' })).toBe(
      'Pago (Cartão): nada a receber',
    );
  });

  it('charges the total less the parts already paid; nothing once they pay it all', () => {
    // R$ 72,40 with a Pix part of R$ 50,00 confirmed (and one of R$ 10,00 still waiting, not paid): R$ 22,40.
    const parts = [
      { status: 'CONFIRMED', amountCents: 5000 },
      { status: 'PENDING', amountCents: 1000 },
      { status: 'REVERSED', amountCents: 700 },
    ] as const;
    expect(dueAtHandoverCents(7240, parts)).toBe(2240);
    expect(dueAtHandoverCents(7240, [{ status: 'CONFIRMED', amountCents: 7240 }])).toBe(0);
    const balance = {
      paymentMethod: 'CARD',
      statusKey: S.EM_ENTREGA,
      cardOnDelivery: true,
      cardToCollect: 22.4,
    } as const;
    expect(paymentDue(balance)).toBe('card');
    const allPaid = { ...balance, cardToCollect: 0 };
    expect(paymentDue(allPaid)).toBe('paid');
    expect(courierPaymentLine(allPaid, { total: 'R$ 0,00', payment: 'Cartão' })).toBe('Pago (Cartão): nada a receber');
  });

  it('a cash order with a part paid at the shop: the rest in cash at the door; nothing once parts pay it all', () => {
    // R$ 65,00 in cash, R$ 40,00 paid by a card part: R$ 25,00 to receive.
    const rest = { paymentMethod: 'CASH', statusKey: S.EM_ENTREGA, cashToCollect: 25 } as const;
    expect(paymentDue(rest)).toBe('cash');
    expect(dueAtDoor({ ...rest, total: 65 })).toBe(25);
    expect(amountToCollect(rest, 2500)).toBe(2500);
    expect(courierPaymentLine(rest, { total: 'R$ 25,00', payment: 'Dinheiro' })).toBe('Receber em dinheiro: R$ 25,00');
    const paid = { ...rest, cashToCollect: 0 };
    expect(paymentDue(paid)).toBe('paid');
    expect(amountToCollect(paid, 0)).toBe(0);
    // Without parts the server sends no figure: the whole total.
    expect(dueAtDoor({ paymentMethod: 'CASH', statusKey: S.EM_ENTREGA, total: 65 })).toBe(65);
  });
});

describe("the shop's address (Configurações da Empresa)", () => {
  it('keeps its lines trimmed, empty is none, refuses a control character', () => {
    expect(companyAddressSchema.parse(' Rua A,  1 \r\n\r\n São Paulo/SP ')).toBe('Rua A, 1\nSão Paulo/SP');
    expect(companyAddressSchema.parse('  \n ')).toBeNull();
    expect(companyAddressSchema.safeParse('Rua A\u0007').error?.issues[0]?.message).toBe(
      'O endereço da empresa não pode ter caracteres de controle.',
    );
  });
});

describe('a Pix split at the sale (decision 0042): a Pix part now, the rest by card at the door', () => {
  // R$ 10.147,41: Pix R$ 5.000,00, card at the door R$ 5.147,41.
  const split = { paymentMethod: 'PIX' as const, cardOnDelivery: true, cardToCollect: 5147.41 };

  it('waits for its Pix part, then says the machine and the card part; nothing once the card is recorded', () => {
    expect(paymentDue({ ...split, statusKey: S.PROCESSANDO })).toBe('awaitingPayment');
    expect(paymentDue({ ...split, statusKey: S.AGUARDANDO_COMPROVANTE })).toBe('awaitingPayment');
    expect(paymentDue({ ...split, statusKey: S.EM_ENTREGA })).toBe('card');
    expect(amountToCollect({ ...split, statusKey: S.EM_ENTREGA }, 5147.41)).toBe(0);
    expect(courierPaymentLine({ ...split, statusKey: S.EM_ENTREGA }, { total: 'R$ 5.147,41', payment: 'Pix' })).toBe(
      'Levar maquininha: R$ 5.147,41 no cartão',
    );
    expect(paymentDue({ ...split, cardToCollect: 0, statusKey: S.ENTREGUE })).toBe('paid');
  });
});

describe('partsSettle: when the parts settle an order before it is handed over', () => {
  const part = (status: 'PENDING' | 'CONFIRMED' | 'REFUSED', amountCents: number) => ({ status, amountCents });

  it('an order charged by card at the door: every part taken before it confirmed, one paid at least', () => {
    expect(partsSettle(1_014_741, [part('PENDING', 500_000)], true)).toBe(false);
    expect(partsSettle(1_014_741, [part('CONFIRMED', 500_000)], true)).toBe(true);
    expect(partsSettle(1_014_741, [part('CONFIRMED', 500_000), part('PENDING', 100)], true)).toBe(false);
    expect(partsSettle(1_014_741, [part('REFUSED', 500_000)], true)).toBe(false);
    expect(partsSettle(1_014_741, [], true)).toBe(false);
  });

  it('any other order: the confirmed parts pay the total, to the cent', () => {
    expect(partsSettle(1_014_741, [part('CONFIRMED', 500_000)], false)).toBe(false);
    expect(partsSettle(1_014_741, [part('CONFIRMED', 500_000), part('CONFIRMED', 514_741)], false)).toBe(true);
  });
});
