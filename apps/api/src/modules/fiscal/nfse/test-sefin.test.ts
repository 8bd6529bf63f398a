import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { XmlSigner } from '../../../lib/nfe/xml-signature';
import { testSefazServerIdentity } from '../sefaz/test-pki';
import { makeTestCertificate, TEST_CERTIFICATE_KEY_PEM } from '../test-certificate';
import { buildSignedCancellation } from './cancellation-event';
import { SEFIN_REFUSALS } from './double/sefin-refusals';
import { buildSignedDps, type DpsInput, signDps } from './dps';
import { validateNfseSchema } from './nfse-xsd';
import { createSefinClient, type SefinClient } from './sefin-client';
import { labourDps } from './test-nfse';
import { startTestSefin, type TestSefin } from './test-sefin';

/**
 * The Sefin Nacional of the tests (issue 56 §4, decisions 0085 and 0091) through the client, over mutual TLS: what
 * it generates and what it refuses, each refusal with its code and text (double/sefin-refusals.ts names their
 * sources: Anexo I's rule numbers), each forced by a DPS edited and signed again or by its registries changed
 * (decision 0101); and our builder, in every regime the settings allow, never breaks one.
 */
let sefin: TestSefin;
let client: SefinClient;
let signer: XmlSigner;
const certificate = makeTestCertificate();
const other = makeTestCertificate({ cnpj: '44555666000181', holder: 'OUTRA EMPRESA LTDA' });
const pemToBase64 = (pem: string) =>
  forge.util.encode64(forge.asn1.toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(pem))).getBytes());
let number = 100;
/** The shop as the registries know it: its CNPJ's address in São Paulo, no CNC registration. */
const SHOP = { cnpj: '11222333000181', cityCode: '3550308' };
/**
 * A DPS of `overrides`, signed; the registries are told the Simples situation its prest says (the shop's own
 * declaration is true), so that each test's DPS meets only the rule it is about.
 */
function dps(overrides: Partial<DpsInput> = {}, by: XmlSigner = signer) {
  const input = labourDps({ number: number++, ...overrides });
  sefin.register({ ...SHOP, cnpj: input.provider.cnpj, simplesOption: input.provider.simplesOption });
  return buildSignedDps(input, by);
}

beforeAll(async () => {
  const server = testSefazServerIdentity();
  sefin = await startTestSefin({
    ...server,
    trusted: [certificate.certPem],
    provider: {
      name: 'DISTRIBUIDORA MODELO DE CELULARES LTDA',
      street: 'Rua Augusta',
      number: '100',
      district: 'Consolação',
      cityCode: '3550308',
      uf: 'SP',
      cep: '01305000',
    },
  });
  signer = { keyPem: TEST_CERTIFICATE_KEY_PEM, certificateBase64: pemToBase64(certificate.certPem) };
  client = createSefinClient({
    identity: { keyPem: TEST_CERTIFICATE_KEY_PEM, certPem: certificate.certPem },
    baseUrl: sefin.url,
    ca: [server.certPem],
    timeoutMs: 5_000,
  });
}, 60_000);
afterAll(async () => {
  client?.close();
  await sefin?.close();
});

const rejected = (refusal: { code: string; text: string }) => ({
  kind: 'rejected',
  errors: [{ code: refusal.code, text: refusal.text }],
});

/** A DPS of `input` whose infDPS content went through `edit`, signed again (with `id` when given). */
function edited(edit: (content: string) => string, input: Partial<DpsInput> = {}, id?: string): string {
  const built = dps(input);
  const content = /<infDPS Id="[^"]+">([\s\S]*)<\/infDPS>/.exec(built.xml)?.[1] ?? '';
  return signDps(id ?? built.id, edit(content), signer).xml;
}
const withRate = (rate: string) => (content: string) =>
  content.replace('<tribISSQN>1</tribISSQN>', `<tribISSQN>1</tribISSQN><pAliq>${rate}</pAliq>`);
/** What our emission writes outside the Simples: IBPT's rates of item 14.01 (13,45 % federal, 2,90 % municipal). */
const ibptRates = { kind: 'rates' as const, federalHundredths: 1345, stateHundredths: 0, municipalHundredths: 290 };
const notOptant = {
  provider: { cnpj: '11222333000181', simplesOption: 1 as const, specialRegime: 0 },
  approximateTaxes: ibptRates,
};
const noEstimate = { kind: 'none' as const };
/** What our emission writes for each Simples situation (emit-nfse.ts; decision 0095). */
const ourTaxes = (simplesOption: 1 | 2 | 3): DpsInput['approximateTaxes'] =>
  simplesOption === 1 ? ibptRates : simplesOption === 2 ? noEstimate : { kind: 'simples', rateHundredths: 600 };

describe('the Sefin Nacional double (issue 56 §4)', () => {
  it('generates the NFS-e of a valid DPS: a key of 50 digits, nNFSe, the DPS inside; valid against NFSe_v1.00.xsd', async () => {
    const sent = dps();
    const answer = await client.emit(sent.xml);
    if (answer.kind !== 'authorized') throw new Error(JSON.stringify(answer));
    expect(answer.accessKey).toMatch(/^3550308221122233300018100000000000\d{2}\d{4}\d{10}$/);
    expect(answer.accessKey).toHaveLength(50);
    expect(answer.nfseXml).toContain(`<infNFSe Id="NFS${answer.accessKey}">`);
    expect(answer.nfseXml).toContain('<cStat>100</cStat>');
    expect(answer.nfseXml).toContain(`<infDPS Id="${sent.id}">`);
    expect(answer.nfseXml).toContain('<vLiq>120.00</vLiq>');
    expect(validateNfseSchema(answer.nfseXml, 'NFSe_v1.00.xsd')).toEqual({ valid: true, problems: [] });
    // Kept: read by its key.
    expect(await client.nfse(answer.accessKey)).toBe(answer.nfseXml);
  });

  it('refuses the same DPS (the same Id: city, CNPJ, series, number) sent again (E0014); GET /dps/{id} gives its key', async () => {
    const sent = dps();
    const first = await client.emit(sent.xml);
    if (first.kind !== 'authorized') throw new Error(JSON.stringify(first));
    expect(await client.emit(sent.xml)).toEqual(rejected(SEFIN_REFUSALS.duplicate));
    expect(await client.keyOfDps(sent.id)).toBe(first.accessKey);
    expect(await client.keyOfDps(dps().id)).toBeNull();
    expect(sefin.refusals.at(-1)).toBe(SEFIN_REFUSALS.dpsNotFound);
  });

  it('refuses what breaks the reception and signature rules: E1226, E1235, E0080, E0714, E0718', async () => {
    expect(await client.emit('<DPS')).toEqual(rejected(SEFIN_REFUSALS.malformed));
    const broken = dps().xml.replace('<tpEmit>1</tpEmit>', '<tpEmit>7</tpEmit>');
    expect(await client.emit(broken)).toEqual(rejected(SEFIN_REFUSALS.schema));
    // 11.222.333/0001-82: the last check digit is 1.
    const badCnpj = edited((c) => c.replace('<CNPJ>11222333000181</CNPJ>', '<CNPJ>11222333000182</CNPJ>'));
    expect(await client.emit(badCnpj)).toEqual(rejected(SEFIN_REFUSALS.providerCnpj));
    const tampered = dps().xml.replace('<vServ>120.00</vServ>', '<vServ>12.00</vServ>');
    expect(await client.emit(tampered)).toEqual(rejected(SEFIN_REFUSALS.signature));
    const byOther = dps({}, { keyPem: TEST_CERTIFICATE_KEY_PEM, certificateBase64: pemToBase64(other.certPem) });
    expect(await client.emit(byOther.xml)).toEqual(rejected(SEFIN_REFUSALS.certificateCnpj));
  });

  it('refuses what the registries do not hold: E0018, E0082, E0084, E0116, E0120, E0160; a CNC registration counts', async () => {
    const stranger = { keyPem: TEST_CERTIFICATE_KEY_PEM, certificateBase64: pemToBase64(other.certPem) };
    // 44.555.666/0001-81 signs its own DPS, but no registry knows it.
    const unknown = buildSignedDps(
      labourDps({ number: number++, provider: { cnpj: '44555666000181', simplesOption: 3, specialRegime: 0 } }),
      stranger,
    );
    expect(await client.emit(unknown.xml)).toEqual(rejected(SEFIN_REFUSALS.providerUnknown));
    // The CNPJ's address in Rio de Janeiro, no CNC registration: no establishment in São Paulo, the DPS's cLocEmi.
    const inRio = dps();
    sefin.register({ ...SHOP, cityCode: '3304557', simplesOption: 3 });
    expect(await client.emit(inRio.xml)).toEqual(rejected(SEFIN_REFUSALS.providerNotInCity));
    // São Paulo's CNC registers it (IM 12345678): the DPS must say that IM, and may say it only there.
    const withIm = (c: string) =>
      c.replace('<CNPJ>11222333000181</CNPJ>', '<CNPJ>11222333000181</CNPJ><IM>12345678</IM>');
    const cnc = {
      ...SHOP,
      cityCode: '3304557',
      cnc: [{ cityCode: '3550308', im: '12345678' }],
      simplesOption: 3 as const,
    };
    const noIm = dps();
    sefin.register(cnc);
    expect(await client.emit(noIm.xml)).toEqual(rejected(SEFIN_REFUSALS.municipalRegistrationMissing));
    const registered = edited(withIm);
    sefin.register(cnc);
    expect((await client.emit(registered)).kind).toBe('authorized');
    expect(await client.emit(edited(withIm))).toEqual(rejected(SEFIN_REFUSALS.municipalRegistrationNotAllowed));
    // The DPS says ME/EPP (opSimpNac 3); the Simples cadastre says not opting, then MEI.
    for (const simplesOption of [1, 2] as const) {
      const declared = dps();
      sefin.register({ ...SHOP, simplesOption });
      expect(await client.emit(declared.xml)).toEqual(rejected(SEFIN_REFUSALS.simplesSituation));
    }
    // dCompet 27/11/2026: a CNPJ registered on the 28th is refused, one registered on the 27th is not.
    const early = dps();
    sefin.register({ ...SHOP, openedOn: '2026-11-28', simplesOption: 3 });
    expect(await client.emit(early.xml)).toEqual(rejected(SEFIN_REFUSALS.competenceBeforeCnpj));
    const sameDay = dps();
    sefin.register({ ...SHOP, openedOn: '2026-11-27', simplesOption: 3 });
    expect((await client.emit(sameDay.xml)).kind).toBe('authorized');
  });

  it("bounds totTrib's figures: a value above vServ (E0702–E0704), a percentage above 100 (E0706–E0708)", async () => {
    const totTrib = (group: string, figures: [string, string, string]) => (c: string) =>
      c.replace(
        /<totTrib>.*<\/totTrib>/,
        `<totTrib><${group}>${['Fed', 'Est', 'Mun'].map((s, i) => `<${group}${s}>${figures[i]}</${group}${s}>`).join('')}</${group}></totTrib>`,
      );
    // vServ is R$ 120,00: R$ 120,01 is a cent above it; each figure is bounded alone.
    const values = [
      SEFIN_REFUSALS.totalTaxFederalValue,
      SEFIN_REFUSALS.totalTaxStateValue,
      SEFIN_REFUSALS.totalTaxMunicipalValue,
    ];
    const rates = [
      SEFIN_REFUSALS.totalTaxFederalRate,
      SEFIN_REFUSALS.totalTaxStateRate,
      SEFIN_REFUSALS.totalTaxMunicipalRate,
    ];
    for (const [i, refusal] of values.entries()) {
      const figures = ['0.00', '0.00', '0.00'] as [string, string, string];
      figures[i] = '120.01';
      expect(await client.emit(edited(totTrib('vTotTrib', figures)))).toEqual(rejected(refusal));
    }
    for (const [i, refusal] of rates.entries()) {
      const figures = ['0.00', '0.00', '0.00'] as [string, string, string];
      figures[i] = '100.01';
      expect(await client.emit(edited(totTrib('pTotTrib', figures)))).toEqual(rejected(refusal));
    }
    // At the bounds: authorised (an ME/EPP may give vTotTrib or pTotTrib, E0712).
    for (const accepted of [
      totTrib('vTotTrib', ['120.00', '120.00', '0']),
      totTrib('pTotTrib', ['100.00', '0', '100']),
    ]) {
      const answer = await client.emit(edited(accepted));
      expect(answer.kind, JSON.stringify(answer)).toBe('authorized');
    }
  });

  it('refuses the Id, environment, dates and emitente rules: E0004, E0006, E0008, E0015, E9996', async () => {
    const otherNumber = `${dps().id.slice(0, -15)}${'9'.repeat(15)}`;
    expect(await client.emit(edited((c) => c, {}, otherNumber))).toEqual(rejected(SEFIN_REFUSALS.idMismatch));
    expect(await client.emit(dps({ environment: 1 }).xml)).toEqual(rejected(SEFIN_REFUSALS.environment));
    // An hour ahead of the double's clock.
    const future = dps({ issuedAt: new Date(Date.now() + 3_600_000) }).xml;
    expect(await client.emit(future)).toEqual(rejected(SEFIN_REFUSALS.futureEmission));
    // Issued on 27/11/2026 (Brasília), competence the 28th.
    const later = edited((c) => c.replace('<dCompet>2026-11-27</dCompet>', '<dCompet>2026-11-28</dCompet>'));
    expect(await client.emit(later)).toEqual(rejected(SEFIN_REFUSALS.competenceAfterEmission));
    const byTaker = edited((c) => c.replace('<tpEmit>1</tpEmit>', '<tpEmit>2</tpEmit>'));
    expect(await client.emit(byTaker)).toEqual(rejected(SEFIN_REFUSALS.notByProvider));
  });

  it('refuses the cities, regime and service rules: E0037, E0302, E0162, E0166, E0174, E0175, E0310', async () => {
    // Rio de Janeiro (3304557) has not joined in this double: only São Paulo's convênio is ATIVO.
    expect(await client.emit(dps({ cityCode: '3304557' }).xml)).toEqual(rejected(SEFIN_REFUSALS.emitterCity));
    const nowhere = edited((c) => c.replace('<cLocPrestacao>3550308', '<cLocPrestacao>3599999'));
    expect(await client.emit(nowhere)).toEqual(rejected(SEFIN_REFUSALS.serviceCity));
    const regimeForNotOptant = edited(
      (c) => c.replace('<opSimpNac>1</opSimpNac>', '<opSimpNac>1</opSimpNac><regApTribSN>1</regApTribSN>'),
      notOptant,
    );
    expect(await client.emit(regimeForNotOptant)).toEqual(rejected(SEFIN_REFUSALS.regimeNotAllowed));
    const noRegime = edited((c) => c.replace('<regApTribSN>1</regApTribSN>', ''));
    expect(await client.emit(noRegime)).toEqual(rejected(SEFIN_REFUSALS.regimeMissing));
    const meiSpecial = dps({
      provider: { cnpj: '11222333000181', simplesOption: 2, specialRegime: 1 },
      approximateTaxes: noEstimate,
    });
    expect(await client.emit(meiSpecial.xml)).toEqual(rejected(SEFIN_REFUSALS.meiSpecialRegime));
    const simplesSpecial = dps({ provider: { cnpj: '11222333000181', simplesOption: 3, specialRegime: 1 } });
    expect(await client.emit(simplesSpecial.xml)).toEqual(rejected(SEFIN_REFUSALS.simplesSpecialRegime));
    expect(await client.emit(dps({ nationalTaxCode: '990401' }).xml)).toEqual(rejected(SEFIN_REFUSALS.taxCode));
  });

  it('refuses a rate where the annex forbids it: E0595, E0600, E0604, E0617, E0625', async () => {
    expect(await client.emit(edited(withRate('5.50'), notOptant))).toEqual(rejected(SEFIN_REFUSALS.rateAbove5));
    const mei = {
      provider: { cnpj: '11222333000181', simplesOption: 2 as const, specialRegime: 0 },
      approximateTaxes: noEstimate,
    };
    expect(await client.emit(edited(withRate('2.00'), mei))).toEqual(rejected(SEFIN_REFUSALS.rateForMei));
    const special = { ...notOptant, provider: { ...notOptant.provider, specialRegime: 1 } };
    expect(await client.emit(edited(withRate('2.00'), special))).toEqual(
      rejected(SEFIN_REFUSALS.rateWithSpecialRegime),
    );
    expect(await client.emit(edited(withRate('2.00'), notOptant))).toEqual(rejected(SEFIN_REFUSALS.rateNotOptant));
    expect(await client.emit(edited(withRate('2.00')))).toEqual(rejected(SEFIN_REFUSALS.rateSimples));
  });

  it('refuses totTrib the Simples situation does not allow: E0710 (MEI), E0712 (ME/EPP), E0713 (non-optante)', async () => {
    const provider = (simplesOption: 1 | 2 | 3) => ({ cnpj: '11222333000181', simplesOption, specialRegime: 0 });
    // Our DPS before decision 0095 wrote indTotTrib 0 whatever the regime.
    expect(await client.emit(dps({ provider: provider(3), approximateTaxes: noEstimate }).xml)).toEqual(
      rejected(SEFIN_REFUSALS.totalTaxesSimples),
    );
    expect(await client.emit(dps({ provider: provider(1), approximateTaxes: noEstimate }).xml)).toEqual(
      rejected(SEFIN_REFUSALS.totalTaxesNotOptant),
    );
    for (const specialRegime of [1, 6]) {
      const special = dps({ provider: { ...provider(1), specialRegime }, approximateTaxes: noEstimate });
      expect(await client.emit(special.xml)).toEqual(rejected(SEFIN_REFUSALS.totalTaxesNotOptant));
    }
    const simplesRate = { kind: 'simples' as const, rateHundredths: 600 };
    expect(await client.emit(dps({ provider: provider(1), approximateTaxes: simplesRate }).xml)).toEqual(
      rejected(SEFIN_REFUSALS.totalTaxesNotOptant),
    );
    expect(await client.emit(dps({ provider: provider(2), approximateTaxes: simplesRate }).xml)).toEqual(
      rejected(SEFIN_REFUSALS.totalTaxesMei),
    );
    // The percentages are allowed to all three (E0710, E0712; E0713 names only indTotTrib and pTotTribSN).
    for (const simplesOption of [1, 2, 3] as const) {
      const answer = await client.emit(dps({ provider: provider(simplesOption), approximateTaxes: ibptRates }).xml);
      expect(answer.kind, `${simplesOption}: ${JSON.stringify(answer)}`).toBe('authorized');
    }
  });

  it("our DPS, in every regime the settings accept, breaks none: authorised; a non-optante's ISS at the city's rate", async () => {
    const regimes = [
      ...[0, 1, 2, 3, 4, 5, 6].map((specialRegime) => ({ simplesOption: 1 as const, specialRegime })),
      { simplesOption: 2 as const, specialRegime: 0 },
      { simplesOption: 3 as const, specialRegime: 0 },
    ];
    for (const regime of regimes) {
      const input = {
        provider: { cnpj: '11222333000181', ...regime },
        approximateTaxes: ourTaxes(regime.simplesOption),
      };
      const built = dps(input);
      expect(validateNfseSchema(built.xml, 'DPS_v1.00.xsd'), JSON.stringify(regime)).toEqual({
        valid: true,
        problems: [],
      });
      const answer = await client.emit(built.xml);
      expect(answer.kind, `${JSON.stringify(regime)}: ${JSON.stringify(answer)}`).toBe('authorized');
    }
    const company = await client.emit(dps(notOptant).xml);
    if (company.kind !== 'authorized') throw new Error(JSON.stringify(company));
    // R$ 120,00 at the city's 2,00 %: vISSQN R$ 2,40, as our issCents (dps.test.ts).
    expect(company.nfseXml).toContain('<vBC>120.00</vBC><pAliqAplic>2.00</pAliqAplic><vISSQN>2.40</vISSQN>');
  });

  it('cancels once (event 101101): the second request is refused; an unknown key is 404', async () => {
    const answer = await client.emit(dps().xml);
    if (answer.kind !== 'authorized') throw new Error(JSON.stringify(answer));
    const request = buildSignedCancellation(
      {
        environment: 2,
        at: new Date(),
        authorCnpj: '11222333000181',
        accessKey: answer.accessKey,
        reasonCode: 1,
        reason: 'Erro na emissão: valor da mão de obra',
      },
      signer,
    );
    expect(validateNfseSchema(request.xml, 'pedRegEvento_v1.00.xsd')).toEqual({ valid: true, problems: [] });
    const registered = await client.event(answer.accessKey, request.xml);
    if (registered.kind !== 'registered') throw new Error(JSON.stringify(registered));
    expect(registered.eventXml).toContain(`<infEvento Id="EVT${answer.accessKey}101101001">`);
    expect(validateNfseSchema(registered.eventXml, 'evento_v1.00.xsd')).toEqual({ valid: true, problems: [] });
    expect(await client.event(answer.accessKey, request.xml)).toEqual(rejected(SEFIN_REFUSALS.alreadyCancelled));
    const unknown = `${'3550308'}${'0'.repeat(43)}`;
    expect(await client.event(unknown, request.xml)).toEqual(rejected(SEFIN_REFUSALS.eventKey));
    expect(await client.nfse(unknown)).toBeNull();
    expect(sefin.refusals.at(-1)).toBe(SEFIN_REFUSALS.notFound);
  });

  it('refuses a key that is not 50 digits (E2406) and only a trusted client certificate connects', async () => {
    expect(await client.event('123', '<x/>')).toEqual(rejected(SEFIN_REFUSALS.keyShape));
    const stranger = createSefinClient({
      identity: { keyPem: TEST_CERTIFICATE_KEY_PEM, certPem: other.certPem },
      baseUrl: sefin.url,
      ca: [testSefazServerIdentity().certPem],
      timeoutMs: 5_000,
    });
    await expect(stranger.emit(dps().xml)).rejects.toThrow();
    stranger.close();
  });
});
