import { describe, expect, it } from 'vitest';
import { buildNfe } from '../nfe-builder';
import type { ItemTaxes } from '../nfe-input';
import { phone, SIMPLES, TEST_SIGNER, workedExample } from '../test-notes';
import { breachesOf, NOTE_RULES } from './index';

/** The phones' profile of a Simples shop: ICMS charged before by substitution (CSOSN 500), CFOP 5405/6404. */
const PHONES_ST: ItemTaxes = {
  ...SIMPLES,
  cfopInState: '5405',
  cfopOutState: '6404',
  icms: { kind: 'CSOSN', code: '500' },
};
/** The same under the Regime Normal: CST 60. */
const PHONES_ST_NORMAL: ItemTaxes = { ...PHONES_ST, icms: { kind: 'CST', code: '60' } };

const xmlOf = (cest: string | null, taxes: ItemTaxes, crt: 1 | 3 = 1) =>
  buildNfe(
    workedExample({
      issuer: { ...workedExample().issuer, crt },
      items: [phone(2, { cest, taxes })],
    }),
    TEST_SIGNER,
  ).xml;

describe('806: an item under ICMS-ST needs its CEST (NT 2015.003)', () => {
  it('is listed once, with its code and the published text', () => {
    const rule = NOTE_RULES.find((r) => r.code === 806);
    expect(rule?.reason).toBe('Rejeição: Operação com ICMS-ST sem informação do CEST');
    expect(NOTE_RULES.filter((r) => r.code === 806)).toHaveLength(1);
  });

  it('refuses a phone sold under CSOSN 500 or CST 60 without CEST, naming the product', () => {
    expect(breachesOf(xmlOf(null, PHONES_ST))).toEqual([
      {
        code: 806,
        reason: 'Rejeição: Operação com ICMS-ST sem informação do CEST',
        message:
          'o produto 100245 (Smartphone Galaxy A55 128 GB) é vendido com ICMS-ST (CSOSN 500) e não tem CEST: informe o CEST no cadastro do produto.',
      },
    ]);
    expect(breachesOf(xmlOf(null, PHONES_ST_NORMAL, 3)).map((b) => [b.code, b.message.includes('CST 60')])).toEqual([
      [806, true],
    ]);
  });

  it('accepts the phone with its CEST 21.053.00 in <CEST>, and an item outside ICMS-ST without one', () => {
    const xml = xmlOf('2105300', PHONES_ST);
    expect(xml).toContain('<NCM>85171300</NCM><CEST>2105300</CEST>');
    expect(breachesOf(xml)).toEqual([]);
    expect(breachesOf(xmlOf(null, SIMPLES))).toEqual([]);
  });
});
