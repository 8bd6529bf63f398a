import { describe, expect, it } from 'vitest';
import { buildNfe } from '../nfe-builder';
import type { NfeInput } from '../nfe-input';
import { TEST_SIGNER, workedExample } from '../test-notes';
import { validateAgainstSchema } from '../xsd';
import { breachesOf, NOTE_RULES } from './index';
import { NO_EXEMPT_RECIPIENT_STATES } from './recipient';

/** A company in Belo Horizonte (MG, one of the twelve states) whose IE is 'ISENTO'. */
const MG_ADDRESS = {
  street: 'Avenida Afonso Pena',
  number: '1500',
  district: 'Centro',
  cityCode: '3106200',
  cityName: 'Belo Horizonte',
  uf: 'MG',
  cep: '30130005',
};
const exemptCompany = (overrides: Partial<NfeInput> = {}) =>
  workedExample({
    recipient: { document: '44555666000181', name: 'Assistência Mineira Ltda', ie: 'ISENTO', address: MG_ADDRESS },
    ...overrides,
  });
const REASON = 'Rejeição: A SEFAZ do destinatário não permite Contribuinte Isento de Inscrição Estadual';

describe("805: 'contribuinte isento' refused in an interstate sale to twelve states (MOC 7.0, E16a-30)", () => {
  it('lists the published states and text', () => {
    expect([...NO_EXEMPT_RECIPIENT_STATES].sort()).toEqual(
      ['AM', 'BA', 'CE', 'GO', 'MG', 'MS', 'MT', 'PA', 'PE', 'RN', 'SE', 'SP'].sort(),
    );
    expect(NOTE_RULES.find((r) => r.code === 805)?.reason).toBe(REASON);
  });

  it("our builder writes a customer whose IE is 'ISENTO' as a non-contributor (9, no IE): valid, and no breach", async () => {
    const { xml } = buildNfe(exemptCompany(), TEST_SIGNER);
    const dest = /<dest>[\s\S]*<\/dest>/.exec(xml)?.[0] ?? '';
    expect(dest).toContain('<indIEDest>9</indIEDest>');
    expect(dest).not.toContain('<IE>');
    expect(xml).toContain('<idDest>2</idDest>');
    expect(xml).toContain('<indFinal>1</indFinal>');
    expect(await validateAgainstSchema(xml, 'nfe_v4.00.xsd')).toEqual({ valid: true, problems: [] });
    expect(breachesOf(xml)).toEqual([]);
  });

  it('refuses a crafted note with indIEDest 2 to MG, naming the customer; not to RJ, nor an untaxed sale', () => {
    const craft = (input: NfeInput) =>
      buildNfe(input, TEST_SIGNER).xml.replace('<indIEDest>9</indIEDest>', '<indIEDest>2</indIEDest>');
    expect(breachesOf(craft(exemptCompany()))).toEqual([
      {
        code: 805,
        reason: REASON,
        message:
          "o cliente Assistência Mineira Ltda tem IE 'ISENTO' e MG não aceita contribuinte isento numa venda interestadual: emita-o como não contribuinte (sem IE).",
      },
    ]);
    const carioca = workedExample().recipient as NonNullable<NfeInput['recipient']>;
    const rio = workedExample({ recipient: { ...carioca, ie: 'ISENTO' } });
    expect(breachesOf(craft(rio))).toEqual([]);
    const untaxed = exemptCompany({
      items: workedExample().items.map((item) => ({
        ...item,
        taxes: { ...item.taxes, icms: { kind: 'CSOSN', code: '400' } },
      })),
    });
    expect(breachesOf(craft(untaxed))).toEqual([]);
  });
});
