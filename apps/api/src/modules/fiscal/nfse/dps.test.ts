import { describe, expect, it } from 'vitest';
import { TEST_SIGNER } from '../nfe/test-notes';
import { buildSignedDps, dpsId, issCents } from './dps';
import { validateNfseSchema } from './nfse-xsd';
import { labourDps } from './test-nfse';

describe('the DPS of the national NFS-e (issue 56 §4, leiaute 1.00)', () => {
  it("its Id: 'DPS' + city (7) + 2 (CNPJ) + CNPJ (14) + series (5) + number (15), 45 characters", () => {
    const id = dpsId(labourDps());
    expect(id).toBe(['DPS', '3550308', '2', '11222333000181', '00001', '000000000000007'].join(''));
    expect(id).toHaveLength(45);
  });

  it('the R$ 120,00 of labour: 14.01.01, ISS taxable and not withheld, the Simples approximate rate; valid against DPS_v1.00.xsd', () => {
    const { xml, id } = buildSignedDps(labourDps(), TEST_SIGNER);
    expect(xml).toContain(`<infDPS Id="${id}"><tpAmb>2</tpAmb><dhEmi>2026-11-27T10:15:00-03:00</dhEmi>`);
    expect(xml).toContain('<dCompet>2026-11-27</dCompet><tpEmit>1</tpEmit><cLocEmi>3550308</cLocEmi>');
    expect(xml).toContain(
      // An ME/EPP: regApTribSN 1, the ISS in the Simples (Anexo I E0166 refuses an ME/EPP without it).
      '<prest><CNPJ>11222333000181</CNPJ><regTrib><opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN><regEspTrib>0</regEspTrib></regTrib></prest>',
    );
    expect(xml).toContain('<toma><CPF>52998224725</CPF><xNome>Rita Reparo</xNome></toma>');
    expect(xml).toContain(
      '<cServ><cTribNac>140101</cTribNac><xDescServ>Mão de obra do reparo OS 12 &amp; troca de tela &lt;iPhone 12&gt;</xDescServ></cServ>',
    );
    expect(xml).toContain(
      '<valores><vServPrest><vServ>120.00</vServ></vServPrest><trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun><totTrib><pTotTribSN>6.00</pTotTribSN></totTrib></trib></valores>',
    );
    expect(xml).toContain(`<Reference URI="#${id}">`);
    expect(validateNfseSchema(xml, 'DPS_v1.00.xsd')).toEqual({ valid: true, problems: [] });
  });

  it("outside the Simples: no regApTribSN (E0162) and no pAliq (E0617: the rate is the city's); a company taker by its CNPJ", () => {
    const { xml } = buildSignedDps(
      labourDps({
        provider: { cnpj: '11222333000181', simplesOption: 1, specialRegime: 0 },
        taker: { document: '44555666000181', name: 'Loja Carioca Ltda' },
        // IBPT's 13,45 % federal, 0 state and 2,90 % municipal of LC 116 item 14.01.
        approximateTaxes: { kind: 'rates', federalHundredths: 1345, stateHundredths: 0, municipalHundredths: 290 },
      }),
      TEST_SIGNER,
    );
    expect(xml).toContain('<regTrib><opSimpNac>1</opSimpNac><regEspTrib>0</regEspTrib></regTrib>');
    expect(xml).toContain('<tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN>');
    expect(xml).not.toContain('pAliq');
    expect(xml).toContain('<toma><CNPJ>44555666000181</CNPJ>');
    expect(xml).toContain(
      '<totTrib><pTotTrib><pTotTribFed>13.45</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>2.90</pTotTribMun></pTotTrib></totTrib>',
    );
    expect(validateNfseSchema(xml, 'DPS_v1.00.xsd')).toEqual({ valid: true, problems: [] });
  });

  it('a MEI: no estimate (indTotTrib 0, which E0710 allows it); valid against DPS_v1.00.xsd', () => {
    const { xml } = buildSignedDps(
      labourDps({
        provider: { cnpj: '11222333000181', simplesOption: 2, specialRegime: 0 },
        approximateTaxes: { kind: 'none' },
      }),
      TEST_SIGNER,
    );
    expect(xml).toContain('<totTrib><indTotTrib>0</indTotTrib></totTrib>');
    expect(validateNfseSchema(xml, 'DPS_v1.00.xsd')).toEqual({ valid: true, problems: [] });
  });

  it('the schema refuses what the layout does not allow (a tax code of 4 digits), in words', () => {
    const { xml } = buildSignedDps(labourDps({ nationalTaxCode: '1401' }), TEST_SIGNER);
    const result = validateNfseSchema(xml, 'DPS_v1.00.xsd');
    expect(result.valid).toBe(false);
    expect(result.problems[0]?.field).toBe('cTribNac');
  });

  it('ISS of R$ 120,00 at 2,00 %: R$ 2,40; at 5,00 %: R$ 6,00', () => {
    expect(issCents(12_000, 200)).toBe(240);
    expect(issCents(12_000, 500)).toBe(600);
  });
});
