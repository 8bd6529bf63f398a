import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { testImei } from '../../../lib/nfe/test-imei';
import { buildNfe, substitutionOf } from './nfe-builder';
import type { ItemTaxes, NfeInput } from './nfe-input';
import { phone, SP_ADDRESS, TEST_SIGNER as signer, workedExample } from './test-notes';
import { validateAgainstSchema } from './xsd';

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const texts = (xml: string, tag: string) =>
  Array.from(parse(xml).getElementsByTagName(tag)).map((node) => node.textContent ?? '');
const text = (xml: string, tag: string) => texts(xml, tag)[0];
/** cobr/fat's vOrig, vDesc and vLiq (its vDesc the last, after ICMSTot's). */
const invoice = (xml: string) => ['vOrig', 'vDesc', 'vLiq'].map((tag) => texts(xml, tag).at(-1));

/** A wholesaler's profile: ICMS 18 %, PIS and COFINS not taxed (CST 04). */
const WHOLESALE: ItemTaxes = {
  cfopInState: '5102',
  cfopOutState: '6102',
  icms: { kind: 'CST', code: '00', rate: 180_000 },
  pis: { cst: '04', rate: 0 },
  cofins: { cst: '04', rate: 0 },
};

/** A supplier of the Regime Normal in SP selling to a shop in SP (a taxpayer buying for resale). */
function supplierNote(overrides: Partial<NfeInput>): NfeInput {
  const base = workedExample();
  return workedExample({
    issuer: { ...base.issuer, crt: 3 },
    recipient: { ...(base.recipient as NonNullable<NfeInput['recipient']>), address: SP_ADDRESS },
    freightCents: 0,
    ...overrides,
  });
}

describe("what a supplier's note carries besides the shop's (the tests' and the demo's notes, purchases/nfe/sample-nfe.ts)", () => {
  it("ICMS-ST by MVA and IPI on the item's own charges, the batches, the taxable unit's GTIN, worked by hand", async () => {
    const charger = phone(4, {
      code: 'CARR-65W',
      name: 'Carregador 65W',
      unitPriceCents: 25_000,
      imeis: [],
      insuranceCents: 250,
      otherCents: 500,
      discountCents: 2_000,
      taxes: {
        ...WHOLESALE,
        icms: { kind: 'CST', code: '10', rate: 180_000, st: { mva: 400_000, rate: 180_000 } },
        ipi: { rate: 150_000 },
      },
    });
    const phones = phone(2, {
      gtin: null,
      taxableGtin: '7891234567895',
      unitPriceCents: 150_000,
      freightCents: 1_234,
      additionalInfo: 'Garantia do fabricante: 12 meses.',
      batches: [{ number: 'L2026-10', quantity: 2, madeOn: '2026-10-01', validUntil: '2036-10-01' }],
      taxes: WHOLESALE,
    });
    // The charger: 4 × 250,00 = 1.000,00 + 2,50 + 5,00 − 20,00 = 987,50. IPI 15 % = 148,125 → 148,13. ICMS 18 % =
    // 177,75. ST base (987,50 + 148,13) × 1,40 = 1.589,882 → 1.589,88; × 18 % = 286,178 → 286,18 − 177,75 = 108,43.
    // The phones: 2 × 1.500,00 + 12,34 = 3.012,34; ICMS 18 % = 542,2212 → 542,22.
    // vNF = 4.000,00 − 20,00 + 108,43 + 12,34 + 2,50 + 5,00 + 148,13 = 4.256,40.
    const note = buildNfe(
      supplierNote({ items: [charger, phones], payments: [{ type: '15', amountCents: 425_640 }] }),
      signer,
    );
    expect(texts(note.xml, 'vIPI')).toEqual(['148.13', '148.13']);
    expect(texts(note.xml, 'vICMS')).toEqual(['177.75', '542.22', '719.97']);
    expect(texts(note.xml, 'vBCST')).toEqual(['1589.88', '1589.88']);
    expect(texts(note.xml, 'vICMSST')).toEqual(['108.43']);
    expect(text(note.xml, 'vST')).toBe('108.43');
    expect(texts(note.xml, 'vSeg')).toEqual(['2.50', '2.50']);
    expect(texts(note.xml, 'vFrete')).toEqual(['12.34', '12.34']);
    expect(text(note.xml, 'vNF')).toBe('4256.40');
    expect(note.totals).toMatchObject({ ipiCents: 14_813, stBaseCents: 158_988, stCents: 10_843, totalCents: 425_640 });
    expect(substitutionOf(113_563, 17_775, { mva: 400_000, rate: 180_000 })).toEqual({
      baseCents: 158_988,
      cents: 10_843,
    });
    expect(texts(note.xml, 'cEAN')).toEqual(['7891234567895', 'SEM GTIN']);
    expect(texts(note.xml, 'cEANTrib')).toEqual(['7891234567895', '7891234567895']);
    expect(texts(note.xml, 'nLote')).toEqual(['L2026-10']);
    expect(texts(note.xml, 'infAdProd')).toEqual([
      `Garantia do fabricante: 12 meses. IMEI: ${testImei(1)}; ${testImei(2)}`,
    ]);
    expect(await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd')).toEqual({ valid: true, problems: [] });
  });

  it("the IPI is in a consumer's ICMS base, not in a reseller's (CF art. 155 §2 XI)", () => {
    const item = phone(1, { unitPriceCents: 10_000, imeis: [], taxes: { ...WHOLESALE, ipi: { rate: 100_000 } } });
    const payments = [{ type: '15' as const, amountCents: 11_000 }];
    // 100,00 + IPI 10 % = 10,00: the reseller's ICMS 18 % of 100,00 = 18,00; the consumer's of 110,00 = 19,80.
    const reseller = buildNfe(supplierNote({ items: [item], payments }), signer);
    expect([text(reseller.xml, 'vICMS'), text(reseller.xml, 'vNF')]).toEqual(['18.00', '110.00']);
    const consumer = buildNfe(
      supplierNote({
        items: [item],
        payments,
        recipient: { document: '52998224725', name: 'Maria Consumidora', address: SP_ADDRESS },
      }),
      signer,
    );
    expect([text(consumer.xml, 'vICMS'), text(consumer.xml, 'vNF')]).toEqual(['19.80', '110.00']);
  });

  it('an issuer with a CPF (a rural producer): emit/CPF, and 000 + the CPF in the key', async () => {
    const base = workedExample();
    const note = buildNfe(workedExample({ issuer: { ...base.issuer, cnpj: '12345678909' } }), signer);
    expect(text(note.xml, 'CPF')).toBe('12345678909');
    expect(note.accessKey.slice(6, 20)).toBe('00012345678909');
    expect(await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd')).toEqual({ valid: true, problems: [] });
  });

  it('instalments that charge other than the total, with the reason the note gives: the invoice says what they charge', async () => {
    // The worked example's total is 2.030,00: a FUNRURAL of 30,00 withheld, two instalments of 1.000,00.
    const withheld = [
      { number: '001', dueDate: '2026-12-26', amountCents: 100_000 },
      { number: '002', dueDate: '2027-01-25', amountCents: 100_000 },
    ];
    expect(() => buildNfe(workedExample({ instalments: withheld }), signer)).toThrow(
      'As parcelas não somam o total da nota.',
    );
    const less = buildNfe(
      workedExample({ instalments: withheld, instalmentsDifference: 'FUNRURAL retido: R$ 30,00.' }),
      signer,
    );
    expect(invoice(less.xml)).toEqual(['2030.00', '30.00', '2000.00']);
    // A Simples Nacional issuer: the statements of Resolução CGSN 140/2018 first (issue 55 §2).
    expect(text(less.xml, 'infCpl')).toBe(
      'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL. NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI. Pedido AB1-2CD. FUNRURAL retido: R$ 30,00.',
    );
    expect(await validateAgainstSchema(less.xml, 'nfe_v4.00.xsd')).toEqual({ valid: true, problems: [] });
    // Two of 1.100,00 (the ICMS the supplier anticipates, charged in the boleto): the invoice is theirs, 2.200,00.
    const more = buildNfe(
      workedExample({
        instalments: withheld.map((dup) => ({ ...dup, amountCents: 110_000 })),
        instalmentsDifference: 'ICMS antecipado cobrado no boleto.',
      }),
      signer,
    );
    expect(invoice(more.xml)).toEqual(['2200.00', '0.00', '2200.00']);
    expect(text(more.xml, 'vNF')).toBe('2030.00');
  });

  it('refuses the batches of an item its IMEIs split into several', () => {
    const imeis = Array.from({ length: 40 }, (_, i) => [testImei(2 * i), testImei(2 * i + 1)]);
    const batches = [{ number: 'L1', quantity: 40, madeOn: '2026-10-01', validUntil: '2036-10-01' }];
    expect(() =>
      buildNfe(
        workedExample({
          items: [phone(40, { imeis, batches })],
          freightCents: 0,
          payments: [{ type: '17', amountCents: 4_000_000 }],
        }),
        signer,
      ),
    ).toThrow('O item 100245 tem lotes (rastro) e IMEIs demais para um item só.');
  });
});
