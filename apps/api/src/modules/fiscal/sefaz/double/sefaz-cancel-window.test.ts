import { toBusinessTimestamp, withBusinessOffset } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_NFE_CERTIFICATE, SAMPLE_NFE_PRIVATE_KEY } from '../../../../lib/nfe/sample-nfe-certificate';
import { buildNfe } from '../../nfe/nfe-builder';
import type { NfeInput } from '../../nfe/nfe-input';
import { TEST_SIGNER as signer, workedExample } from '../../nfe/test-notes';
import { createSefazClient, type SefazClient } from '../sefaz-client';
import type { EventSpec } from '../sefaz-messages';
import { sefazUrlsAt } from '../sefaz-urls';
import { testSefazServerIdentity } from '../test-pki';
import { startTestSefaz, type TestSefaz } from '../test-sefaz';

/**
 * Issue 56 §3: the SEFAZ double refuses a cancellation (110111) whose dhEvento is past the note's window, with the
 * published 501 'Rejeição: Prazo de cancelamento superior ao previsto na Legislação' — the window from the one table
 * (nfe/cancellation-windows.ts): NF-e 24 hours, NFC-e 30 minutes (the double serves SP, cUF 35). The double
 * authorises at its own clock; the events are dated from the moment just after the authorisation.
 */
const identity = { keyPem: SAMPLE_NFE_PRIVATE_KEY, certPem: SAMPLE_NFE_CERTIFICATE };
const homologation = (number: number, overrides: Partial<NfeInput> = {}) =>
  workedExample({ environment: 2, number, numericCode: String(30_000_000 + number), ...overrides });
const consumer = (number: number) =>
  homologation(number, {
    model: 65,
    recipient: null,
    freightCents: 0,
    freightMode: 9,
    payments: [{ type: '17', amountCents: 200_000 }],
    csc: { id: '000001', token: 'CSC-DE-TESTE-0123456789' },
    emission: { type: 'normal' },
  });
const at = (ms: number) => withBusinessOffset(toBusinessTimestamp(ms));
const MINUTE = 60_000;

describe('the double refuses a cancellation past its window (501)', () => {
  let sefaz: TestSefaz;
  let client: SefazClient;
  const server = testSefazServerIdentity();
  const cancellation = (accessKey: string, protocol: string, when: number): EventSpec => ({
    environment: 2,
    stateCode: '35',
    cnpj: '11222333000181',
    accessKey,
    at: at(when),
    sequence: 1,
    kind: { type: 'cancel', protocol, reason: 'Pedido cancelado pelo cliente antes da entrega' },
  });
  const authorise = async (input: NfeInput, lot: number) => {
    const built = buildNfe(input, signer);
    const before = Date.now();
    const answer = (await client.authorize(lot, [built.xml], true)).notes[0];
    expect(answer?.status).toBe(100);
    return { key: built.accessKey, protocol: answer?.protocol as string, before };
  };

  beforeAll(async () => {
    sefaz = await startTestSefaz({ ...server, trusted: [SAMPLE_NFE_CERTIFICATE] });
    // Generous: the double's first answer compiles the schemas, and the suite shares two cores with others.
    client = createSefazClient({ identity, urls: sefazUrlsAt(sefaz.url), ca: [server.certPem], timeoutMs: 30_000 });
  });
  afterAll(async () => {
    client?.close();
    await sefaz?.close();
  });

  it('an NF-e: 24 h and 1 minute after its authorisation is 501; 23 h 58 min after, it is registered (135)', async () => {
    const nfe = await authorise(homologation(401), 1);
    // 24 h = 1 440 min; a minute past it is late whatever the seconds the authorisation took.
    const late = await client.event(2, cancellation(nfe.key, nfe.protocol, nfe.before + 1_441 * MINUTE), signer);
    expect([late.eventStatus, late.eventReason, late.protocol]).toEqual([
      501,
      'Rejeição: Prazo de cancelamento superior ao previsto na Legislação',
      null,
    ]);
    const inTime = await client.event(3, cancellation(nfe.key, nfe.protocol, nfe.before + 1_438 * MINUTE), signer);
    expect(inTime.eventStatus).toBe(135);
    expect(sefaz.refusals.map((r) => r.code)).toEqual([501]);
    sefaz.refusals.length = 0;
  });

  it('an NFC-e: 31 minutes after is 501 (30 minutes in SP), 28 minutes after is registered', async () => {
    const nfce = await authorise(consumer(402), 4);
    const late = await client.event(5, cancellation(nfce.key, nfce.protocol, nfce.before + 31 * MINUTE), signer);
    expect([late.eventStatus, late.eventReason]).toEqual([
      501,
      'Rejeição: Prazo de cancelamento superior ao previsto na Legislação',
    ]);
    // What the NF-e may (23 hours later) the NFC-e may not.
    const nextDay = await client.event(
      6,
      cancellation(nfce.key, nfce.protocol, nfce.before + 23 * 60 * MINUTE),
      signer,
    );
    expect(nextDay.eventStatus).toBe(501);
    const inTime = await client.event(7, cancellation(nfce.key, nfce.protocol, nfce.before + 28 * MINUTE), signer);
    expect(inTime.eventStatus).toBe(135);
    expect(sefaz.refusals.map((r) => r.code)).toEqual([501, 501]);
    sefaz.refusals.length = 0;
  });
});
