import {
  boletoSchema,
  boletoSettleResultSchema,
  businessDay,
  receivableDetailsSchema,
  shiftDay,
} from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoRole, expectApiError, type TestApp, tokenCaller } from '../../test/helpers';
import { creditSaleInstalments } from '../credit/test-credit';
import type { OrderWorld } from '../orders/test-orders';
import type { TestBbCobranca } from './test-bb-cobranca';
import { bbBoletoSettings, startBbShop } from './test-bb-shop';
import { bbRetornoFile, uploadRetorno } from './test-retorno';

/**
 * Settlement by BB's API Cobranças (decision 0100): 'Consultar pagamentos no banco' asks BB's double
 * (test-bb-cobranca.ts, "Detalhar um Boleto") for each open boleto it registered. A sale of nine R$ 50,00 in
 * 30/60/90 days: instalments of R$ 150,00. The one paid is made due 10 days before today; BB credits it today with
 * the fine of 2 % (R$ 3,00) and interest of 1 % a month for 10 days (150 × 1 % × 10/30 = R$ 0,50): R$ 153,50.
 */
let t: TestApp;
let bb: TestBbCobranca;
let world: OrderWorld;
const tokens = {} as Record<DemoRole, string>;
const call = tokenCaller(() => t.app);
const today = () => businessDay(new Date());
const SETTINGS = bbBoletoSettings(61);

beforeAll(async () => {
  const shop = await startBbShop();
  ({ t, bb, world } = shop);
  Object.assign(tokens, shop.tokens);
  expect((await call('PUT', '/boletos/settings', tokens.admin, SETTINGS)).statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
  await bb.close();
});

const details = async (id: number) =>
  receivableDetailsSchema.parse((await call('GET', `/receivables/${id}`, tokens.admin)).json().data);
const settle = async () => call('POST', '/boletos/settle', tokens.admin);

const upload = (file: Buffer) => uploadRetorno(t.app, tokens.admin, file);

describe("settlement by BB's API Cobranças (GET /boletos/{id})", () => {
  it('pays the instalment BB liquidated with what the payer paid on the credit day, once; the open one stays open', async () => {
    const [a, b] = (await creditSaleInstalments(t.db, world, {
      quantities: [0, 9],
      terms: [30, 60, 90],
      day: today(),
    })) as [number, number];
    const first = boletoSchema.parse((await call('POST', `/receivables/${a}/boletos`, tokens.attendant)).json().data);
    const second = boletoSchema.parse((await call('POST', `/receivables/${b}/boletos`, tokens.attendant)).json().data);
    expect([first.nossoNumero, second.nossoNumero]).toEqual(['76543210000000061', '76543210000000062']);
    // The first became due 10 days ago; BB liquidated it with R$ 3,00 of fine and R$ 0,50 of interest, credited today.
    await t.db
      .updateTable('receivables')
      .set({ due_date: shiftDay(today(), -10) })
      .where('id', '=', a)
      .execute();
    bb.liquidate('00076543210000000061', { fineCents: 300, interestCents: 50, creditDay: today() });

    const res = await settle();
    expect(res.statusCode).toBe(200);
    expect(boletoSettleResultSchema.parse(res.json().data)).toEqual({
      asked: 2,
      paid: [{ nossoNumero: first.nossoNumero, receivableId: a, amount: 153.5 }],
    });
    // What BB was asked: the 20-digit id with the convênio, for both boletos.
    expect(bb.requests.filter((r) => r.method === 'GET').map((r) => [r.path, r.status])).toEqual([
      ['/cobrancas/v2/boletos/00076543210000000061', 200],
      ['/cobrancas/v2/boletos/00076543210000000062', 200],
    ]);
    const paid = await details(a);
    expect(paid).toMatchObject({ status: 'PAID', paid: 150, open: 0 });
    expect(paid.payments.map((p) => [p.method, p.paidOn, p.amount, p.principal, p.fine, p.interest])).toEqual([
      ['BOLETO', today(), 153.5, 150, 3, 0.5],
    ]);
    const boleto = (await call('GET', `/receivables/${a}/boletos`, tokens.admin)).json().data[0];
    expect(boleto).toMatchObject({ status: 'PAID', paidOn: today(), paid: 153.5 });
    // BB says the second is still normal (1): it stays open.
    expect(await details(b)).toMatchObject({ paid: 0, open: 150 });

    // Asked again: only the second is open, nothing paid.
    expect((await settle()).json().data).toEqual({ asked: 1, paid: [] });
    // The retorno of the same liquidação afterwards: nothing paid again.
    const retorno = await upload(
      bbRetornoFile({
        convenio: SETTINGS.convenio,
        nsa: 31,
        occurrences: [
          {
            nossoNumero: first.nossoNumero,
            movement: '06',
            feeCents: 0,
            paidCents: 15350,
            chargesCents: 350,
            day: today(),
          },
        ],
      }),
    );
    expect(retorno.statusCode).toBe(200);
    expect(retorno.json().data.paid).toEqual([]);
    expect((await details(a)).payments.map((p) => p.amount)).toEqual([153.5]);
  });

  it('a retorno first, then the API: paid once; BB unreachable: 502 in Portuguese, nothing changes', async () => {
    const [a, b] = (await creditSaleInstalments(t.db, world, {
      quantities: [0, 9],
      terms: [30, 60, 90],
      day: today(),
    })) as [number, number];
    const first = boletoSchema.parse((await call('POST', `/receivables/${a}/boletos`, tokens.attendant)).json().data);
    const second = boletoSchema.parse((await call('POST', `/receivables/${b}/boletos`, tokens.attendant)).json().data);
    const read = await upload(
      bbRetornoFile({
        convenio: SETTINGS.convenio,
        nsa: 32,
        occurrences: [
          {
            nossoNumero: first.nossoNumero,
            movement: '06',
            feeCents: 0,
            paidCents: 15000,
            chargesCents: 0,
            day: today(),
          },
        ],
      }),
    );
    expect(read.json().data.paid).toEqual([{ nossoNumero: first.nossoNumero, receivableId: a, amount: 150 }]);
    bb.liquidate(`000${first.nossoNumero}`, { fineCents: 0, interestCents: 0, creditDay: today() });
    bb.liquidate(`000${second.nossoNumero}`, { fineCents: 0, interestCents: 0, creditDay: today() });

    bb.unreachable = true;
    try {
      const silent = await settle();
      expectApiError(silent, 502, 'BANK_FAILED');
      expect(silent.json().errors[0]).toContain('Não foi possível falar com a API Cobrança do Banco do Brasil');
    } finally {
      bb.unreachable = false;
    }
    expect(await details(b)).toMatchObject({ paid: 0, open: 150 });

    // The first was paid by the retorno (not open any more, not asked); the second now pays R$ 150,00.
    const res = await settle();
    expect(res.json().data).toEqual({
      asked: 2,
      paid: [{ nossoNumero: second.nossoNumero, receivableId: b, amount: 150 }],
    });
    for (const id of [a, b])
      expect((await details(id)).payments.map((p) => [p.method, p.amount])).toEqual([['BOLETO', 150]]);
  });

  it("needs 'Crédito e cobrança'", async () => {
    expectApiError(await call('POST', '/boletos/settle', tokens.attendant), 403, 'FORBIDDEN');
  });
});
