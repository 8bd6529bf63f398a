import { describe, expect, it } from 'vitest';
import { buildNfe } from '../nfe/nfe-builder';
import { SIMPLES, TEST_SIGNER, workedExample } from '../nfe/test-notes';
import { validateAgainstSchema } from '../nfe/xsd';
import { type OrderForNote, orderNoteParts } from '../notes/order-note';

/**
 * Issue 56 §4: a repair's labour leaves the goods note. The repair of the issue: a screen of R$ 350,00 and
 * R$ 120,00 of labour, R$ 470,00 paid at the counter; its NFC-e says the screen alone.
 */
function repairOrder(overrides: Partial<OrderForNote> = {}): OrderForNote {
  return {
    code: 'OS1-2AB',
    // 350,00 of parts + 120,00 of labour = 470,00
    totalCents: 47_000,
    shippingCents: 0,
    fastDeliveryTaxCents: 0,
    warrantyCents: 0,
    servicesCents: 12_000,
    discountCents: 0,
    deliveryType: 2,
    paymentMethod: 'CASH',
    customer: { document: '52998224725', name: 'Rita Reparo', email: null, walkIn: false, address: null },
    items: [
      {
        code: '200100',
        name: 'Tela iPhone 12',
        gtin: null,
        ncm: '85177990',
        cest: null,
        origin: 0,
        quantity: 1,
        unitPriceCents: 35_000,
        discountCents: 0,
        taxes: SIMPLES,
        imeis: [],
      },
    ],
    parts: [],
    instalments: [],
    ...overrides,
  };
}

const nfce = (order: OrderForNote) =>
  buildNfe(
    {
      ...workedExample(),
      model: 65,
      ...orderNoteParts(order, 65),
      insuranceCents: 0,
      csc: { id: '1', token: 'CSC-DE-TESTE' },
    },
    TEST_SIGNER,
  );

describe("a repair's goods note without its labour (issue 56 §4, decision 0085)", () => {
  it('R$ 470,00 = R$ 350,00 of parts on the NFC-e (no vOutro) and R$ 120,00 left for the NFS-e', async () => {
    const built = nfce(repairOrder());
    expect(built.totals).toMatchObject({ productsCents: 35_000, otherCents: 0, totalCents: 35_000 });
    expect(built.xml).toContain('<vOutro>0.00</vOutro>');
    expect(built.xml).toContain('<vNF>350.00</vNF>');
    // Paid R$ 470,00 in cash: the note's payment is its goods', R$ 350,00.
    expect(built.xml).toContain('<tPag>01</tPag><vPag>350.00</vPag>');
    expect(built.xml).not.toContain('470.00');
    expect((await validateAgainstSchema(built.xml, 'nfe_v4.00.xsd')).valid).toBe(true);
  });

  it('split payments: the first ones up to the goods, the one reaching it cut, the rest (the labour) left out', () => {
    const built = nfce(
      repairOrder({
        parts: [
          { method: 'PIX', amountCents: 30_000 },
          { method: 'CASH', amountCents: 17_000 },
        ],
      }),
    );
    // 300,00 of Pix and 50,00 of the 170,00 in cash reach the 350,00.
    expect(built.xml).toContain('<tPag>20</tPag><vPag>300.00</vPag>');
    expect(built.xml).toContain('<tPag>01</tPag><vPag>50.00</vPag>');
  });

  it('the figures must still close: parts that do not add up to the total less the labour are refused in words', () => {
    expect(() => orderNoteParts(repairOrder({ servicesCents: 10_000 }), 65)).toThrow(
      'Os valores do pedido OS1-2AB não fecham: itens, frete, garantia e desconto somam R$ 350,00 e o total é R$ 370,00.',
    );
  });
});
