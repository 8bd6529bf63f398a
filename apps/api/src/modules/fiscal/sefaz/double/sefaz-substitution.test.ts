import { toBusinessTimestamp, withBusinessOffset } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeyCheckDigit } from '../../../../lib/nfe/access-key';
import { SAMPLE_NFE_CERTIFICATE, SAMPLE_NFE_PRIVATE_KEY } from '../../../../lib/nfe/sample-nfe-certificate';
import { testImei } from '../../../../lib/nfe/test-imei';
import { buildNfe } from '../../nfe/nfe-builder';
import type { NfeInput } from '../../nfe/nfe-input';
import { NORMAL, phone, TEST_SIGNER as signer, workedExample } from '../../nfe/test-notes';
import { createSefazClient, type SefazClient } from '../sefaz-client';
import type { EventSpec } from '../sefaz-messages';
import { sefazUrlsAt } from '../sefaz-urls';
import { testSefazServerIdentity } from '../test-pki';
import { startTestSefaz, type TestSefaz } from '../test-sefaz';

/**
 * Issue 56 §3: the SEFAZ double refuses a cancellation by substitution (110112) as NT 2018.004 v1.00 §2.7 publishes
 * (double/sefaz-refusals.ts): the keys (P31: 910 malformed, 911 another issuer or model), the substitute it holds
 * (5P31: 912 none, 913 cancelled, 914 issued more than 2 hours later, 915 another total, 916 another ICMS, 917
 * another recipient, 918 another number of items, 919 an item changed) and its window of 168 hours (2P12-18: 501). The unseen NFC-e (tpEmis 1) and its substitute in offline contingency (tpEmis 9), SP,
 * homologação; each case its own pair of numbers.
 */
const identity = { keyPem: SAMPLE_NFE_PRIVATE_KEY, certPem: SAMPLE_NFE_CERTIFICATE };
const at = (ms: number) => withBusinessOffset(toBusinessTimestamp(ms));
const HOUR = 3_600_000;
const OFFLINE = { type: 'offline', since: '2026-11-26T10:14:00-03:00', reason: 'SEFAZ sem resposta no envio da nota' };
const nfce = (number: number, offline: boolean, overrides: Partial<NfeInput> = {}) =>
  buildNfe(
    workedExample({
      environment: 2,
      number,
      numericCode: String(40_000_000 + number),
      model: 65,
      recipient: null,
      freightCents: 0,
      freightMode: 9,
      payments: [{ type: '17', amountCents: 200_000 }],
      csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
      emission: offline ? (OFFLINE as NfeInput['emission']) : { type: 'normal' },
      ...overrides,
    }),
    signer,
  );
/** `key` with its characters from `at` replaced by `part`, its check digit made again. */
const rekeyed = (key: string, from: number, part: string) => {
  const body = `${key.slice(0, from)}${part}${key.slice(from + part.length, 43)}`;
  return `${body}${accessKeyCheckDigit(body)}`;
};

describe('the double refuses a cancellation by substitution as NT 2018.004 says', () => {
  let sefaz: TestSefaz;
  let client: SefazClient;
  let lot = 1;
  const server = testSefazServerIdentity();
  const authorise = async (xml: string) => {
    const answer = (await client.authorize(lot++, [xml], true)).notes[0];
    expect(answer?.status).toBe(100);
    return answer?.protocol as string;
  };
  const substitution = (key: string, protocol: string, substituteKey: string, when = Date.now()): EventSpec => ({
    environment: 2,
    stateCode: '35',
    cnpj: '11222333000181',
    accessKey: key,
    at: at(when),
    sequence: 1,
    kind: { type: 'substitution', protocol, reason: 'NFC-e substituida pela emitida em contingencia', substituteKey },
  });
  const answerOf = async (spec: EventSpec) => {
    const answer = await client.event(lot++, spec, signer);
    return [answer.eventStatus, answer.eventReason];
  };
  /** An unseen NFC-e authorised: its key and protocol. */
  const unseen = async (number: number) => {
    const built = nfce(number, false);
    return { key: built.accessKey, protocol: await authorise(built.xml) };
  };

  beforeAll(async () => {
    sefaz = await startTestSefaz({ ...server, trusted: [SAMPLE_NFE_CERTIFICATE] });
    client = createSefazClient({ identity, urls: sefazUrlsAt(sefaz.url), ca: [server.certPem], timeoutMs: 30_000 });
  });
  afterAll(async () => {
    client?.close();
    await sefaz?.close();
  });

  it('P31: 910 a substitute key with a wrong check digit, 911 of another issuer or of another model', async () => {
    const note = await unseen(501);
    const substitute = nfce(502, true).accessKey;
    const digit = Number(substitute[43]);
    const wrongDigit = `${substitute.slice(0, 43)}${(digit + 1) % 10}`;
    expect(await answerOf(substitution(note.key, note.protocol, wrongDigit))).toEqual([
      910,
      'Rejeição: Chave de Acesso NF-e Substituta inválida (Dígito)',
    ]);
    // The CNPJ at the key's positions 7–20: 44.555.666/0001-81, another shop.
    expect(await answerOf(substitution(note.key, note.protocol, rekeyed(substitute, 6, '44555666000181')))).toEqual([
      911,
      'Rejeição: Chave de Acesso NF-e Substituta incorreta (CNPJ/CPF)',
    ]);
    expect(await answerOf(substitution(note.key, note.protocol, rekeyed(substitute, 20, '55')))).toEqual([
      911,
      'Rejeição: Chave de Acesso NF-e Substituta incorreta (Modelo)',
    ]);
  });

  it('5P31: 912 a substitute never sent, 913 one cancelled, 914 issued 2 h 01 later, 915 of another total', async () => {
    const note = await unseen(511);
    expect(await answerOf(substitution(note.key, note.protocol, nfce(512, true).accessKey))).toEqual([
      912,
      'Rejeição: NF-e Substituta inexistente',
    ]);
    const cancelled = nfce(513, true);
    const cancelledProtocol = await authorise(cancelled.xml);
    const cancel = await client.event(
      lot++,
      {
        ...substitution(cancelled.accessKey, cancelledProtocol, ''),
        kind: { type: 'cancel', protocol: cancelledProtocol, reason: 'Venda desfeita pelo cliente no caixa' },
      },
      signer,
    );
    expect(cancel.eventStatus).toBe(135);
    expect(await answerOf(substitution(note.key, note.protocol, cancelled.accessKey))).toEqual([
      913,
      'Rejeição: NF-e Substituta Denegada ou Cancelada',
    ]);
    // The unseen one issued at 10:15; its substitute at 12:16, 2 h 01 later.
    const late = nfce(514, true, { issuedAt: '2026-11-26T12:16:00-03:00' });
    await authorise(late.xml);
    expect(await answerOf(substitution(note.key, note.protocol, late.accessKey))).toEqual([
      914,
      'Rejeição: Data de emissão da NF-e Substituta maior que 2 horas da data de emissão da NF-e a ser cancelada',
    ]);
    // Two phones at R$ 1.000,00 against one: vNF 2.000,00 and 1.000,00.
    const single = nfce(515, true, { items: [phone(1)], payments: [{ type: '17', amountCents: 100_000 }] });
    await authorise(single.xml);
    expect(await answerOf(substitution(note.key, note.protocol, single.accessKey))).toEqual([
      915,
      'Rejeição: Valor total da NF-e Substituta difere do valor da NF-e a ser cancelada',
    ]);
  });

  it('5P31-28 to 5P31-40: 916 another ICMS, 917 another recipient, 918 another number of items, 919 an item changed', async () => {
    // Regime Normal, ICMS 18 % or 12 % of the same R$ 2.000,00 (ICMS is inside the price): vICMS 360,00 and 240,00.
    const normal = { ...workedExample().issuer, crt: 3 as const };
    const taxed = (rate: number) => ({
      issuer: normal,
      items: [phone(2, { taxes: { ...NORMAL, icms: { kind: 'CST' as const, code: '00' as const, rate } } })],
    });
    const atRate = nfce(531, false, taxed(180_000));
    const atRateProtocol = await authorise(atRate.xml);
    const otherRate = nfce(532, true, taxed(120_000));
    await authorise(otherRate.xml);
    expect(await answerOf(substitution(atRate.accessKey, atRateProtocol, otherRate.accessKey))).toEqual([
      916,
      'Rejeição: Valor total do ICMS da NF-e Substituta difere do valor da NF-e a ser cancelada',
    ]);
    // 'CPF na nota' 529.982.247-25 on the note; the substitute names 111.444.777-35, then nobody.
    const cpf = (document: string) => ({ recipient: { document, name: '' } });
    const named = nfce(533, false, cpf('52998224725'));
    const namedProtocol = await authorise(named.xml);
    for (const [number, other] of [
      [534, cpf('11144477735')],
      [535, { recipient: null }],
    ] as const) {
      const substitute = nfce(number, true, other);
      await authorise(substitute.xml);
      expect(await answerOf(substitution(named.accessKey, namedProtocol, substitute.accessKey))).toEqual([
        917,
        'Rejeição: Identificação do destinatário da NF-e Substituta difere da identificação do destinatário da NF-e a ser cancelada.',
      ]);
    }
    // The same CPF: 5P31-32 passes, and the same items make a true substitute.
    const same = nfce(536, true, cpf('52998224725'));
    await authorise(same.xml);
    expect(await answerOf(substitution(named.accessKey, namedProtocol, same.accessKey))).toEqual([
      135,
      'Evento registrado e vinculado a NF-e',
    ]);
    // Two phones in one item against two items of one phone each: the same R$ 2.000,00.
    const note = await unseen(537);
    const split = nfce(538, true, { items: [phone(1), phone(1, { code: '100246', imeis: [[testImei(7)]] })] });
    await authorise(split.xml);
    expect(await answerOf(substitution(note.key, note.protocol, split.accessKey))).toEqual([
      918,
      'Rejeição: Quantidade de itens da NF-e Substituta difere da quantidade de itens da NF-e a ser cancelada.',
    ]);
    // The same two phones under another code (cProd 100299).
    const recoded = nfce(539, true, { items: [phone(2, { code: '100299' })] });
    await authorise(recoded.xml);
    expect(await answerOf(substitution(note.key, note.protocol, recoded.accessKey))).toEqual([
      919,
      'Rejeição: Item da NF-e Substituta difere do mesmo item da NF-e a ser cancelada.',
    ]);
  });

  it('2P12-18: 501 past 168 hours from the authorisation; within them, with a true substitute, 135', async () => {
    const note = await unseen(521);
    const substitute = nfce(522, true);
    await authorise(substitute.xml);
    const after = Date.now() + 168 * HOUR + 60_000;
    expect(await answerOf(substitution(note.key, note.protocol, substitute.accessKey, after))).toEqual([
      501,
      'Rejeição: Prazo de cancelamento superior ao previsto na Legislação',
    ]);
    expect(await answerOf(substitution(note.key, note.protocol, substitute.accessKey))).toEqual([
      135,
      'Evento registrado e vinculado a NF-e',
    ]);
  });
});
