import { describe, expect, it } from 'vitest';
import { testImei } from '../../../lib/nfe/test-imei';
import { buildNfe } from '../nfe/nfe-builder';
import { RJ_ADDRESS, SIMPLES, SP_ADDRESS, TEST_SIGNER, workedExample } from '../nfe/test-notes';
import { validateAgainstSchema } from '../nfe/xsd';
import { defaultModel, type OrderForNote, OrderNoteError, orderNoteParts } from './order-note';

/** Two phones at R$ 1.000,00 (one with R$ 50,00 off), R$ 30,00 of freight, R$ 199,00 of warranty, R$ 20,00 off. */
function order(overrides: Partial<OrderForNote> = {}): OrderForNote {
  return {
    code: 'AB1-2CD',
    // 2 × 1.000,00 − 50,00 + 30,00 + 199,00 − 20,00 = 2.159,00
    totalCents: 215_900,
    shippingCents: 3_000,
    fastDeliveryTaxCents: 0,
    warrantyCents: 19_900,
    discountCents: 2_000,
    deliveryType: 1,
    paymentMethod: 'PIX',
    customer: {
      document: '44555666000181',
      name: 'Loja de Celulares Carioca Ltda',
      email: 'compras@carioca.example.com',
      walkIn: false,
      stateRegistration: '86123456',
      address: RJ_ADDRESS,
    },
    items: [
      {
        code: '100245',
        name: 'Smartphone Galaxy A55 128 GB',
        gtin: '7891234567895',
        ncm: '85171300',
        cest: '2106400',
        origin: 0,
        quantity: 2,
        unitPriceCents: 100_000,
        discountCents: 5_000,
        taxes: SIMPLES,
        imeis: [[testImei(1)], [testImei(2), testImei(3)]],
      },
    ],
    parts: [],
    instalments: [],
    ...overrides,
  };
}

const note = (o: OrderForNote, model: 55 | 65) => {
  const parts = orderNoteParts(o, model);
  return buildNfe(
    {
      ...workedExample(),
      model,
      ...parts,
      insuranceCents: 0,
      csc: model === 65 ? { id: '1', token: 'CSC-DE-TESTE' } : null,
    },
    TEST_SIGNER,
  );
};

describe("an order's note (issue 41 §2)", () => {
  it('NF-e for a company, another state or a delivered consumer; NFC-e for a consumer at the counter or a walk-in', () => {
    expect(defaultModel(order(), 'SP')).toBe(55);
    const consumer = { ...order().customer, document: '52998224725', stateRegistration: null };
    // Decision 0076: delivered by the courier, the NF-e (freight on an NFC-e is rejection 753); at the counter, NFC-e.
    expect(defaultModel(order({ customer: { ...consumer, address: SP_ADDRESS } }), 'SP')).toBe(55);
    expect(defaultModel(order({ deliveryType: 2, customer: { ...consumer, address: SP_ADDRESS } }), 'SP')).toBe(65);
    expect(defaultModel(order({ customer: { ...consumer, address: RJ_ADDRESS } }), 'SP')).toBe(55);
    expect(defaultModel(order({ customer: { ...consumer, walkIn: true, address: null } }), 'SP')).toBe(65);
  });

  it("carries the order's figures: freight, warranty as other charges, both discounts; vNF is the order's total", async () => {
    const built = note(order(), 55);
    expect(built.totals).toMatchObject({
      productsCents: 200_000,
      freightCents: 3_000,
      otherCents: 19_900,
      // The item's own R$ 50,00 and the order's R$ 20,00.
      discountCents: 7_000,
      totalCents: 215_900,
    });
    expect(built.xml).toContain(`<infAdProd>IMEI: ${testImei(1)}; ${testImei(2)} / ${testImei(3)}</infAdProd>`);
    // The order's Pix, paid to the shop's static BR Code: 'PIX – Estático' (NT 2023.004).
    expect(built.xml).toContain('<tPag>20</tPag><vPag>2159.00</vPag>');
    expect(built.xml).toContain('<modFrete>0</modFrete>');
    expect((await validateAgainstSchema(built.xml, 'nfe_v4.00.xsd')).valid).toBe(true);
  });

  it('a sale on credit: crédito loja (05), deferred, its instalments as the duplicates', () => {
    const built = note(
      order({
        paymentMethod: 'CREDIT',
        instalments: [
          { seq: 1, dueDate: '2026-12-26', amountCents: 107_950 },
          { seq: 2, dueDate: '2027-01-25', amountCents: 107_950 },
        ],
      }),
      55,
    );
    expect(built.xml).toContain('<detPag><indPag>1</indPag><tPag>05</tPag><vPag>2159.00</vPag></detPag>');
    expect(built.xml).toContain('<dup><nDup>001</nDup><dVenc>2026-12-26</dVenc><vDup>1079.50</vDup></dup>');
    expect(built.xml).toContain('<dup><nDup>002</nDup><dVenc>2027-01-25</dVenc><vDup>1079.50</vDup></dup>');
  });

  it('split parts: a debit card with its brand and the rest in cash; an NFC-e at the counter', () => {
    const built = note(
      order({
        deliveryType: 2,
        shippingCents: 0,
        totalCents: 212_900,
        customer: { ...order().customer, document: '52998224725', stateRegistration: null, address: SP_ADDRESS },
        parts: [
          { method: 'CARD', amountCents: 112_900, cardKind: 'DEBIT', cardBrand: 'Elo', authorization: 'A1B2C3' },
          { method: 'CASH', amountCents: 100_000 },
        ],
      }),
      65,
    );
    expect(built.xml).toContain(
      '<detPag><indPag>0</indPag><tPag>04</tPag><vPag>1129.00</vPag><card><tpIntegra>2</tpIntegra><tBand>06</tBand><cAut>A1B2C3</cAut></card></detPag>',
    );
    expect(built.xml).toContain('<detPag><indPag>0</indPag><tPag>01</tPag><vPag>1000.00</vPag></detPag>');
    expect(built.xml).toContain('<modFrete>9</modFrete>');
  });

  it('says what is missing, in Portuguese', () => {
    const item = order().items[0] as OrderForNote['items'][number];
    expect(() => orderNoteParts(order({ items: [{ ...item, ncm: null }] }), 55)).toThrow(
      new OrderNoteError('O produto 100245 (Smartphone Galaxy A55 128 GB) não tem NCM.'),
    );
    expect(() => orderNoteParts(order({ items: [{ ...item, taxes: null }] }), 55)).toThrow(
      'O produto 100245 (Smartphone Galaxy A55 128 GB) não tem perfil fiscal, e a loja não tem um perfil padrão.',
    );
    expect(() => orderNoteParts(order({ totalCents: 215_901 }), 55)).toThrow(
      'Os valores do pedido AB1-2CD não fecham: itens, frete, garantia e desconto somam R$ 2.159,00 e o total é R$ 2.159,01.',
    );
    expect(() => orderNoteParts(order({ customer: { ...order().customer, address: null } }), 55)).toThrow(
      'O cliente Loja de Celulares Carioca Ltda não tem endereço completo para a NF-e.',
    );
  });

  it('takes a company with an alphanumeric CNPJ as any other (NT 2025.001, schemas PL_010c_V1.30: decision 0081)', () => {
    const parts = orderNoteParts(order({ customer: { ...order().customer, document: 'RKXEZ842000103' } }), 55);
    expect(parts.recipient?.document).toBe('RKXEZ842000103');
  });
});
