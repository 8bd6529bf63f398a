import { describe, expect, it } from 'vitest';
import { testImei } from '../../../../lib/nfe/test-imei';
import { type OrderForNote, orderNoteParts } from '../../notes/order-note';
import { buildNfe } from '../nfe-builder';
import type { NfeCarrier, NfeInput } from '../nfe-input';
import { SIMPLES, SP_ADDRESS, TEST_SIGNER, workedExample } from '../test-notes';
import { validateAgainstSchema } from '../xsd';
import { breachesOf } from '.';

/**
 * Issue 55 §2, decision 0076: a consumer's delivered sale. An NFC-e with freight is rejection 753 unless it is a home
 * delivery (indPres 4), which names its carrier (786), its recipient (787) and the recipient's address (788).
 */
const SHOP: NfeCarrier = {
  document: '11222333000181',
  name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA',
  ie: '111222333444',
  address: { street: 'Rua Vinte e Cinco de Março, 1000', city: 'São Paulo', uf: 'SP' },
};
const CONSUMER = { document: '52998224725', name: 'Maria da Silva', ie: null, email: null };

/** An NFC-e of one phone of R$ 1.000,00 and R$ 15,00 of freight in homologação. */
function nfce(overrides: Partial<NfeInput>): NfeInput {
  return workedExample({
    model: 65,
    environment: 2,
    recipient: null,
    freightCents: 1_500,
    freightMode: 0,
    items: [workedExample().items[0]].map((item) => ({
      ...item,
      quantity: 1,
      imeis: [[testImei(1)]],
    })) as NfeInput['items'],
    payments: [{ type: '20', amountCents: 101_500 }],
    csc: { id: '1', token: 'CSC-DE-TESTE-0123456789' },
    ...overrides,
  });
}
const codes = (input: NfeInput) => breachesOf(buildNfe(input, TEST_SIGNER).xml).map((breach) => breach.code);

/** A consumer's order: one phone of R$ 1.000,00 by Pix, delivered (R$ 15,00) or picked up at the counter. */
function order(deliveryType: 1 | 2, customer: Partial<OrderForNote['customer']> = {}): OrderForNote {
  const shippingCents = deliveryType === 1 ? 1_500 : 0;
  return {
    code: 'AB1-2CD',
    totalCents: 100_000 + shippingCents,
    shippingCents,
    fastDeliveryTaxCents: 0,
    warrantyCents: 0,
    discountCents: 0,
    deliveryType,
    paymentMethod: 'PIX',
    customer: { ...CONSUMER, walkIn: false, stateRegistration: null, address: SP_ADDRESS, ...customer },
    items: [
      {
        code: '100245',
        name: 'Smartphone Galaxy A55 128 GB',
        gtin: '7891234567895',
        ncm: '85171300',
        cest: '2106400',
        origin: 0,
        quantity: 1,
        unitPriceCents: 100_000,
        discountCents: 0,
        taxes: SIMPLES,
        imeis: [[testImei(1)]],
      },
    ],
    parts: [],
    instalments: [],
  };
}

const noteOf = (o: OrderForNote, model: 55 | 65) =>
  buildNfe(
    {
      ...workedExample({ environment: 2, csc: { id: '1', token: 'CSC-DE-TESTE-0123456789' } }),
      ...orderNoteParts(o, model, SHOP),
      model,
      insuranceCents: 0,
    },
    TEST_SIGNER,
  ).xml;

describe("a consumer's delivered sale (issue 55 §2, decision 0076: rules 753, 786, 787, 788)", () => {
  it('refuses crafted NFC-e: freight at the counter (753), a home delivery without carrier, CPF or address', () => {
    expect(breachesOf(buildNfe(nfce({}), TEST_SIGNER).xml)).toEqual([
      {
        code: 753,
        reason: 'Rejeição: NFC-e com Frete',
        message:
          'Uma NFC-e com frete só é aceita como entrega a domicílio; emita a venda entregue como NF-e (modelo 55) ou como NFC-e de entrega.',
      },
    ]);
    const home = { presence: 4 as const, carrier: SHOP, recipient: { ...CONSUMER, address: SP_ADDRESS } };
    expect(codes(nfce(home))).toEqual([]);
    expect(codes(nfce({ ...home, carrier: null }))).toEqual([786]);
    expect(codes(nfce({ ...home, recipient: null }))).toEqual([787, 788]);
    expect(codes(nfce({ ...home, recipient: CONSUMER }))).toEqual([788]);
    // At the counter: no freight (modFrete 9), indPres 1.
    expect(codes(nfce({ freightCents: 0, freightMode: 9, payments: [{ type: '20', amountCents: 100_000 }] }))).toEqual(
      [],
    );
  });

  it('our notes from valid orders: the counter an NFC-e without freight, the delivery an NF-e by default', async () => {
    const counter = noteOf(order(2), 65);
    expect(counter).toContain('<indPres>1</indPres>');
    expect(counter).toContain('<transp><modFrete>9</modFrete></transp>');
    expect(breachesOf(counter)).toEqual([]);
    const delivered = noteOf(order(1), 55);
    expect(delivered).toContain('<mod>55</mod>');
    expect(delivered).toContain('<vFrete>15.00</vFrete>');
    expect(delivered).toContain('<modFrete>0</modFrete>');
    expect(breachesOf(delivered)).toEqual([]);
    expect((await validateAgainstSchema(delivered, 'nfe_v4.00.xsd')).valid).toBe(true);
  });

  it('a delivered order put on an NFC-e is a home delivery: indPres 4, the shop as carrier, the CPF and address', async () => {
    const xml = noteOf(order(1), 65);
    expect(xml).toContain('<indPres>4</indPres>');
    expect(xml).toContain(
      '<transp><modFrete>0</modFrete><transporta><CNPJ>11222333000181</CNPJ><xNome>DISTRIBUIDORA MODELO DE CELULARES LTDA</xNome><IE>111222333444</IE><xEnder>Rua Vinte e Cinco de Março, 1000</xEnder><xMun>São Paulo</xMun><UF>SP</UF></transporta></transp>',
    );
    expect(xml).toMatch(/<dest><CPF>52998224725<\/CPF><xNome>[^<]+<\/xNome><enderDest>/);
    expect((await validateAgainstSchema(xml, 'nfe_v4.00.xsd')).valid).toBe(true);
    expect(breachesOf(xml)).toEqual([]);
    // A walk-in or a customer without address cannot have one: said before the note is built.
    expect(() => orderNoteParts(order(1, { walkIn: true, address: null }), 65, SHOP)).toThrow(
      'O pedido AB1-2CD foi entregue: a NFC-e de entrega a domicílio precisa do cliente identificado (CPF) e do seu endereço.',
    );
    expect(() => orderNoteParts(order(1, { address: null }), 65, SHOP)).toThrow(
      'O cliente Maria da Silva não tem endereço completo para a NFC-e de entrega a domicílio do pedido AB1-2CD.',
    );
  });

  it('the intermediary indicator: only away from the shop (indPres 2, 3, 4, 9), refused at the counter (434, 435)', () => {
    const counter = noteOf(order(2), 65);
    expect(counter).not.toContain('indIntermed');
    const delivered = noteOf(order(1), 55);
    expect(delivered).toContain('<indPres>3</indPres><indIntermed>0</indIntermed>');
    expect(noteOf(order(1), 65)).toContain('<indPres>4</indPres><indIntermed>0</indIntermed>');
    expect(
      breachesOf(counter.replace('<indPres>1</indPres>', '<indPres>1</indPres><indIntermed>0</indIntermed>')),
    ).toEqual([
      {
        code: 435,
        reason: 'Rejeição: NF-e não pode ter o indicativo do intermediador',
        message: 'Com indicador de presença 1, o indicador de intermediador (indIntermed) não pode ser informado.',
      },
    ]);
    expect(breachesOf(delivered.replace('<indIntermed>0</indIntermed>', '')).map((breach) => breach.code)).toEqual([
      434,
    ]);
  });
});
