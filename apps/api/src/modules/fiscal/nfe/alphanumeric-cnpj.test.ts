import { isValidCnpj, withCnpjCheckDigits } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { accessKeyParts, isValidAccessKey } from '../../../lib/nfe/access-key';
import { buildNfe } from './nfe-builder';
import { TEST_SIGNER, workedExample } from './test-notes';
import { SCHEMA_PACKAGE, validateAgainstSchema } from './xsd';

/**
 * The alphanumeric CNPJ (IN RFB 2.229/2024; NT 2025.001: [0-9A-Z]{12}[0-9]{2}) on our notes (issue 55 §2), with a
 * company as the demo makes them (customers.ts: an alphanumeric root, branch 0001, the check digits by the
 * characters' codes − 48).
 */
const DEMO_LIKE = withCnpjCheckDigits('RKXEZ8420001');

describe('the alphanumeric CNPJ (NT 2025.001)', () => {
  it("is a valid CNPJ by our check: RFB's example 12.ABC.345/01DE-35 and a demo-like RK.XEZ.842/0001-03", () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    // R=34 K=27 X=40 E=21 Z=42 8 4 2 0 0 0 1 × 5 4 3 2 9 8 7 6 5 4 3 2 = 170+108+120+42+378+64+28+12+0+0+0+2 = 924;
    // 924 mod 11 = 0 → 0. Then × 6 5 4 3 2 9 8 7 6 5 4 3 2 (with the 0): 204+135+160+63+84+72+32+14+0+0+0+3+0 = 767;
    // 767 mod 11 = 8 → 11 − 8 = 3.
    expect(DEMO_LIKE).toBe('RKXEZ842000103');
    expect(isValidCnpj(DEMO_LIKE)).toBe(true);
  });

  it('is written by the builder, as issuer (in the access key) and as recipient', () => {
    const note = buildNfe(
      workedExample({
        issuer: { ...workedExample().issuer, cnpj: '12ABC34501DE35' },
        recipient: {
          ...(workedExample().recipient as NonNullable<ReturnType<typeof workedExample>['recipient']>),
          document: DEMO_LIKE,
        },
      }),
      TEST_SIGNER,
    );
    expect(isValidAccessKey(note.accessKey)).toBe(true);
    expect(accessKeyParts(note.accessKey).issuerDocument).toBe('12ABC34501DE35');
    expect(note.xml).toContain('<emit><CNPJ>12ABC34501DE35</CNPJ>');
    expect(note.xml).toContain(`<dest><CNPJ>${DEMO_LIKE}</CNPJ>`);
  });

  it(`is accepted by the schemas of ${SCHEMA_PACKAGE} (TCnpj [0-9A-Z]{12}[0-9]{2}, TChNFe with letters in the CNPJ's 12)`, async () => {
    const note = buildNfe(
      workedExample({
        issuer: { ...workedExample().issuer, cnpj: '12ABC34501DE35' },
        recipient: {
          ...(workedExample().recipient as NonNullable<ReturnType<typeof workedExample>['recipient']>),
          document: DEMO_LIKE,
        },
      }),
      TEST_SIGNER,
    );
    expect(await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd')).toEqual({ valid: true, problems: [] });
    // The schema still refuses what NT 2025.001 does not allow: a letter in the CNPJ's check digits.
    const broken = note.xml.replace(`<dest><CNPJ>${DEMO_LIKE}</CNPJ>`, '<dest><CNPJ>RKXEZ84200010A</CNPJ>');
    const result = await validateAgainstSchema(broken, 'nfe_v4.00.xsd');
    expect(result.valid).toBe(false);
    expect(result.problems[0]?.message).toBe('CNPJ (CNPJ): valor fora do formato.');
  });
});
