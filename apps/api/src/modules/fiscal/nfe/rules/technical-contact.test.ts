import { describe, expect, it } from 'vitest';
import { buildNfe } from '../nfe-builder';
import type { NfeInput } from '../nfe-input';
import { UF_CODES } from '../states';
import { csrtHash, type NfeTechnicalContact, TECHNICAL_CONTACT_STATES } from '../technical-contact';
import { SP_ADDRESS, TEST_SIGNER, workedExample } from '../test-notes';
import { validateAgainstSchema } from '../xsd';
import { breachesOf } from '.';

/** Issue 55 §2: the 'responsável técnico' (infRespTec, NT 2018.005), required by the states of rule 972. */
const CURITIBA = { ...SP_ADDRESS, cityCode: '4106902', cityName: 'Curitiba', uf: 'PR', cep: '80010000' };
const CONTACT: NfeTechnicalContact = {
  cnpj: '99999999000191',
  contact: 'Fulano de Tal',
  email: 'fulano@backoffice.example.com',
  phone: '1155551122',
  csrt: { id: '01', token: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO' },
};
const inPr = (overrides: Partial<NfeInput> = {}) =>
  workedExample({ issuer: { ...workedExample().issuer, address: CURITIBA }, ...overrides });

describe("the 'responsável técnico' (issue 55 §2: rule 972)", () => {
  it("hashCSRT is base64(SHA-1(CSRT + chave)): NT 2018.005's published example", () => {
    expect(csrtHash('G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO', '41180678393592000146558900000006041028190697')).toBe(
      'aWv6LeEM4X6u4+qBI2OYZ8grigw=',
    );
  });

  it('is written after infAdic with its CSRT, and a note of PR passes; without it, PR refuses it (972)', async () => {
    const note = buildNfe(inPr({ technicalContact: CONTACT }), TEST_SIGNER);
    expect(note.xml).toContain(
      `</infAdic><infRespTec><CNPJ>99999999000191</CNPJ><xContato>Fulano de Tal</xContato><email>fulano@backoffice.example.com</email><fone>1155551122</fone><idCSRT>01</idCSRT><hashCSRT>${csrtHash(CONTACT.csrt?.token ?? '', note.accessKey)}</hashCSRT></infRespTec></infNFe>`,
    );
    expect((await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd')).valid).toBe(true);
    expect(breachesOf(note.xml)).toEqual([]);
    expect(breachesOf(buildNfe(inPr(), TEST_SIGNER).xml)).toEqual([
      {
        code: 972,
        reason: 'Rejeição: Obrigatória as informações do responsável técnico',
        message:
          'A SEFAZ-PR exige o responsável técnico na nota: preencha-o em Configurações → Fiscal → Responsável técnico.',
      },
    ]);
  });

  it('SP does not ask for it; without a CSRT the group has none', async () => {
    expect(breachesOf(buildNfe(workedExample(), TEST_SIGNER).xml)).toEqual([]);
    const xml = buildNfe(workedExample({ technicalContact: { ...CONTACT, csrt: null } }), TEST_SIGNER).xml;
    expect(xml).toContain('<fone>1155551122</fone></infRespTec>');
    expect((await validateAgainstSchema(xml, 'nfe_v4.00.xsd')).valid).toBe(true);
  });

  it('in every state: refused without it exactly where the state requires it, never with it', () => {
    for (const uf of Object.keys(UF_CODES)) {
      const issuer = { ...workedExample().issuer, address: { ...SP_ADDRESS, uf, cityCode: `${UF_CODES[uf]}00000` } };
      const without = breachesOf(buildNfe(workedExample({ issuer }), TEST_SIGNER).xml).map((breach) => breach.code);
      const withIt = breachesOf(buildNfe(workedExample({ issuer, technicalContact: CONTACT }), TEST_SIGNER).xml);
      expect({ uf, refused: without.includes(972), withIt: withIt.map((b) => b.code).includes(972) }).toEqual({
        uf,
        refused: TECHNICAL_CONTACT_STATES.includes(uf),
        withIt: false,
      });
    }
  });
});
