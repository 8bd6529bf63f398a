import { PURCHASE_TEXTS } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { NFE_MAX_BYTES, NfeReadError, quantityInUnits, readNfe, unitCostCents } from './nfe-reader';
import { buildTestNfe, manyItemsNfeSpec, type TestNfeSpec, testImei, workedExampleNfeSpec } from './test-nfe';

const TEXTS = PURCHASE_TEXTS.nfe;

const read = (xml: string) => readNfe(Buffer.from(xml, 'utf8'));

/** The refusal of `xml` (the test fails when it is read). */
function refusal(xml: string | Buffer): NfeReadError {
  try {
    readNfe(typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml);
  } catch (error) {
    if (error instanceof NfeReadError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

/** One item, unsigned unless said, for tests that edit the XML. */
function note(spec: Partial<TestNfeSpec> & Pick<TestNfeSpec, 'items'>): string {
  return buildTestNfe({ number: 77, ...spec }).xml;
}

const PHONE = { code: 'CEL-1', name: 'Smartphone', qty: 1, unitValue: '1000.00' };

describe('reading a supplier NF-e (issue 39 §2)', () => {
  it("the issue's worked example: 10 iPhones at R$ 3.200,00 + R$ 158,02 freight, 50 cases at R$ 8,00 + R$ 1,98, two instalments", () => {
    const nfe = read(buildTestNfe(workedExampleNfeSpec()).xml);
    // cUF 35, AAMM 2611 (dhEmi 2026-11-20), the issuer's CNPJ, model 55, series 001, number 000004512, tpEmis 1
    expect(nfe.accessKey).toHaveLength(44);
    expect(nfe.accessKey.slice(0, 35)).toBe('35261111222333000181550010000045121');
    expect(nfe).toMatchObject({
      model: 55,
      number: '4512',
      series: '1',
      issuedAt: '2026-11-20T10:15:00-03:00',
      environment: 'production',
      issuer: {
        document: '11222333000181',
        name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA',
        tradeName: 'Modelo Distribuidora',
        stateRegistration: '110042490114',
        phone: '1133334444',
        email: null,
        address: {
          street: 'Rua Santa Ifigênia',
          number: '300',
          complement: 'Loja 12',
          district: 'Santa Ifigênia',
          city: 'São Paulo',
          state: 'SP',
          postalCode: '01207001',
        },
      },
      recipient: { document: '44555666000181', name: 'LOJA DE CELULARES EXEMPLO LTDA' },
      // 32.000,00 + 158,02 + 400,00 + 1,98 = 32.560,00
      totalCents: 3_256_000,
      instalments: [
        { documentNumber: '001', dueDate: '2026-12-20', amountCents: 1_628_000 },
        { documentNumber: '002', dueDate: '2027-01-19', amountCents: 1_628_000 },
      ],
      signature: {
        status: 'VALID',
        algorithm: 'rsa-sha1',
        certificate: {
          subject: 'DISTRIBUIDORA MODELO DE CELULARES LTDA:11222333000181',
          document: '11222333000181',
          matchesIssuer: true,
        },
      },
      authorisation: { protocol: '135260000004512', status: 100, authorisedAt: '2026-11-20T10:15:42-03:00' },
    });
    const [iphone, cases] = nfe.items;
    expect(iphone).toEqual({
      itemNumber: 1,
      supplierCode: 'IPH15-128-PT',
      name: 'Apple iPhone 15 128GB Preto',
      gtin: '0195949036002',
      ncm: '85171300',
      cest: '2105300',
      cfop: '5102',
      unit: 'UN',
      quantity: '10.0000',
      // uTrib/qTrib as the note writes them (issue 57 §1: they may state a box's factor).
      taxUnit: 'UN',
      taxQuantity: '10.0000',
      unitValue: '3200.0000000000',
      productCents: 3_200_000,
      freightCents: 15_802,
      insuranceCents: 0,
      discountCents: 0,
      otherCents: 0,
      ipiCents: 0,
      icmsStCents: 0,
      fcpStCents: 0,
      ipiDevolCents: 0,
      totalCostCents: 3_215_802,
      // CST 00 at 18 % of vProd + vFrete: 32.158,02 × 0,18 = 5.788,4436 → R$ 5.788,44 (decision 0089's credit)
      icms: { code: '00', amountCents: 578_844, simplesCreditCents: 0 },
      pisCst: '04',
      imeis: [],
    });
    expect(cases).toMatchObject({ itemNumber: 2, quantity: '50.0000', productCents: 40_000, totalCostCents: 40_198 });
    // (32.000,00 + 158,02) ÷ 10 = R$ 3.215,80; (400,00 + 1,98) ÷ 50 = R$ 8,04
    expect(unitCostCents(iphone?.totalCostCents ?? 0, 10)).toBe(321_580);
    expect(unitCostCents(cases?.totalCostCents ?? 0, 50)).toBe(804);
  });

  it('an item with IPI and ICMS-ST: their amounts count in the cost, as do insurance and other expenses, less the discount', () => {
    const nfe = read(
      note({
        items: [
          {
            code: 'CARR-65W',
            name: 'Carregador 65W',
            qty: 4,
            unitValue: '250.00',
            insurance: '2.50',
            other: '5.00',
            discount: '20.00',
            ipi: '150.00',
            icmsSt: '87.30',
          },
        ],
      }),
    );
    expect(nfe.items[0]).toMatchObject({
      productCents: 100_000,
      insuranceCents: 250,
      otherCents: 500,
      discountCents: 2_000,
      ipiCents: 15_000,
      icmsStCents: 8_730,
      // 1.000,00 + 2,50 + 5,00 − 20,00 + 150,00 + 87,30 = 1.224,80
      totalCostCents: 122_480,
    });
    // vNF = vProd − vDesc + vST + vSeg + vOutro + vIPI = the same 1.224,80; ÷ 4 = R$ 306,20
    expect(nfe.totalCents).toBe(122_480);
    expect(unitCostCents(122_480, 4)).toBe(30_620);
  });

  it("a box of 10 (uCom CX, qCom 5): the quantity as written; the caller's factor makes it 50 units at R$ 6,02", () => {
    const nfe = read(
      note({
        items: [
          { code: 'CX-PEL', name: 'Película (caixa com 10)', unit: 'CX', qty: 5, unitValue: '60.00', freight: '0.90' },
        ],
      }),
    );
    expect(nfe.items[0]).toMatchObject({
      unit: 'CX',
      quantity: '5.0000',
      productCents: 30_000,
      totalCostCents: 30_090,
    });
    expect(quantityInUnits('5.0000', 10)).toBe(50);
    // 300,90 ÷ 50 = 6,018 → R$ 6,02
    expect(unitCostCents(30_090, 50)).toBe(602);
  });

  it('IMEIs listed in infAdProd and in rastro/nLote: 15-digit numbers in order, each once; longer or shorter numbers are not IMEIs', () => {
    const nfe = read(
      note({
        items: [
          {
            ...PHONE,
            qty: 3,
            infAdProd: 'IMEI: 352099001761481 / IMEI 356938035643809. Pedido 1234567890123456; NS 12345678901234',
            rastro: ['352099001761481', '490154203237518'],
          },
        ],
      }),
    );
    expect(nfe.items[0]?.imeis).toEqual(['352099001761481', '356938035643809', '490154203237518']);
  });

  it('GTIN: cEAN, else cEANTrib; SEM GTIN and a wrong check digit are none', () => {
    const nfe = read(
      note({
        items: [
          { ...PHONE, code: 'A', gtin: '7891234567895' },
          { ...PHONE, code: 'B', gtin: null, gtinTrib: '7891234567895' },
          { ...PHONE, code: 'C', gtin: '7891234567890' },
          { ...PHONE, code: 'D', gtin: null },
        ],
      }),
    );
    expect(nfe.items.map((item) => item.gtin)).toEqual(['7891234567895', '7891234567895', null, null]);
  });

  it('an unsigned note reads with the signature ABSENT (the caller asks for a confirmation with a reason)', () => {
    const nfe = read(note({ sign: false, bare: true, items: [PHONE] }));
    expect(nfe.signature).toEqual({ status: 'ABSENT' });
    expect(nfe.items).toHaveLength(1);
  });

  it('an unsigned note with the protocol (protNFe) of a signed one is refused: its signature was stripped', () => {
    expect(refusal(note({ sign: false, items: [PHONE] }))).toMatchObject({
      code: 'signature',
      message: TEXTS.signatureStripped,
    });
  });

  it('a note signed with RSA-SHA256 is accepted too', () => {
    expect(read(note({ sign: 'sha256', items: [PHONE] })).signature).toMatchObject({
      status: 'VALID',
      algorithm: 'rsa-sha256',
    });
  });

  it('a signed note altered afterwards (an item’s vProd) is refused', () => {
    const { xml } = buildTestNfe(workedExampleNfeSpec());
    const altered = xml.replace('<vProd>32000.00</vProd>', '<vProd>31000.00</vProd>');
    expect(altered).not.toBe(xml);
    expect(refusal(altered)).toMatchObject({ code: 'signature', message: TEXTS.signature });
    // a changed IMEI in infAdProd, a changed due date: the same
    const withImei = buildTestNfe({ items: [{ ...PHONE, infAdProd: 'IMEI 352099001761481' }] }).xml;
    expect(refusal(withImei.replace('352099001761481', '356938035643809'))).toMatchObject({ code: 'signature' });
    expect(refusal(xml.replace('<dVenc>2026-12-20</dVenc>', '<dVenc>2027-12-20</dVenc>'))).toMatchObject({
      code: 'signature',
    });
  });

  it("a signature that is not the one SEFAZ authorised (protNFe's digVal differs) is refused", () => {
    const { xml } = buildTestNfe(workedExampleNfeSpec());
    const digVal = /<digVal>([^<]+)<\/digVal>/.exec(xml)?.[1] ?? '';
    const other = xml.replace(`<digVal>${digVal}</digVal>`, '<digVal>AAAAAAAAAAAAAAAAAAAAAAAAAAA=</digVal>');
    expect(refusal(other)).toMatchObject({ code: 'signature', message: TEXTS.signatureProtocol });
  });

  it('a bare NFe (no nfeProc, no protNFe) reads with the authorisation null', () => {
    const nfe = read(buildTestNfe(workedExampleNfeSpec({ bare: true })).xml);
    expect(nfe.authorisation).toBeNull();
    expect(nfe.signature.status).toBe('VALID');
    expect(nfe.totalCents).toBe(3_256_000);
  });

  it('a note SEFAZ did not authorise (cStat 110, denied) is refused', () => {
    expect(refusal(note({ authorisationStatus: 110, items: [PHONE] }))).toMatchObject({
      code: 'authorisation',
      message: TEXTS.notAuthorised('110', 'Uso Denegado: Irregularidade fiscal do emitente'),
    });
  });

  it('an alphanumeric CNPJ in the access key: its check digit counts letters as ASCII − 48', () => {
    const nfe = read(
      buildTestNfe({
        issuer: { cnpj: '12ABC34501DE35' },
        number: 4512,
        numericCode: '12345678',
        items: [PHONE],
      }).xml,
    );
    // 35 2611 12ABC34501DE35 55 001 000004512 1 12345678 → weighted sum 865, remainder 7 → 4 (access-key.test.ts)
    expect(nfe.accessKey).toBe('35261112ABC34501DE35550010000045121123456784');
    expect(nfe.issuer.document).toBe('12ABC34501DE35');
    // signed by the test certificate, whose e-CNPJ is another company's
    expect(nfe.signature).toMatchObject({ status: 'VALID', certificate: { matchesIssuer: false } });
  });
  it('an issuer with a CPF (a rural producer): the key holds 000 + the CPF; a UTF-8 BOM is no obstacle', () => {
    const { xml } = buildTestNfe({
      issuer: { cnpj: '12345678909' },
      number: 4512,
      numericCode: '12345678',
      items: [PHONE],
    });
    const nfe = read(`\uFEFF${xml}`);
    expect(nfe.issuer.document).toBe('12345678909');
    expect(nfe.accessKey.slice(6, 20)).toBe('00012345678909');
  });
});

describe('what is refused, each with its own message', () => {
  it('a file over 2 MB, before it is read; one of exactly 2 MB is read (and is not an NF-e)', () => {
    expect(refusal(Buffer.alloc(NFE_MAX_BYTES + 1, 0x20))).toMatchObject({
      code: 'too-large',
      message: 'O arquivo passa de 2 MB.',
    });
    expect(refusal(Buffer.alloc(NFE_MAX_BYTES, 0x20)).code).not.toBe('too-large');
  });

  it('a DOCTYPE or entity declaration (XXE, billion laughs), before parsing', () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">&xxe;</nfeProc>';
    expect(refusal(xxe)).toMatchObject({ code: 'dtd', message: TEXTS.dtd });
    const laughs = `<?xml version="1.0"?><!doctype lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expect(refusal(laughs).code).toBe('dtd');
    const valid = buildTestNfe(workedExampleNfeSpec()).xml;
    expect(refusal(valid.replace('?>', '?><!DOCTYPE nfeProc SYSTEM "http://example.com/nfe.dtd">')).code).toBe('dtd');
  });

  it('a file that is not UTF-8 or not well-formed XML', () => {
    expect(refusal(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>Ração</a>', 'latin1'))).toMatchObject({
      code: 'encoding',
      message: TEXTS.encoding,
    });
    const broken = refusal('<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe">\n<NFe></nfeProc>');
    expect(broken.code).toBe('not-xml');
    // the parser's words, where it stopped
    expect(broken.message).toMatch(/^O arquivo não é um XML válido: .* \(linha 2, coluna \d+\)\.$/);
    expect(refusal('  ')).toMatchObject({ code: 'not-xml', message: TEXTS.notXml('o arquivo está vazio.') });
    expect(refusal('isto não é XML').code).toBe('not-xml');
  });

  it('XML that is not an NF-e: another root, the right names in no or another namespace', () => {
    const notNfe = { code: 'not-nfe', message: 'O arquivo não é uma NF-e (modelo 55, versão 4.00).' };
    expect(refusal('<?xml version="1.0"?><pedido><item>1</item></pedido>')).toMatchObject(notNfe);
    const xml = note({ sign: false, items: [PHONE] });
    expect(refusal(xml.replaceAll('http://www.portalfiscal.inf.br/nfe', 'http://example.com/nfe'))).toMatchObject(
      notNfe,
    );
    expect(refusal(xml.replaceAll(' xmlns="http://www.portalfiscal.inf.br/nfe"', ''))).toMatchObject(notNfe);
  });

  it('a model other than 55 (an NFC-e) and a layout other than 4.00', () => {
    const { xml, accessKey } = buildTestNfe({ sign: false, items: [PHONE] });
    expect(refusal(xml.replace('<mod>55</mod>', '<mod>65</mod>'))).toMatchObject({
      code: 'model',
      message: TEXTS.model('65'),
    });
    const infNFe = `<infNFe Id="NFe${accessKey}" versao=`;
    expect(refusal(xml.replace(`${infNFe}"4.00"`, `${infNFe}"3.10"`))).toMatchObject({
      code: 'version',
      message: TEXTS.version('3.10'),
    });
    const oldWrapper = (text: string) =>
      text.replace(
        '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">',
        '<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="3.10">',
      );
    // The wrapper's 3.10 in words: what it is and what to ask for (issue 57 §8).
    expect(refusal(oldWrapper(xml))).toMatchObject({
      code: 'version',
      message:
        'O arquivo está na versão 3.10 do leiaute da NF-e; só a versão 4.00 é aceita (as versões 3.10 e anteriores deixaram de ser autorizadas pela SEFAZ em 2019, NT 2016.002). Peça ao fornecedor o XML autorizado da nota (nfeProc 4.00).',
    });
    // An NFC-e in a 3.10 wrapper is named an NFC-e, not a version (it was the version message before).
    expect(refusal(oldWrapper(xml.replace('<mod>55</mod>', '<mod>65</mod>')))).toMatchObject({
      code: 'model',
      message: TEXTS.model('65'),
    });
  });

  it('a note that is no sale to the shop: tpNF 0, an import, finNFe 2, 3 or 4 (issue 57 §8)', () => {
    const { xml } = buildTestNfe({ sign: false, bare: true, items: [PHONE] });
    expect(xml).toContain('<tpNF>1</tpNF>');
    expect(xml).toContain('<finNFe>1</finNFe>');
    expect(readNfe(Buffer.from(xml)).items).toHaveLength(1);
    const entry = xml.replace('<tpNF>1</tpNF>', '<tpNF>0</tpNF>');
    expect(refusal(entry)).toMatchObject({
      code: 'purpose',
      message:
        'A nota é de entrada do emitente (tpNF 0): registra mercadoria que entrou no estoque do próprio fornecedor, não uma venda para a loja. Peça ao fornecedor a NF-e de venda (tpNF 1).',
    });
    expect(refusal(entry.replace(/<CFOP>\d{4}<\/CFOP>/, '<CFOP>3102</CFOP>'))).toMatchObject({
      code: 'purpose',
      message: TEXTS.importNote,
    });
    expect(refusal(xml.replace('<finNFe>1</finNFe>', '<finNFe>2</finNFe>'))).toMatchObject({
      code: 'purpose',
      message:
        'A nota é complementar (finNFe 2): complementa valores ou impostos de outra nota e não traz mercadoria. A entrada por XML lê só a NF-e normal de venda (finNFe 1); uma diferença de valor vai em Contas a pagar.',
    });
    expect(refusal(xml.replace('<finNFe>1</finNFe>', '<finNFe>4</finNFe>')).message).toContain(
      'de devolução (finNFe 4)',
    );
  });

  it('an access key with a wrong check digit, or that does not match the note', () => {
    const { xml, accessKey } = buildTestNfe({ sign: false, number: 4512, items: [PHONE] });
    const digit = accessKey.charAt(43);
    const wrong = `${accessKey.slice(0, 43)}${digit === '9' ? '0' : String(Number(digit) + 1)}`;
    expect(refusal(xml.replace(`NFe${accessKey}`, `NFe${wrong}`))).toMatchObject({
      code: 'access-key',
      message: `A chave de acesso ${wrong} tem o dígito verificador errado.`,
    });
    expect(refusal(xml.replace(`NFe${accessKey}`, `NFe${accessKey.slice(1)}`))).toMatchObject({ code: 'access-key' });
    // the note's number changed, the key kept: the key no longer matches nNF
    expect(refusal(xml.replace('<nNF>4512</nNF>', '<nNF>4513</nNF>'))).toMatchObject({
      code: 'access-key',
      message: TEXTS.accessKeyParts(accessKey, 'nNF'),
    });
    // a protocol for another note
    expect(refusal(xml.replace(`<chNFe>${accessKey}</chNFe>`, `<chNFe>${wrong}</chNFe>`))).toMatchObject({
      code: 'access-key',
      message: TEXTS.protocolOtherNote,
    });
  });

  it('an amount with more than 2 decimals, a negative one, a quantity with more than 4 decimals', () => {
    const xml = note({ sign: false, items: [{ ...PHONE, freight: '158.02' }] });
    expect(refusal(xml.replace('<vFrete>158.02</vFrete>', '<vFrete>158.025</vFrete>'))).toMatchObject({
      code: 'value',
      message: TEXTS.value('det[1]/prod/vFrete', '158.025'),
    });
    expect(refusal(xml.replace('<vFrete>158.02</vFrete>', '<vFrete>-1.00</vFrete>')).code).toBe('value');
    expect(refusal(xml.replace('<qCom>1.0000</qCom>', '<qCom>1.00001</qCom>')).code).toBe('value');
    expect(refusal(xml.replace('<qCom>1.0000</qCom>', '<qCom>0.0000</qCom>')).code).toBe('value');
  });

  it('a note nested absurdly deep is refused before its signature is canonicalized', () => {
    const xml = note({ sign: false, items: [PHONE] });
    const deep = `${'<x>'.repeat(200)}${'</x>'.repeat(200)}`;
    expect(refusal(xml.replace('<infCpl>', `<infCpl>${deep}`)).code).toBe('not-nfe');
  });
});

describe('a large note', () => {
  it('reads the 500 items of a signed note, with the IMEIs of its 100 phones', () => {
    const nfe = read(buildTestNfe(manyItemsNfeSpec(500)).xml);
    expect(nfe.items).toHaveLength(500);
    expect(nfe.signature.status).toBe('VALID');
    // item 5 is a phone: 2 at R$ 1.500,00 + R$ 12,34 freight; its IMEIs are testImei(10) and testImei(11)
    expect(nfe.items[4]).toMatchObject({ supplierCode: 'CEL-0005', productCents: 300_000, totalCostCents: 301_234 });
    expect(nfe.items[4]?.imeis).toEqual([testImei(10), testImei(11)]);
    expect(nfe.items.filter((item) => item.imeis.length === 2)).toHaveLength(100);
  });
});
