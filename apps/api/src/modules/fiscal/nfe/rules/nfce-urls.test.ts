import { describe, expect, it } from 'vitest';
import { buildNfe } from '../nfe-builder';
import type { NfeInput } from '../nfe-input';
import { nfceUrls, UF_CODES } from '../states';
import { SP_ADDRESS, TEST_SIGNER, workedExample } from '../test-notes';
import { breachesOf } from '.';

/**
 * Issue 55 §2: the NFC-e's urlChave is the one its state publishes for the environment (rule 878). The addresses
 * checked here are sped-nfe's table (storage/uri_consulta_nfce.json), typed from it.
 */
const nfce = (environment: 1 | 2): NfeInput =>
  workedExample({
    model: 65,
    environment,
    recipient: null,
    freightCents: 0,
    freightMode: 9,
    payments: [{ type: '20', amountCents: 200_000 }],
    csc: { id: '1', token: 'CSC-DE-TESTE-0123456789' },
  });

describe('the NFC-e consultation address (issue 55 §2: rule 878)', () => {
  it("each environment its state's published address: homologação's own host where the state has one", () => {
    expect(nfceUrls('SP', 2).consultation).toBe('https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica');
    expect(nfceUrls('SP', 1).consultation).toBe('https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica');
    expect(nfceUrls('MG', 2).consultation).toBe('https://hportalsped.fazenda.mg.gov.br/portalnfce');
    expect(nfceUrls('BA', 2).consultation).toBe('http://hinternet.sefaz.ba.gov.br/nfce/consulta');
    expect(nfceUrls('SC', 2).consultation).toBe('https://hom.sat.sef.sc.gov.br/nfce/consulta');
    expect(nfceUrls('TO', 2).consultation).toBe('http://homologacao.sefaz.to.gov.br/nfce/consulta.jsf');
    expect(nfceUrls('RJ', 2).consultation).toBe('www.fazenda.rj.gov.br/nfce/consulta');
  });

  it('our NFC-e passes in both environments; one with the production address in homologação is refused', () => {
    expect(breachesOf(buildNfe(nfce(1), TEST_SIGNER).xml)).toEqual([]);
    const homologation = buildNfe(nfce(2), TEST_SIGNER).xml;
    expect(breachesOf(homologation)).toEqual([]);
    const crafted = homologation.replace(
      '<urlChave>https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica</urlChave>',
      '<urlChave>https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica</urlChave>',
    );
    expect(breachesOf(crafted)).toEqual([
      {
        code: 878,
        reason: 'Rejeição: Endereço do site da UF da Consulta por chave de acesso diverge do previsto',
        message:
          'O endereço de consulta da NFC-e (https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica) não é o publicado pela SEFAZ-SP para o ambiente de homologação (https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica).',
      },
    ]);
  });

  it("every state's NFC-e, in both environments, carries the address the rule expects", () => {
    for (const uf of Object.keys(UF_CODES))
      for (const environment of [1, 2] as const) {
        const issuer = { ...workedExample().issuer, address: { ...SP_ADDRESS, uf, cityCode: `${UF_CODES[uf]}00000` } };
        const xml = buildNfe({ ...nfce(environment), issuer }, TEST_SIGNER).xml;
        const codes = breachesOf(xml).map((breach) => breach.code);
        expect({ uf, environment, has878: codes.includes(878) }).toEqual({ uf, environment, has878: false });
      }
  });
});
