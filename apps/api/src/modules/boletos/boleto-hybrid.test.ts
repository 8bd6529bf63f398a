import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BOLETO_TEXTS,
  boletoSchema,
  boletoSettingsSchema,
  businessDay,
  pixWebhookInfoSchema,
  receivableDetailsSchema,
  shiftDay,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BbCobrancaConfig } from '../../config';
import { type DemoRole, expectApiError, type TestApp, tokenCaller } from '../../test/helpers';
import { creditSaleInstalments } from '../credit/test-credit';
import type { OrderWorld } from '../orders/test-orders';
import { bbBoletoRequest, bbCobrancaClient } from './bb-cobranca';
import { saveBoletoSettings } from './boleto-settings';
import type { TestBbCobranca } from './test-bb-cobranca';
import { bbBoletoSettings, startBbShop } from './test-bb-shop';
import { bbRetornoFile, uploadRetorno } from './test-retorno';

/**
 * The boleto híbrido (decision 0100) against the double of BB's API Cobranças (test-bb-cobranca.ts, from BB's
 * "Guia de Introdução à API Cobrança", table 7.1): with the setting on, 'Emitir boleto' registers the boleto by
 * `POST /cobrancas/v2/boletos` with `indicadorPix` "S", keeps the QR code's txId and EMV, prints it on the PDF
 * beside the barcode, never puts it in a CNAB remessa, and a Pix and a retorno's liquidação of one boleto pay its
 * instalment once, whichever comes first. Nine R$ 50,00 on credit in 30/60/90 days: three instalments of R$ 150,00.
 */
let t: TestApp;
let bb: TestBbCobranca;
let world: OrderWorld;
let bbConfig: BbCobrancaConfig;
const tokens = {} as Record<DemoRole, string>;
const call = tokenCaller(() => t.app);
const today = () => businessDay(new Date());
const SETTINGS = bbBoletoSettings(41);

beforeAll(async () => {
  const shop = await startBbShop();
  ({ t, bb, world, config: bbConfig } = shop);
  Object.assign(tokens, shop.tokens);
}, 120_000);
afterAll(async () => {
  await t.close();
  await bb.close();
});

/** A sale on credit of nine R$ 50,00 in 30/60/90 days, handed over today: its three instalments' ids. */
const threeInstalments = () =>
  creditSaleInstalments(t.db, world, { quantities: [0, 9], terms: [30, 60, 90], day: today() });

const details = async (id: number) =>
  receivableDetailsSchema.parse((await call('GET', `/receivables/${id}`, tokens.admin)).json().data);

const upload = (file: Buffer) => uploadRetorno(t.app, tokens.admin, file);

async function pixDelivery(txid: string, valor: string) {
  const secret = pixWebhookInfoSchema.parse((await call('GET', '/payments/pix/webhook', tokens.admin)).json()).data
    .secret;
  const endToEndId = `E00000000202611281030${randomUUID().replace(/-/g, '').slice(0, 11).toUpperCase()}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payments/pix/webhook/${secret}/pix`,
    payload: { pix: [{ endToEndId, txid, valor, horario: new Date().toISOString() }] },
  });
  expect(res.statusCode).toBe(200);
  return endToEndId;
}

describe('the boleto híbrido (Banco do Brasil, API Cobranças with indicadorPix S)', () => {
  it('is off by default, and cannot be turned on without the API configured on the server', async () => {
    const { pixHybrid: _off, ...withoutPix } = SETTINGS;
    const saved = await call('PUT', '/boletos/settings', tokens.admin, withoutPix);
    expect(boletoSettingsSchema.parse(saved.json().data)?.pixHybrid).toBe(false);
    const employeeId = (await t.db.selectFrom('employees').select('id').executeTakeFirstOrThrow()).id;
    await expect(saveBoletoSettings(t.db, false, employeeId, SETTINGS)).rejects.toThrow(BOLETO_TEXTS.pixHybridNoApi);
  });

  it('registers by the API with indicadorPix S, keeps the QR code, prints it on the PDF, and sends no remessa', async () => {
    expect((await call('PUT', '/boletos/settings', tokens.admin, SETTINGS)).json().data.pixHybrid).toBe(true);
    const [a] = (await threeInstalments()) as [number];
    const res = await call('POST', `/receivables/${a}/boletos`, tokens.attendant);
    expect(res.statusCode).toBe(201);
    const boleto = boletoSchema.parse(res.json().data);
    // What BB received: convênio 7654321, carteira 17, variação 19, simples; "000" + the nosso número (convênio
    // and sequence 41 in ten digits); R$ 150,00 due in 30 days, as "dd.mm.aaaa"; indicadorPix "S".
    const sent = bb.boletos.get('00076543210000000041');
    const due = shiftDay(today(), 30);
    expect(sent?.request).toMatchObject({
      numeroConvenio: 7654321,
      numeroCarteira: 17,
      numeroVariacaoCarteira: 19,
      codigoModalidade: 1,
      numeroTituloCliente: '00076543210000000041',
      valorOriginal: 150,
      dataVencimento: `${due.slice(8, 10)}.${due.slice(5, 7)}.${due.slice(0, 4)}`,
      pagador: { tipoInscricao: 1, numeroInscricao: 52998224725 },
      indicadorPix: 'S',
    });
    // BB's QR code kept with the boleto; its barcode is the one computed here (0019, R$ 150,00, BB's free field).
    expect(boleto).toMatchObject({
      nossoNumero: '76543210000000041',
      registeredByApi: true,
      pixTxid: sent?.qrCode.txId,
      pixCopyPaste: sent?.qrCode.emv,
      barcode: sent?.codigoBarraNumerico,
    });
    expect(boleto.pixCopyPaste?.startsWith('000201010212')).toBe(true);
    // Registered by the API: no remessa waits for it.
    expectApiError(await call('POST', '/boletos/remessas', tokens.admin), 409, 'CONFLICT');

    // The PDF: 'Pague com Pix' beside the barcode, and the copia e cola whole in lines of 95.
    const pdf = await call('GET', `/boletos/${boleto.id}/boleto.pdf`, tokens.attendant);
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'boleto-hibrido-'));
    writeFileSync(join(dir, 'boleto.pdf'), pdf.rawPayload);
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', join(dir, 'boleto.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Pague com Pix');
    expect(text).toContain('Pix Copia e Cola');
    const emv = boleto.pixCopyPaste as string;
    const lines = text.split('\n').map((l) => l.trim());
    const start = lines.indexOf(emv.slice(0, 95));
    expect(start).toBeGreaterThan(0);
    expect(lines.slice(start, start + Math.ceil(emv.length / 95)).join('')).toBe(emv);
  });

  it("BB's refusal keeps nothing (502 BANK_FAILED); any indicadorPix but S registers without Pix, as BB's guide says", async () => {
    const [, b] = (await threeInstalments()) as [number, number];
    // Someone registered the next nosso número (sequence 42) at BB already: BB refuses it once more.
    const client = bbCobrancaClient(bbConfig);
    const request = bbBoletoRequest({
      convenio: '7654321',
      carteira: '17',
      variacao: '019',
      nossoNumero: '76543210000000042',
      issuedOn: today(),
      dueDate: shiftDay(today(), 10),
      amountCents: 1234,
      documentNumber: 'OUTRO-1',
      fineHundredths: 200,
      monthlyInterestHundredths: 100,
      payer: {
        document: '52998224725',
        name: 'Outro',
        street: 'Rua A, 1',
        zipCode: '01001000',
        city: 'São Paulo',
        neighborhood: 'Sé',
        state: 'SP',
      },
      pix: true,
    });
    // The guide's field 29: "caso não informado, ou utilizado caractere inválido, o sistema assumirá 'N'".
    const odd = await client.register({ ...request, indicadorPix: 'X' as 'S' });
    expect(odd.qrCode).toEqual({ url: '', txId: '', emv: '' });
    // The fine from the day after the due day, 2,00 %; interest 1,00 % a month.
    expect(request.multa).toEqual({
      tipo: 2,
      data: (() => {
        const d = shiftDay(today(), 11);
        return `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
      })(),
      porcentagem: 2,
    });
    expect(request.jurosMora).toEqual({ tipo: 2, porcentagem: 1 });

    const refused = await call('POST', `/receivables/${b}/boletos`, tokens.attendant);
    expectApiError(refused, 502, 'BANK_FAILED');
    expect(refused.json().errors[0]).toContain('Nosso Número já incluído anteriormente.');
    expect(bb.refusals.at(-1)?.body).toMatchObject({
      erros: [{ codigo: 'D003', versao: '1', mensagem: 'Nosso Número já incluído anteriormente.' }],
    });
    // Nothing kept: no boleto, the sequence still at 42.
    expect((await call('GET', `/receivables/${b}/boletos`, tokens.admin)).json().data).toEqual([]);
    expect((await call('GET', '/boletos/settings', tokens.admin)).json().data.nextSequence).toBe(42);
  });

  it('a Pix of the QR code and the retorno of the same boleto pay its instalment once, whichever comes first', async () => {
    await call('PUT', '/boletos/settings', tokens.admin, { ...SETTINGS, nextSequence: 43 });
    const [a, b] = (await threeInstalments()) as [number, number];
    const first = boletoSchema.parse((await call('POST', `/receivables/${a}/boletos`, tokens.attendant)).json().data);
    const second = boletoSchema.parse((await call('POST', `/receivables/${b}/boletos`, tokens.attendant)).json().data);
    expect([first.nossoNumero, second.nossoNumero]).toEqual(['76543210000000043', '76543210000000044']);

    // The first: paid by Pix (R$ 150,00 on its QR code), then BB's retorno tells the same liquidação.
    await pixDelivery(first.pixTxid as string, '150.00');
    expect(await details(a)).toMatchObject({ status: 'PAID', paid: 150, open: 0 });
    // The second: the retorno first (liquidação 06, R$ 150,00), then the Pix of its QR code.
    const retorno = await upload(
      bbRetornoFile({
        convenio: SETTINGS.convenio,
        nsa: 21,
        occurrences: [
          {
            nossoNumero: first.nossoNumero,
            movement: '06',
            feeCents: 0,
            paidCents: 15000,
            chargesCents: 0,
            day: today(),
          },
          {
            nossoNumero: second.nossoNumero,
            movement: '06',
            feeCents: 0,
            paidCents: 15000,
            chargesCents: 0,
            day: today(),
          },
        ],
      }),
    );
    expect(retorno.statusCode).toBe(200);
    // Only the second is paid by the retorno: the first was paid by its Pix.
    expect(retorno.json().data.paid).toEqual([{ nossoNumero: second.nossoNumero, receivableId: b, amount: 150 }]);
    const e2e = await pixDelivery(second.pixTxid as string, '150.00');
    // The Pix of a boleto already liquidated is the same payment: matched to the order, nothing recorded.
    const received = await t.db
      .selectFrom('pix_received')
      .select(['order_id', 'unmatched_reason'])
      .where('end_to_end_id', '=', e2e)
      .executeTakeFirstOrThrow();
    expect(received.unmatched_reason).toBeNull();
    for (const id of [a, b]) {
      const paid = await details(id);
      expect(paid).toMatchObject({ status: 'PAID', paid: 150, open: 0 });
      expect(paid.payments.map((p) => [p.method, p.amount])).toEqual([['BOLETO', 150]]);
    }
  });
});
