import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { accessKeyCheckDigit, isValidAccessKey } from '../../../lib/nfe/access-key';
import { SAMPLE_NFE_CERTIFICATE } from '../../../lib/nfe/sample-nfe-certificate';
import { testImei } from '../../../lib/nfe/test-imei';
import { apportion, buildNfe, HOMOLOGATION_RECIPIENT, NfeBuildError, taxOf } from './nfe-builder';
import type { ItemTaxes, NfeInput } from './nfe-input';
import { NORMAL, phone, RJ_ADDRESS, SIMPLES, SP_ADDRESS, TEST_SIGNER as signer, workedExample } from './test-notes';
import { validateAgainstSchema } from './xsd';

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const texts = (xml: string, tag: string) =>
  Array.from(parse(xml).getElementsByTagName(tag)).map((node) => node.textContent ?? '');
const text = (xml: string, tag: string) => texts(xml, tag)[0];

/** xml-crypto's own, complete XMLDSig validation (reference by Id, C14N, digest, RSA) with the certificate. */
function signatureVerifies(xml: string): boolean {
  const signed = new SignedXml({ publicCert: SAMPLE_NFE_CERTIFICATE });
  signed.loadSignature(xml.slice(xml.indexOf('<Signature '), xml.indexOf('</Signature>') + '</Signature>'.length));
  try {
    return signed.checkSignature(xml);
  } catch {
    return false;
  }
}

describe('the NF-e BackOffice emits (issue 41 §2)', () => {
  it("the worked example: vProd 2.000,00 + freight 30,00 = vNF 2.030,00, CFOP 6102, the IMEIs, valid, signed, its key's digit right", async () => {
    const note = buildNfe(workedExample(), signer);
    expect(text(note.xml, 'vProd')).toBe('2000.00');
    // The item's freight and the total's.
    expect(texts(note.xml, 'vFrete')).toEqual(['30.00', '30.00']);
    expect(text(note.xml, 'vNF')).toBe('2030.00');
    expect(note.totals.totalCents).toBe(203_000);
    expect(text(note.xml, 'CFOP')).toBe('6102');
    expect(text(note.xml, 'idDest')).toBe('2');
    expect(text(note.xml, 'infAdProd')).toBe(`IMEI: ${testImei(1)}; ${testImei(2)}`);
    expect(text(note.xml, 'CSOSN')).toBe('102');
    // A taxpayer company of RJ: its IE, not a final consumer.
    expect(text(note.xml, 'indIEDest')).toBe('1');
    expect(text(note.xml, 'indFinal')).toBe('0');
    // Simples Nacional: no IBS/CBS group in 2026.
    expect(note.xml).not.toContain('<IBSCBS>');

    // 35 2611 11222333000181 55 001 000004512 1 38471625 + its mod-11 digit.
    expect(note.accessKey.slice(0, 43)).toBe('3526111122233300018155001000004512138471625');
    expect(note.accessKey).toHaveLength(44);
    expect(isValidAccessKey(note.accessKey)).toBe(true);
    expect(Number(note.accessKey.slice(43))).toBe(accessKeyCheckDigit(note.accessKey.slice(0, 43)));
    expect(text(note.xml, 'cDV')).toBe(note.accessKey.slice(43));

    expect(await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd')).toEqual({ valid: true, problems: [] });
    expect(signatureVerifies(note.xml)).toBe(true);
    // A changed figure breaks the signature.
    expect(signatureVerifies(note.xml.replace('<vNF>2030.00</vNF>', '<vNF>2030.01</vNF>'))).toBe(false);
  });

  it('Regime Normal: ICMS 18 %, PIS and COFINS without the ICMS, IBS and CBS without the three, worked by hand', async () => {
    const note = buildNfe(
      workedExample({
        issuer: { ...workedExample().issuer, crt: 3 },
        recipient: { ...(workedExample().recipient as NonNullable<NfeInput['recipient']>), address: SP_ADDRESS },
        items: [phone(1, { taxes: NORMAL })],
        freightCents: 0,
        payments: [{ type: '01', amountCents: 100_000 }],
      }),
      signer,
    );
    // ICMS: 1.000,00 × 18 % = 180,00. PIS: (1.000,00 − 180,00) × 1,65 % = 13,53. COFINS: 820,00 × 7,6 % = 62,32.
    // IBS/CBS base: 820,00 − 13,53 − 62,32 = 744,15; CBS 0,9 % = 6,697 → 6,70; IBS UF 0,1 % = 0,744 → 0,74.
    expect([text(note.xml, 'vICMS'), text(note.xml, 'vPIS'), text(note.xml, 'vCOFINS')]).toEqual([
      '180.00',
      '13.53',
      '62.32',
    ]);
    expect(texts(note.xml, 'vBC')).toEqual(['1000.00', '820.00', '820.00', '744.15', '1000.00']);
    expect(texts(note.xml, 'vCBS')).toEqual(['6.70', '6.70']);
    expect(texts(note.xml, 'vIBSUF')).toEqual(['0.74', '0.74']);
    expect(text(note.xml, 'vBCIBSCBS')).toBe('744.15');
    expect(text(note.xml, 'CFOP')).toBe('5102');
    expect(text(note.xml, 'idDest')).toBe('1');
    // The taxes are inside the price: the total is the products'.
    expect(text(note.xml, 'vNF')).toBe('1000.00');
    expect(await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd')).toEqual({ valid: true, problems: [] });
  });

  it("shares the order's freight and discount among the items by their value, cents on the last", () => {
    // R$ 10,00 over 100, 200 and 300: 1,66 + 3,33 + 5,01.
    expect(apportion(1_000, [10_000, 20_000, 30_000])).toEqual([166, 333, 501]);
    expect(apportion(0, [1, 2])).toEqual([0, 0]);
    expect(taxOf(67_500, 100)).toBe(7); // 675,00 × 0,01 % = 0,0675 → 0,07 (half up)
    expect(taxOf(10_050, 50_000)).toBe(503); // 100,50 × 5 % = 5,025 → 5,03
    const note = buildNfe(
      workedExample({
        items: [
          phone(1, { code: 'A', unitPriceCents: 10_000, imeis: [] }),
          phone(1, { code: 'B', unitPriceCents: 20_000, imeis: [] }),
          phone(1, { code: 'C', unitPriceCents: 30_000, imeis: [] }),
        ],
        freightCents: 1_000,
        discountCents: 3_000,
        payments: [{ type: '17', amountCents: 58_000 }],
      }),
      signer,
    );
    // Discount R$ 30,00: 5,00 + 10,00 + 15,00. Total: 600,00 − 30,00 + 10,00 = 580,00.
    expect(texts(note.xml, 'vFrete')).toEqual(['1.66', '3.33', '5.01', '10.00']);
    expect(texts(note.xml, 'vDesc')).toEqual(['5.00', '10.00', '15.00', '30.00']);
    expect(text(note.xml, 'vNF')).toBe('580.00');
  });

  it("writes a phone's IMEIs in its infAdProd, as several items when they pass the field's 500 characters", async () => {
    // 40 dual-SIM phones: a unit is 'IMEI1 / IMEI2' (33 characters), 'IMEI: ' + 35 a unit − 2 ≤ 500 → 14 a line.
    const imeis = Array.from({ length: 40 }, (_, i) => [testImei(2 * i), testImei(2 * i + 1)]);
    const note = buildNfe(
      workedExample({
        items: [phone(40, { imeis })],
        freightCents: 0,
        payments: [{ type: '17', amountCents: 4_000_000 }],
      }),
      signer,
    );
    expect(texts(note.xml, 'qCom')).toEqual(['14.0000', '14.0000', '12.0000']);
    expect(texts(note.xml, 'vProd')).toEqual(['14000.00', '14000.00', '12000.00', '40000.00']);
    const lines = texts(note.xml, 'infAdProd');
    expect(lines.every((line) => line.length <= 500)).toBe(true);
    expect(lines.join('; ').match(/\d{15}/g)).toEqual(imeis.flat());
    expect(lines[0]?.startsWith(`IMEI: ${testImei(0)} / ${testImei(1)}; `)).toBe(true);
    expect(await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd')).toEqual({ valid: true, problems: [] });
  });

  it('validates every scenario against the schemas: regimes, in and out of state, consumers, credit, cards, the NFC-e', async () => {
    const base = workedExample();
    const recipient = base.recipient as NonNullable<NfeInput['recipient']>;
    const scenarios: Record<string, NfeInput> = {
      'Normal, inside the state, discount and insurance': workedExample({
        issuer: { ...base.issuer, crt: 3 },
        recipient: { ...recipient, address: SP_ADDRESS },
        items: [phone(1, { taxes: NORMAL, imeis: [] }), phone(2, { code: 'X', taxes: { ...NORMAL, ibsCbs: null } })],
        freightCents: 0,
        insuranceCents: 1_500,
        discountCents: 2_500,
        payments: [{ type: '03', amountCents: 299_000, card: { integrated: false, brand: '01' } }],
      }),
      'a consumer (CPF) elsewhere, homologação': workedExample({
        environment: 2,
        recipient: { document: '52998224725', name: 'Maria Consumidora', ie: null, address: RJ_ADDRESS },
      }),
      'a company exempt of IE, paid on credit in three instalments': workedExample({
        recipient: { ...recipient, ie: 'ISENTO' },
        payments: [{ type: '05', amountCents: 203_000, deferred: true }],
        instalments: [
          { number: '001', dueDate: '2026-12-26', amountCents: 67_666 },
          { number: '002', dueDate: '2027-01-25', amountCents: 67_666 },
          { number: '003', dueDate: '2027-02-24', amountCents: 67_668 },
        ],
      }),
      'Simples with the credit (CSOSN 101) and a warranty': workedExample({
        items: [phone(2, { taxes: { ...SIMPLES, icms: { kind: 'CSOSN', code: '101', creditRate: 12_500 } } })],
        otherCents: 19_900,
        payments: [{ type: '04', amountCents: 222_900, card: { integrated: true, acquirerCnpj: '01027058000191' } }],
      }),
      'an NFC-e at the counter, cash with change': workedExample({
        model: 65,
        recipient: null,
        freightCents: 0,
        freightMode: 9,
        payments: [{ type: '01', amountCents: 210_000 }],
        changeCents: 10_000,
        csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
      }),
      'an NFC-e to a CPF in offline contingency': workedExample({
        model: 65,
        environment: 2,
        emission: { type: 'offline', since: '2026-11-26T10:00:00-03:00', reason: 'SEFAZ fora do ar desde as 10h00' },
        recipient: { document: '52998224725', name: 'Maria Consumidora' },
        freightCents: 0,
        freightMode: 9,
        payments: [{ type: '17', amountCents: 200_000 }],
        csc: { id: '2', token: 'CSC-DE-TESTE-0123456789' },
      }),
    };
    for (const [name, input] of Object.entries(scenarios)) {
      const note = buildNfe(input, signer);
      const result = await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd');
      expect({ name, ...result }).toEqual({ name, valid: true, problems: [] });
      expect(signatureVerifies(note.xml)).toBe(true);
    }
    const homologation = buildNfe(scenarios['a consumer (CPF) elsewhere, homologação'] as NfeInput, signer);
    expect(text(homologation.xml, 'xNome')).toBe('DISTRIBUIDORA MODELO DE CELULARES LTDA');
    expect(texts(homologation.xml, 'xNome')[1]).toBe(HOMOLOGATION_RECIPIENT);
    expect(text(homologation.xml, 'indFinal')).toBe('1');
    expect(text(homologation.xml, 'indIEDest')).toBe('9');
  });

  it("the NFC-e: model 65, printed as a DANFE NFC-e, its QR code with the CSC's hash, the homologação item's name", () => {
    const note = buildNfe(
      workedExample({
        model: 65,
        environment: 2,
        recipient: null,
        freightCents: 0,
        freightMode: 9,
        payments: [{ type: '17', amountCents: 200_000 }],
        csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
      }),
      signer,
    );
    expect(note.accessKey.slice(20, 22)).toBe('65');
    expect(text(note.xml, 'tpImp')).toBe('4');
    expect(text(note.xml, 'xProd')).toBe('NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
    expect(note.qrCode).toMatch(
      new RegExp(
        `^https://www\\.homologacao\\.nfce\\.fazenda\\.sp\\.gov\\.br/qrcode\\?p=${note.accessKey}\\|2\\|2\\|1\\|[0-9A-F]{40}$`,
      ),
    );
    // Homologação's own consultation address (SEFAZ-SP's table; rule 878).
    expect(text(note.xml, 'urlChave')).toBe('https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica');
    expect(note.xml.indexOf('<infNFeSupl>')).toBeLessThan(note.xml.indexOf('<Signature'));
  });

  it('refuses what would be a wrong note, in Portuguese', () => {
    expect(() => buildNfe(workedExample({ payments: [{ type: '17', amountCents: 200_000 }] }), signer)).toThrow(
      new NfeBuildError('Os pagamentos (R$ 2.000,00) não somam o total da nota (R$ 2.030,00).'),
    );
    expect(() => buildNfe(workedExample({ items: [phone(2, { imeis: [[testImei(1)]] })] }), signer)).toThrow(
      'O item 100245 tem 2 unidades e 1 IMEIs informados.',
    );
    expect(() => buildNfe(workedExample({ recipient: null }), signer)).toThrow(
      'A NF-e precisa do destinatário com endereço.',
    );
    expect(() =>
      buildNfe(
        workedExample({ emission: { type: 'offline', since: '2026-11-26T10:00:00-03:00', reason: 'x'.repeat(20) } }),
        signer,
      ),
    ).toThrow('A contingência offline (tpEmis 9) é só da NFC-e.');
  });

  it("names the field a schema refuses in the shop's words", async () => {
    const note = buildNfe(
      workedExample({
        issuer: { ...workedExample().issuer, crt: 3 },
        items: [
          phone(2, {
            taxes: {
              ...NORMAL,
              ibsCbs: { ...(NORMAL.ibsCbs as NonNullable<ItemTaxes['ibsCbs']>), classTrib: '00001' },
            },
          }),
        ],
      }),
      signer,
    );
    const result = await validateAgainstSchema(note.xml, 'nfe_v4.00.xsd');
    expect(result.valid).toBe(false);
    expect(result.problems[0]).toMatchObject({
      field: 'cClassTrib',
      message: 'Classificação tributária do IBS/CBS (cClassTrib): valor fora do formato.',
    });
  });
});
