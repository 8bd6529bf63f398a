import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { buildNfe } from './nfe-builder';
import type { ApproximateTaxRates, NfeInput } from './nfe-input';
import { NORMAL, phone, SIMPLES, TEST_SIGNER as signer, workedExample } from './test-notes';
import { validateAgainstSchema } from './xsd';

/**
 * The texts the law asks of a note (issue 55 §2, decision 0077), figures worked out by hand:
 * - Lei 12.741/2012 and Decreto 8.264/2014: the approximate taxes, per item (imposto/vTotTrib) and on the total
 *   (ICMSTot/vTotTrib), and the sentence in infCpl, from the IBPT table's rates (the federal rate by the origin).
 * - Resolução CGSN 140/2018 and LC 123/2006 art. 23: the Simples Nacional's statements and the CSOSN 101 credit.
 */
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const texts = (xml: string, tag: string) =>
  Array.from(parse(xml).getElementsByTagName(tag)).map((node) => node.textContent ?? '');
const infCpl = (xml: string) => texts(xml, 'infCpl')[0];

const ISSUER_STATEMENT = 'DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL.';
const NO_IPI_CREDIT = 'NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI.';
const SOURCE = { source: 'IBPT', key: '9oi7eW', version: '26.1.G' };

/** A phone's NCM row: 13,45 % national federal, 15,45 % imported federal, 18 % state, no municipal. */
const PHONE_RATES: ApproximateTaxRates = {
  nationalFederal: 134_500,
  importedFederal: 154_500,
  state: 180_000,
  municipal: 0,
};
/** A case's: 13,83 % national federal, 19,83 % imported, 18 % state, 2,5 % municipal (for the rounding). */
const CASE_RATES: ApproximateTaxRates = {
  nationalFederal: 138_300,
  importedFederal: 198_300,
  state: 180_000,
  municipal: 25_000,
};

/**
 * An NFC-e to a walk-in: an imported phone (origem 2) at R$ 1.000,00 and two national cases (origem 0) at R$ 29,90
 * (R$ 59,80), paid R$ 1.059,80 by Pix.
 */
function consumerSale(overrides: Partial<NfeInput> = {}): NfeInput {
  return workedExample({
    model: 65,
    recipient: null,
    freightCents: 0,
    freightMode: 9,
    items: [
      phone(1, { origin: 2, approximateTaxRates: PHONE_RATES }),
      phone(2, {
        code: 'CAPA-01',
        name: 'Capa de silicone',
        ncm: '39269090',
        cest: null,
        gtin: null,
        origin: 0,
        unitPriceCents: 2_990,
        imeis: [],
        approximateTaxRates: CASE_RATES,
      }),
    ],
    payments: [{ type: '17', amountCents: 105_980 }],
    csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
    approximateTaxesSource: SOURCE,
    ...overrides,
  });
}

describe('the approximate taxes (Lei 12.741/2012)', () => {
  it('per item and on the total, the federal rate by the origin, each part half up, the total their sum; schema-valid', async () => {
    const note = buildNfe(consumerSale(), signer);
    // The phone (imported, 15,45 %): federal 1.000,00 × 15,45 % = 154,50; state 18 % = 180,00; municipal 0 → 334,50.
    // The cases (national, 13,83 %) on R$ 59,80: federal 8,27034 → 8,27; state 10,764 → 10,76; municipal 2,5 % =
    // 1,495 → 1,50 (half up) → 20,53. The note's: 334,50 + 20,53 = 355,03.
    expect(texts(note.xml, 'vTotTrib')).toEqual(['334.50', '20.53', '355.03']);
    // Federal 154,50 + 8,27 = 162,77; state 180,00 + 10,76 = 190,76; municipal 1,50: 355,03 again.
    expect(note.totals.approximate).toEqual({
      federalCents: 16_277,
      stateCents: 19_076,
      municipalCents: 150,
      totalCents: 35_503,
    });
    expect(infCpl(note.xml)).toBe(
      `${ISSUER_STATEMENT} ${NO_IPI_CREDIT} Pedido AB1-2CD. Valor aproximado dos tributos: R$ 355,03 (Federal R$ 162,77, Estadual R$ 190,76, Municipal R$ 1,50) Fonte: IBPT chave 9oi7eW (Lei Federal 12.741/2012).`,
    );
    // vTotTrib is imposto's first child, and the total's after vNF: the official schema says where.
    const imposto = parse(note.xml).getElementsByTagName('imposto')[0];
    expect(imposto?.firstChild?.nodeName).toBe('vTotTrib');
    expect((await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd')).problems).toEqual([]);
  });

  it('a national phone takes the national federal rate: R$ 1.000,00 × 13,45 % = 134,50, + 180,00 = 314,50', () => {
    const note = buildNfe(
      consumerSale({
        items: [phone(1, { origin: 0, approximateTaxRates: PHONE_RATES })],
        payments: [{ type: '17', amountCents: 100_000 }],
      }),
      signer,
    );
    expect(texts(note.xml, 'vTotTrib')).toEqual(['314.50', '314.50']);
  });

  it("on the item's operation value: R$ 1.000,00 less R$ 100,00 of discount plus R$ 20,00 of warranty = 920,00", () => {
    // Federal 920,00 × 15,45 % = 142,14; state 18 % = 165,60 → 307,74.
    const note = buildNfe(
      consumerSale({
        items: [phone(1, { origin: 2, approximateTaxRates: PHONE_RATES })],
        discountCents: 10_000,
        otherCents: 2_000,
        payments: [{ type: '17', amountCents: 92_000 }],
      }),
      signer,
    );
    expect(texts(note.xml, 'vTotTrib')).toEqual(['307.74', '307.74']);
  });

  it('an item without its IBPT row: no vTotTrib anywhere and no sentence (nothing false)', () => {
    const sale = consumerSale();
    const items = sale.items.map((item, i) => (i === 1 ? { ...item, approximateTaxRates: null } : item));
    const note = buildNfe({ ...sale, items }, signer);
    expect(texts(note.xml, 'vTotTrib')).toEqual([]);
    expect(infCpl(note.xml)).toBe(`${ISSUER_STATEMENT} ${NO_IPI_CREDIT} Pedido AB1-2CD.`);
  });

  it('no table (no source): none either', () => {
    const note = buildNfe(consumerSale({ approximateTaxesSource: null }), signer);
    expect(texts(note.xml, 'vTotTrib')).toEqual([]);
    expect(infCpl(note.xml)).not.toContain('Valor aproximado');
  });

  it('an NF-e to a taxpayer company for resale (indFinal 0): none; to a consumer with a CPF: written', () => {
    const rated = [phone(2, { approximateTaxRates: PHONE_RATES })];
    const company = buildNfe(workedExample({ items: rated, approximateTaxesSource: SOURCE }), signer);
    expect(texts(company.xml, 'indFinal')).toEqual(['0']);
    expect(texts(company.xml, 'vTotTrib')).toEqual([]);
    const person = buildNfe(
      workedExample({
        items: rated,
        approximateTaxesSource: SOURCE,
        recipient: {
          ...(workedExample().recipient as NonNullable<NfeInput['recipient']>),
          document: '52998224725',
          ie: null,
        },
      }),
      signer,
    );
    // Two national phones: (2.000,00 + 30,00 of freight) × 13,45 % = 273,035 → 273,04; × 18 % = 365,40 → 638,44.
    expect(texts(person.xml, 'vTotTrib')).toEqual(['638.44', '638.44']);
  });
});

describe('the Simples Nacional statements (Resolução CGSN 140/2018; LC 123/2006 art. 23)', () => {
  it('CRT 1: the two statements first in infCpl, once each', () => {
    const note = buildNfe(workedExample(), signer);
    expect(infCpl(note.xml)).toBe(`${ISSUER_STATEMENT} ${NO_IPI_CREDIT} Pedido AB1-2CD.`);
  });

  it('CRT 4 (MEI, an ME optante too): the same two', () => {
    const note = buildNfe(workedExample({ issuer: { ...workedExample().issuer, crt: 4 } }), signer);
    expect(infCpl(note.xml)).toBe(`${ISSUER_STATEMENT} ${NO_IPI_CREDIT} Pedido AB1-2CD.`);
  });

  it('CRT 3 (Regime Normal) and CRT 2 (sublimite exceeded): none', () => {
    const normal = buildNfe(
      workedExample({ issuer: { ...workedExample().issuer, crt: 3 }, items: [phone(2, { taxes: NORMAL })] }),
      signer,
    );
    expect(infCpl(normal.xml)).toBe('Pedido AB1-2CD.');
    const excess = buildNfe(workedExample({ issuer: { ...workedExample().issuer, crt: 2 } }), signer);
    expect(infCpl(excess.xml)).toBe('Pedido AB1-2CD.');
  });

  it('a statement the note already says is not said twice', () => {
    const note = buildNfe(workedExample({ additionalInfo: `${ISSUER_STATEMENT} Pedido AB1-2CD.` }), signer);
    expect(infCpl(note.xml)).toBe(`${NO_IPI_CREDIT} ${ISSUER_STATEMENT} Pedido AB1-2CD.`);
    expect(infCpl(note.xml)?.split(ISSUER_STATEMENT)).toHaveLength(2);
  });

  it('CSOSN 101 at 1,25 %: each item its vCredICMSSN, the sentence with their sum and the rate', () => {
    const credit = { ...SIMPLES, icms: { kind: 'CSOSN' as const, code: '101' as const, creditRate: 12_500 } };
    const note = buildNfe(
      workedExample({
        items: [
          phone(2, { taxes: credit }),
          phone(3, {
            code: 'CAPA-01',
            name: 'Capa de silicone',
            ncm: '39269090',
            cest: null,
            unitPriceCents: 4_990,
            imeis: [],
            taxes: credit,
          }),
        ],
        payments: [{ type: '17', amountCents: 217_970 }],
      }),
      signer,
    );
    // R$ 30,00 of freight by value (2.000,00 and 149,70 of 2.149,70), rounded down, the rest on the last:
    // 3.000 × 200.000 / 214.970 = 2.791,08 → 27,91 on the phones, 2,09 on the cases.
    expect(texts(note.xml, 'vFrete')).toEqual(['27.91', '2.09', '30.00']);
    // Phones: 2.027,91 × 1,25 % = 25,348875 → 25,35; cases: 151,79 × 1,25 % = 1,897375 → 1,90. Sum 27,25.
    expect(texts(note.xml, 'pCredSN')).toEqual(['1.2500', '1.2500']);
    expect(texts(note.xml, 'vCredICMSSN')).toEqual(['25.35', '1.90']);
    expect(infCpl(note.xml)).toBe(
      `${ISSUER_STATEMENT} ${NO_IPI_CREDIT} PERMITE O APROVEITAMENTO DO CRÉDITO DE ICMS NO VALOR DE R$ 27,25; CORRESPONDENTE À ALÍQUOTA DE 1,25%, NOS TERMOS DO ART. 23 DA LEI COMPLEMENTAR Nº 123, DE 2006. Pedido AB1-2CD.`,
    );
  });

  it('in homologação the statements are written once, as in produção', () => {
    const note = buildNfe(workedExample({ environment: 2 }), signer);
    expect(infCpl(note.xml)).toBe(`${ISSUER_STATEMENT} ${NO_IPI_CREDIT} Pedido AB1-2CD.`);
  });
});
