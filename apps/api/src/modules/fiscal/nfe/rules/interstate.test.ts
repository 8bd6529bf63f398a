import { describe, expect, it } from 'vitest';
import { interstateRate, STATE_ICMS_RATES } from '../icms-rates';
import { buildNfe } from '../nfe-builder';
import type { NfeInput } from '../nfe-input';
import { NORMAL, phone, RJ_ADDRESS, SP_ADDRESS, TEST_SIGNER, workedExample } from '../test-notes';
import { validateAgainstSchema } from '../xsd';
import { breachesOf } from '.';

/**
 * Issue 55 §2, interstate sales of the Regime Normal (CRT 3), figures worked by hand: one phone of R$ 1.000,00 from
 * a shop in São Paulo, no freight.
 * - To a consumer in Salvador (BA), not an ICMS taxpayer: SP is Southeast, BA Northeast → 7 % (Res. SF 13/2012 and
 *   22/1989): vICMS = 70,00. BA's internal rate 20,5 %, no general FCP: DIFAL = 1.000,00 × 20,5 % − 70,00 = 135,00.
 * - To a consumer in Rio de Janeiro: both Southeast → 12 %: vICMS 120,00; RJ 20 % + FCP 2 %: DIFAL = 200,00 −
 *   120,00 = 80,00, FCP = 20,00.
 * - An imported phone (origem 1) to Salvador: 4 %: vICMS 40,00; DIFAL = 205,00 − 40,00 = 165,00.
 */
const BA_ADDRESS = {
  street: 'Avenida Sete de Setembro',
  number: '200',
  district: 'Centro',
  cityCode: '2927408',
  cityName: 'Salvador',
  uf: 'BA',
  cep: '40060001',
};

function sale(recipient: Partial<NfeInput['recipient']> & object, overrides: Partial<NfeInput> = {}): NfeInput {
  return workedExample({
    issuer: { ...workedExample().issuer, crt: 3 },
    recipient: {
      document: '52998224725',
      name: 'Maria da Silva',
      ie: null,
      email: null,
      address: BA_ADDRESS,
      ...recipient,
    },
    items: [phone(1, { taxes: NORMAL })],
    freightCents: 0,
    payments: [{ type: '20', amountCents: 100_000 }],
    ...overrides,
  });
}

const build = (input: NfeInput) => buildNfe(input, TEST_SIGNER).xml;
const group = (xml: string, name: string) => new RegExp(`<${name}>.*?</${name}>`).exec(xml)?.[0] ?? '';
const codes = (xml: string) => breachesOf(xml).map((breach) => breach.code);

describe('an interstate sale of the Regime Normal (issue 55 §2: rules 693, 694, 697)', () => {
  it('to a non-taxpayer consumer in BA: 7 % to SP, and the DIFAL of R$ 135,00 to BA (ICMSUFDest and totals)', async () => {
    const xml = build(sale({}));
    expect(group(xml, 'ICMS00')).toBe(
      '<ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>1000.00</vBC><pICMS>7.0000</pICMS><vICMS>70.00</vICMS></ICMS00>',
    );
    expect(group(xml, 'ICMSUFDest')).toBe(
      '<ICMSUFDest><vBCUFDest>1000.00</vBCUFDest><pICMSUFDest>20.5000</pICMSUFDest><pICMSInter>7.00</pICMSInter><pICMSInterPart>100.0000</pICMSInterPart><vICMSUFDest>135.00</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet></ICMSUFDest>',
    );
    expect(xml).toContain(
      '<vICMSDeson>0.00</vICMSDeson><vFCPUFDest>0.00</vFCPUFDest><vICMSUFDest>135.00</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet>',
    );
    expect(xml).toContain('<idDest>2</idDest>');
    expect(xml).toContain('<indFinal>1</indFinal>');
    expect(xml).toContain('<indIEDest>9</indIEDest>');
    expect(xml).toContain('<vNF>1000.00</vNF>');
    expect((await validateAgainstSchema(xml, 'nfe_v4.00.xsd')).valid).toBe(true);
    expect(breachesOf(xml)).toEqual([]);
  });

  it("to a consumer in RJ: 12 % between the Southeast's states, DIFAL R$ 80,00 and RJ's FCP of 2 %, R$ 20,00", async () => {
    const xml = build(sale({ address: RJ_ADDRESS }));
    expect(group(xml, 'ICMS00')).toContain('<pICMS>12.0000</pICMS><vICMS>120.00</vICMS>');
    expect(group(xml, 'ICMSUFDest')).toBe(
      '<ICMSUFDest><vBCUFDest>1000.00</vBCUFDest><vBCFCPUFDest>1000.00</vBCFCPUFDest><pFCPUFDest>2.0000</pFCPUFDest><pICMSUFDest>20.0000</pICMSUFDest><pICMSInter>12.00</pICMSInter><pICMSInterPart>100.0000</pICMSInterPart><vFCPUFDest>20.00</vFCPUFDest><vICMSUFDest>80.00</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet></ICMSUFDest>',
    );
    expect(xml).toContain(
      '<vFCPUFDest>20.00</vFCPUFDest><vICMSUFDest>80.00</vICMSUFDest><vICMSUFRemet>0.00</vICMSUFRemet>',
    );
    expect((await validateAgainstSchema(xml, 'nfe_v4.00.xsd')).valid).toBe(true);
    expect(breachesOf(xml)).toEqual([]);
  });

  it('an imported phone (origem 1): 4 % whatever the states, DIFAL R$ 165,00', () => {
    const xml = build(sale({}, { items: [phone(1, { taxes: NORMAL, origin: 1 })] }));
    expect(group(xml, 'ICMS00')).toContain('<pICMS>4.0000</pICMS><vICMS>40.00</vICMS>');
    expect(group(xml, 'ICMSUFDest')).toContain('<pICMSInter>4.00</pICMSInter>');
    expect(group(xml, 'ICMSUFDest')).toContain('<vICMSUFDest>165.00</vICMSUFDest>');
    expect(breachesOf(xml)).toEqual([]);
  });

  it('no DIFAL to a taxpayer in BA (7 % only), inside the state (the profile’s 18 %), nor from the Simples', () => {
    const company = build(sale({ document: '44555666000181', name: 'Loja Baiana Ltda', ie: '12345678' }));
    expect(group(company, 'ICMS00')).toContain('<pICMS>7.0000</pICMS>');
    expect(company).not.toContain('ICMSUFDest');
    expect(breachesOf(company)).toEqual([]);
    const inside = build(sale({ address: SP_ADDRESS }));
    expect(group(inside, 'ICMS00')).toContain('<pICMS>18.0000</pICMS><vICMS>180.00</vICMS>');
    expect(inside).not.toContain('ICMSUFDest');
    const simples = build(sale({}, { issuer: workedExample().issuer, items: [phone(1)] }));
    expect(simples).not.toContain('ICMSUFDest');
    expect(breachesOf(simples)).toEqual([]);
  });

  it('refuses a note crafted with the internal rate (693), without ICMSUFDest (694), or the wrong origin (697)', () => {
    const xml = build(sale({}));
    const internalRate = xml.replace('<pICMS>7.0000</pICMS>', '<pICMS>18.0000</pICMS>');
    expect(breachesOf(internalRate)).toEqual([
      {
        code: 693,
        reason: 'Rejeição: Alíquota de ICMS superior a definida para a operação interestadual [nItem:1]',
        message:
          'O produto Smartphone Galaxy A55 128 GB (item 1) vai de SP para BA com ICMS de 18.0000 %, acima da alíquota interestadual de 7 %.',
      },
    ]);
    const noShare = xml.replace(group(xml, 'ICMSUFDest'), '');
    expect(breachesOf(noShare)).toEqual([
      {
        code: 694,
        reason: 'Rejeição: Não informado o grupo de ICMS para a UF de destino [nItem:1]',
        message:
          'O produto Smartphone Galaxy A55 128 GB (item 1), vendido a Maria da Silva, consumidor não contribuinte em BA, precisa do ICMS devido à UF de destino (DIFAL, grupo ICMSUFDest).',
      },
    ]);
    expect(codes(xml.replace('<orig>0</orig>', '<orig>1</orig>'))).toEqual([693, 697]);
    const imported = build(sale({}, { items: [phone(1, { taxes: NORMAL, origin: 1 })] }));
    expect(codes(imported.replace('<orig>1</orig>', '<orig>0</orig>'))).toEqual([697]);
  });

  it('the interstate rates of Res. SF 22/1989 and 13/2012: 7 % only from S/SE but ES to N/NE/CO and ES; imported 4 %', () => {
    const rates = (pairs: [string, string, number][]) =>
      pairs.map(([from, to, origin]) => interstateRate(from, to, origin));
    // SP→ES, MG→BA, PR→GO, RS→AM: 7 %; SP→RJ, SC→PR, ES→SP, BA→SP, DF→GO: 12 %.
    expect(
      rates([
        ['SP', 'ES', 0],
        ['MG', 'BA', 0],
        ['PR', 'GO', 0],
        ['RS', 'AM', 0],
      ]),
    ).toEqual([70_000, 70_000, 70_000, 70_000]);
    expect(
      rates([
        ['SP', 'RJ', 0],
        ['SC', 'PR', 0],
        ['ES', 'SP', 0],
        ['BA', 'SP', 0],
        ['DF', 'GO', 0],
      ]),
    ).toEqual([120_000, 120_000, 120_000, 120_000, 120_000]);
    // Origins 1, 2, 3, 8 at 4 %; 4, 5, 6, 7 (national, or imported without a national like: CAMEX's list) by the states.
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((origin) => interstateRate('SP', 'BA', origin) / 10_000)).toEqual([
      7, 4, 4, 4, 7, 7, 7, 7, 4,
    ]);
    expect(Object.keys(STATE_ICMS_RATES)).toHaveLength(27);
  });

  it('from SP to every other state, every origin, a consumer or a taxpayer: our notes break none of the rules', () => {
    for (const uf of Object.keys(STATE_ICMS_RATES).filter((state) => state !== 'SP'))
      for (const origin of [0, 1, 2, 3, 4, 5, 6, 7, 8])
        for (const ie of [null, '12345678']) {
          // Salvador's street with the state's UF: the rules read the UF (the schema is not checked here).
          const address = { ...BA_ADDRESS, uf };
          const xml = build(sale({ address, ie }, { items: [phone(1, { taxes: NORMAL, origin })] }));
          expect({ uf, origin, ie, breaches: breachesOf(xml) }).toEqual({ uf, origin, ie, breaches: [] });
        }
  });
});
