import {
  BOLETO_TEXTS,
  boletoRetornoResultSchema,
  boletoSchema,
  businessDay,
  receivableDetailsSchema,
  shiftDay,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type DemoRole, expectApiError, signInAll, type TestApp, tokenCaller } from '../../test/helpers';
import { creditSaleInstalments } from '../credit/test-credit';
import { createOrderWorld, type OrderWorld } from '../orders/test-orders';
import { bbBoletoSettings } from './test-bb-shop';
import { bbRetornoFile, cnabDay, type RetornoOccurrence, uploadRetorno } from './test-retorno';

/**
 * Registered boletos through the API (issue 58 §2, decision 0092): settings, 'Emitir boleto', the CNAB 240
 * remessa, and a retorno of Banco do Brasil with two liquidações and one baixa that pays exactly those
 * instalments once — read twice, nothing changes. The world's second product costs R$ 50,00: nine of them on
 * credit in 30/60/90 days are three instalments of R$ 150,00.
 */
let t: TestApp;
let world: OrderWorld;
const tokens = {} as Record<DemoRole, string>;
const call = tokenCaller(() => t.app);
const today = () => businessDay(new Date());

/** The CNAB path: the boleto híbrido off (no BB API in this file). */
const SETTINGS = bbBoletoSettings(41, false);

beforeAll(async () => {
  t = await createTestApp();
  world = await createOrderWorld(t.db);
  Object.assign(tokens, await signInAll(t.app));
  expect((await call('PUT', '/boletos/settings', tokens.admin, SETTINGS)).statusCode).toBe(200);
}, 120_000);
afterAll(() => t.close());

/** A sale on credit of nine R$ 50,00 in 30/60/90 days, handed over today: its three instalments' ids. */
const threeInstalments = () =>
  creditSaleInstalments(t.db, world, { quantities: [0, 9], terms: [30, 60, 90], day: today() });

const ddmmyyyy = cnabDay;

/** Banco do Brasil's retorno numbered `nsa` for the shop's convênio (test-retorno.ts lays each field). */
const retornoFile = (nsa: number, occurrences: RetornoOccurrence[]) =>
  bbRetornoFile({ convenio: SETTINGS.convenio, nsa, occurrences });

/** The retorno sent as a browser's FormData sends a file. */
const upload = (file: Buffer, token = tokens.admin) => uploadRetorno(t.app, token, file);

const details = async (id: number) =>
  receivableDetailsSchema.parse((await call('GET', `/receivables/${id}`, tokens.admin)).json().data);
const feeBills = () =>
  t.db.selectFrom('payables').select(['id', 'amount_cents', 'paid_cents']).where('category', '=', 'TARIFAS').execute();

describe('boletos of instalments, the remessa and the retorno', () => {
  it('issues one boleto per instalment, writes the remessa, and a retorno with two liquidações and a baixa pays those once', async () => {
    const [a, b, c] = (await threeInstalments()) as [number, number, number];
    // Without 'Crédito e cobrança' nor orders: 403; the attendant (orders) issues.
    expectApiError(await call('POST', `/receivables/${a}/boletos`, tokens.stocker), 403, 'FORBIDDEN');
    const issued = [];
    for (const id of [a, b, c]) {
      const res = await call('POST', `/receivables/${id}/boletos`, tokens.attendant);
      expect(res.statusCode).toBe(201);
      issued.push(boletoSchema.parse(res.json().data));
    }
    const [ba, bb, bc] = issued as [(typeof issued)[number], (typeof issued)[number], (typeof issued)[number]];
    // Nosso número: convênio 7654321 and the sequence from 41 on, ten digits.
    expect(issued.map((x) => x.nossoNumero)).toEqual(['76543210000000041', '76543210000000042', '76543210000000043']);
    // Each asks R$ 150,00 on its instalment's due day; its barcode carries 150,00 and BB's free field: six zeros,
    // the nosso número (17) and the carteira (17).
    expect(ba).toMatchObject({ amount: 150, dueDate: shiftDay(today(), 30), status: 'ISSUED', remessa: null });
    expect(ba.barcode.slice(0, 4)).toBe('0019');
    expect(ba.barcode.slice(9, 19)).toBe('0000015000');
    expect(ba.barcode.slice(19)).toBe('0000007654321000000004117');
    // A second boleto of the same instalment: 409.
    expectApiError(await call('POST', `/receivables/${a}/boletos`, tokens.attendant), 409, 'DUPLICATE');
    // The PDF opens.
    const pdf = await call('GET', `/boletos/${ba.id}/boleto.pdf`, tokens.attendant);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // The remessa: NSA 7, the three boletos (header, lot header, 3 × P Q R, two trailers = 13 lines of 240).
    expectApiError(await call('POST', '/boletos/remessas', tokens.attendant), 403, 'FORBIDDEN');
    const remessa = await call('POST', '/boletos/remessas', tokens.admin);
    expect(remessa.statusCode).toBe(201);
    expect(remessa.json().data).toMatchObject({ nsa: 7, boletoCount: 3 });
    const file = await call('GET', `/boletos/remessas/${remessa.json().data.id}/file`, tokens.admin);
    expect(file.headers['content-disposition']).toContain('CB000007.REM');
    const lines = file.body.split('\r\n').filter(Boolean);
    expect(lines.map((l) => l.length)).toEqual(Array(13).fill(240));
    expect(lines.map((l) => `${l[7]}${l[7] === '3' ? l[13] : ''}`)).toEqual([
      '0',
      '1',
      '3P',
      '3Q',
      '3R',
      '3P',
      '3Q',
      '3R',
      '3P',
      '3Q',
      '3R',
      '5',
      '9',
    ]);
    const p = lines[2] as string;
    // P: movimento 01 (16-17), nosso número at 38-57, carteira code 7 (58), due day 78-85, value 86-100.
    expect(p.slice(15, 17)).toBe('01');
    expect(p.slice(37, 57)).toBe('76543210000000041   ');
    expect(p[57]).toBe('7');
    expect(p.slice(77, 85)).toBe(ddmmyyyy(ba.dueDate));
    expect(p.slice(85, 100)).toBe('000000000015000');
    // Header: convênio field 33-52 = 000000007654321 '0014' '17' '019' + 2 blanks; NSA 158-163.
    expect(lines[0]?.slice(32, 52)).toBe('007654321001417019  ');
    expect(lines[0]?.slice(157, 163)).toBe('000007');
    // Lot trailer: 11 records in the lot (header, 9 segments, trailer); file trailer: 13 records.
    expect(lines[11]?.slice(17, 23)).toBe('000011');
    expect(lines[12]?.slice(23, 29)).toBe('000013');
    // None left to send: 409.
    expectApiError(await call('POST', '/boletos/remessas', tokens.admin), 409, 'CONFLICT');

    // The retorno: a and b paid (liquidação 06) on their due day with a fee of R$ 1,80 each; c written off (baixa
    // 09) with a fee of R$ 0,90. Fees: 1,80 + 1,80 + 0,90 = 4,50.
    const before = await feeBills();
    const retorno = retornoFile(31, [
      {
        nossoNumero: ba.nossoNumero,
        movement: '06',
        feeCents: 180,
        paidCents: 15_000,
        chargesCents: 0,
        day: ba.dueDate,
      },
      {
        nossoNumero: bb.nossoNumero,
        movement: '06',
        feeCents: 180,
        paidCents: 15_000,
        chargesCents: 0,
        day: bb.dueDate,
      },
      { nossoNumero: bc.nossoNumero, movement: '09', feeCents: 90, paidCents: 0, chargesCents: 0, day: today() },
    ]);
    expectApiError(await upload(retorno, tokens.attendant), 403, 'FORBIDDEN');
    const read = await upload(retorno);
    expect(read.statusCode).toBe(200);
    const result = boletoRetornoResultSchema.parse(read.json().data);
    expect(result).toMatchObject({ applied: true, nsa: 31, fees: 4.5, notes: [] });
    expect(result.paid.map((x) => [x.receivableId, x.amount])).toEqual([
      [a, 150],
      [b, 150],
    ]);
    expect(result.writtenOff.map((x) => x.receivableId)).toEqual([c]);
    // a and b paid by BOLETO, no one at the desk, R$ 150,00 of principal; c still open, its boleto written off.
    for (const id of [a, b]) {
      const paid = await details(id);
      expect(paid).toMatchObject({ status: 'PAID', paid: 150, open: 0 });
      expect(paid.payments.map((x) => [x.method, x.amount, x.principal, x.employee])).toEqual([
        ['BOLETO', 150, 150, null],
      ]);
    }
    expect(await details(c)).toMatchObject({ status: 'OPEN', paid: 0, open: 150 });
    const cBoletos = (await call('GET', `/receivables/${c}/boletos`, tokens.attendant)).json().data;
    expect(cBoletos.map((x: { status: string }) => x.status)).toEqual(['WRITTEN_OFF']);
    // What the bank charged: one bill of 'Tarifas bancárias' of R$ 4,50, paid.
    const fees = (await feeBills()).filter((f) => !before.some((x) => x.id === f.id));
    expect(fees.map((f) => [Number(f.amount_cents), Number(f.paid_cents)])).toEqual([[450, 450]]);

    // The same file again: nothing changes.
    const again = boletoRetornoResultSchema.parse((await upload(retorno)).json().data);
    expect(again).toMatchObject({ applied: false, notes: [BOLETO_TEXTS.retornoAlreadyRead] });
    // Another file (another NSA) telling the same liquidação of a: not paid twice, no new fee.
    const echo = retornoFile(32, [
      {
        nossoNumero: ba.nossoNumero,
        movement: '06',
        feeCents: 180,
        paidCents: 15_000,
        chargesCents: 0,
        day: ba.dueDate,
      },
    ]);
    expect(boletoRetornoResultSchema.parse((await upload(echo)).json().data)).toMatchObject({
      applied: true,
      paid: [],
      fees: 0,
    });
    for (const id of [a, b]) expect((await details(id)).payments).toHaveLength(1);
    expect((await feeBills()).length).toBe(before.length + 1);
    // c may get a new boleto after its baixa.
    expect((await call('POST', `/receivables/${c}/boletos`, tokens.attendant)).statusCode).toBe(201);
  });

  it('refuses a retorno of another convênio, a broken line and a file over 2 MB, changing nothing', async () => {
    const other = retornoFile(40, []);
    other.write('000001111', 32, 'latin1');
    expectApiError(await upload(other), 400, 'BAD_REQUEST');
    const broken = Buffer.from(`${'0'.repeat(239)}\r\n`, 'latin1');
    const res = expectApiError(await upload(broken), 400, 'BAD_REQUEST');
    expect(res.errors[0]).toBe(BOLETO_TEXTS.retornoInvalid(1, '239 posições em vez de 240'));
    expectApiError(await upload(Buffer.alloc(2 * 1024 * 1024 + 1, 0x30)), 413, 'PAYLOAD_TOO_LARGE');
    const read = await t.db.selectFrom('boleto_retornos').select('nsa').where('nsa', '=', 40).execute();
    expect(read).toEqual([]);
  });

  it('keeps the nosso número from going back, and the settings to who holds them', async () => {
    expectApiError(await call('PUT', '/boletos/settings', tokens.attendant, SETTINGS), 403, 'FORBIDDEN');
    const back = await call('PUT', '/boletos/settings', tokens.admin, {
      ...SETTINGS,
      nextSequence: 41,
      nextRemessa: 99,
    });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors[0]).toBe(BOLETO_TEXTS.sequenceBackwards);
    const bad = await call('PUT', '/boletos/settings', tokens.admin, { ...SETTINGS, convenio: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContain(BOLETO_TEXTS.convenioInvalid);
  });
});
