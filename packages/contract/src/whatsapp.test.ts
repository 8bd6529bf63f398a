import { describe, expect, it } from 'vitest';
import { ORDER_STAGE_STATUSES, ORDER_STAGES, ORDER_STATUS_KEYS, ORDER_STATUS_LABELS, orderStageOf } from './index';
import { quoteWhatsAppMessage, quoteWhatsAppValues } from './quotes';
import {
  CUSTOMER_STATUS_PHRASES,
  DEFAULT_QUOTE_WHATSAPP_TEMPLATE,
  DEFAULT_WHATSAPP_TEMPLATES,
  fillWhatsAppMessage,
  QUOTE_WHATSAPP_PLACEHOLDERS,
  whatsAppLink,
  whatsAppPhone,
  whatsAppTemplateError,
  whatsAppValues,
} from './whatsapp';

describe('whatsAppPhone', () => {
  it.each([
    ['(11) 98765-4321', '5511987654321'],
    ['+55 21 3456-7890', '552134567890'],
    ['5511987654321', '5511987654321'],
    ['11 98765 4321', '5511987654321'],
  ])('%s → %s', (phone, expected) => expect(whatsAppPhone(phone)).toBe(expected));

  it.each([['98765-4321'], ['(11) 88765-4321'], ['(01) 98765-4321'], [''], [null], ['+1 415 555 0100']])(
    '%s is no Brazilian phone',
    (phone) => expect(whatsAppPhone(phone)).toBeNull(),
  );
});

describe('the message', () => {
  const order = {
    customer: 'José Araújo',
    code: 'K7M-4QP',
    statusKey: 4,
    total: 1234.56,
    deliverer: 'Carlos Motoboy',
    // 17:05 UTC is 14:05 in São Paulo
    departedAt: '2026-03-10T17:05:00.000Z',
    pix: null,
  };

  it('fills an out-for-delivery order with its courier and departure time', () => {
    expect(fillWhatsAppMessage(DEFAULT_WHATSAPP_TEMPLATES[4], whatsAppValues(order))).toBe(
      'Olá, José Araújo! Seu pedido saiu para entrega.\n' +
        'Pedido K7M-4QP · Total: R$ 1.234,56.\n' +
        'O motoboy Carlos Motoboy saiu com ele em 10/03/2026 14:05.',
    );
  });

  it('carries the Pix copia e cola while unpaid, and leaves its line out when there is none', () => {
    const unpaid = { ...order, statusKey: 10, total: 89.9, deliverer: null, departedAt: null, pix: '000201PIX' };
    expect(fillWhatsAppMessage(DEFAULT_WHATSAPP_TEMPLATES[10], whatsAppValues(unpaid))).toBe(
      'Olá, José Araújo! Seu pedido está aguardando o pagamento.\n' +
        'Pedido K7M-4QP · Total: R$ 89,90.\n' +
        'Para pagar por Pix, copie e cole o código abaixo no app do seu banco:\n000201PIX',
    );
    expect(fillWhatsAppMessage('Pedido {codigo}\nPix: {pix}', whatsAppValues({ ...unpaid, pix: null }))).toBe(
      'Pedido K7M-4QP',
    );
  });

  it("speaks the customer's words for every status, never the shop's status names (issue 35 §8)", () => {
    const stocker = { ...order, statusKey: 1, deliverer: null, departedAt: null };
    expect(fillWhatsAppMessage(DEFAULT_WHATSAPP_TEMPLATES[1], whatsAppValues(stocker))).toBe(
      'Olá, José Araújo! Seu pedido está sendo separado.\nPedido K7M-4QP · Total: R$ 1.234,56.',
    );
    for (const key of ORDER_STATUS_KEYS) {
      const message = fillWhatsAppMessage(
        DEFAULT_WHATSAPP_TEMPLATES[key],
        whatsAppValues({ ...order, statusKey: key }),
      );
      expect(message).toContain(CUSTOMER_STATUS_PHRASES[key]);
      for (const label of Object.values(ORDER_STATUS_LABELS)) expect(message).not.toContain(`"${label}"`);
      expect(message).not.toContain(ORDER_STATUS_LABELS[key]);
    }
  });

  it('builds the wa.me link with the message encoded, none without a valid phone', () => {
    expect(whatsAppLink('(11) 98765-4321', 'Olá, José! R$ 10,00')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1%2C%20Jos%C3%A9!%20R%24%2010%2C00',
    );
    expect(whatsAppLink('123', 'x')).toBeNull();
  });
});

describe('whatsAppTemplateError', () => {
  it('accepts the shipped templates and refuses unknown placeholders in Portuguese', () => {
    for (const template of Object.values(DEFAULT_WHATSAPP_TEMPLATES))
      expect(whatsAppTemplateError(template)).toBeNull();
    expect(whatsAppTemplateError('Pedido {codigo} de {nome}')).toBe(
      'Marcador desconhecido: {nome}. Use apenas {cliente}, {codigo}, {situacao}, {status}, {total}, {pix}, {entregador}, {saida}.',
    );
    expect(whatsAppTemplateError('   ')).toBe('Escreva a mensagem.');
  });
});

describe('order stages', () => {
  it('put every status in exactly one stage', () => {
    const all = ORDER_STAGES.flatMap((stage) => ORDER_STAGE_STATUSES[stage]).sort((a, b) => a - b);
    expect(all).toEqual([...ORDER_STATUS_KEYS].sort((a, b) => a - b));
    expect(orderStageOf(11)).toBe('pagamento');
    expect(orderStageOf(16)).toBe('entrega');
    expect(orderStageOf(12)).toBe('cancelados');
  });
});

describe("the quotes' message (decision 0043)", () => {
  // 2 × Capa at R$ 129,90 with R$ 18,19 off = R$ 241,61; freight R$ 15,00 + fast delivery R$ 5,00 = R$ 20,00.
  const quote = {
    id: 42,
    customerName: 'Joana',
    items: [
      {
        productId: 1,
        code: 'C1',
        name: 'Capa',
        quantity: 2,
        unitPrice: 129.9,
        totalPrice: 259.8,
        discount: 18.19,
      },
    ],
    total: 261.61,
    validUntil: '2026-12-02',
    shipping: 15,
    fastDeliveryTax: 5,
    warranty: 0,
  };

  it('the default writes the text the quotes always sent: no warranty, no warranty line', () => {
    expect(quoteWhatsAppMessage(quote, null)).toBe(
      [
        'Olá, Joana! Segue o orçamento nº 42:',
        '• 2 × Capa: R$ 241,61',
        'Entrega: R$ 20,00',
        'Total: R$ 261,61',
        'Preços válidos até 02/12/2026.',
      ].join('\n'),
    );
    expect(quoteWhatsAppMessage({ ...quote, shipping: 0, fastDeliveryTax: 0 }, null)).not.toContain('Entrega');
  });

  it('an edited one is filled by the same rule, with the shop; an order placeholder is refused with the quotes list', () => {
    expect(quoteWhatsAppMessage(quote, 'Loja X', '{cliente}: nº {numero} da {loja}, {total} até {validade}')).toBe(
      'Joana: nº 42 da Loja X, R$ 261,61 até 02/12/2026',
    );
    expect(whatsAppTemplateError('Seu {numero}', QUOTE_WHATSAPP_PLACEHOLDERS)).toBeNull();
    expect(whatsAppTemplateError('Pedido {codigo}', QUOTE_WHATSAPP_PLACEHOLDERS)).toBe(
      'Marcador desconhecido: {codigo}. Use apenas {cliente}, {numero}, {loja}, {itens}, {entrega}, {garantia}, {total}, {validade}.',
    );
    // The order statuses' messages still know theirs only.
    expect(whatsAppTemplateError('Orçamento {numero}')).toContain('Marcador desconhecido: {numero}.');
    expect(fillWhatsAppMessage(DEFAULT_QUOTE_WHATSAPP_TEMPLATE, quoteWhatsAppValues(quote, null))).toBe(
      quoteWhatsAppMessage(quote, null),
    );
  });
});
