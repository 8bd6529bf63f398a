import { randomUUID } from 'node:crypto';
import { formatBusinessDate, TRADE_IN_TEXTS } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { testImei } from '../../lib/nfe/test-imei';
import { CHECKLIST, expectError, useTradeInsWorld } from './test-trade-ins';

/**
 * Used phones taken in: what stops a trade-in, races, lost answers, the list, bought outright (createTestApp through
 * ./test-trade-ins: an app and a database of this file's own).
 */

const { w, call, seminovo, tradeIn } = useTradeInsWorld();

describe('what stops a trade-in', () => {
  it("an 'impedido' check ends it: no signature, no acceptance, nothing enters the stock", async () => {
    const created = await tradeIn('490154203237518');
    const blocked = await call(w.attendant, 'POST', `/trade-ins/${created.id}/check`, {
      result: 'IMPEDIDO',
      screenshot: w.photo,
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data).toMatchObject({ status: 'BLOCKED', check: { result: 'IMPEDIDO' }, missing: [] });
    const product = await seminovo(`Seminovo impedido ${randomUUID()}`);
    const sign = expectError(
      await call(w.attendant, 'POST', `/trade-ins/${created.id}/sign`, { signature: w.signature }),
      409,
      'TRANSITION_REFUSED',
    );
    expect(sign.errors[0]).toBe(`A avaliação ${created.code} não está em aberto (Impedido).`);
    expectError(
      await call(w.attendant, 'POST', `/trade-ins/${created.id}/accept`, { productId: product.id, settlement: 'CASH' }),
      409,
      'TRANSITION_REFUSED',
    );
    const units = await w.t.db.selectFrom('product_units').select('id').where('imei', '=', '490154203237518').execute();
    expect(units).toEqual([]);
  });

  it('refuses a bad IMEI, a bad CPF and a model outside the table priced by the attendant, writing nothing', async () => {
    const before = await w.t.db
      .selectFrom('trade_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const badImei = await call(w.attendant, 'POST', '/trade-ins', {
      sellerName: 'Maria',
      sellerCpf: '52998224725',
      brand: 'Apple',
      model: 'iPhone 12',
      storage: 128,
      imei: '356938035643808',
      checklist: CHECKLIST,
    });
    expect(expectError(badImei, 400, 'INVALID_IMEI').errors[0]).toBe(
      'IMEI inválido: 356938035643808 (dígito verificador não confere).',
    );
    const badCpf = await call(w.attendant, 'POST', '/trade-ins', {
      sellerName: 'Maria',
      sellerCpf: '529.982.247-26',
      brand: 'Apple',
      model: 'iPhone 12',
      storage: 128,
      imei: '220000000000004',
      checklist: CHECKLIST,
    });
    expect(badCpf.statusCode).toBe(400);
    expect(badCpf.body).toContain('CPF do vendedor inválido.');
    // A model the table does not price: only the manager sets its value.
    const unpriced = await call(w.attendant, 'POST', '/trade-ins', {
      sellerName: 'Maria',
      sellerCpf: '52998224725',
      brand: 'Motorola',
      model: 'Moto G54',
      storage: 256,
      imei: '220000000000004',
      checklist: CHECKLIST,
      value: 400,
    });
    expect(expectError(unpriced, 403, 'FORBIDDEN').errors[0]).toBe(
      'Este modelo não está na tabela de preços: o valor é definido por quem gerencia a avaliação de usados.',
    );
    const after = await w.t.db
      .selectFrom('trade_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const byManager = await call(w.manager, 'POST', '/trade-ins', {
      sellerName: 'Maria',
      sellerCpf: '52998224725',
      brand: 'Motorola',
      model: 'Moto G54',
      storage: 256,
      imei: '220000000000004',
      checklist: CHECKLIST,
      value: 400,
    });
    expect(byManager.statusCode, byManager.body).toBe(201);
    expect(byManager.json().data).toMatchObject({ offer: null, value: 400, valueSetBy: 'Fernanda Gerente' });
  });

  it('a phone still tied to its iCloud account is not accepted', async () => {
    const linked = await tradeIn('330000000000001', { checklist: { ...CHECKLIST, accountRemoved: false } });
    await call(w.attendant, 'POST', `/trade-ins/${linked.id}/check`, { result: 'REGULAR', screenshot: w.photo });
    await call(w.attendant, 'POST', `/trade-ins/${linked.id}/sign`, { signature: w.signature });
    const product = await seminovo(`Seminovo conta ${randomUUID()}`);
    const refused = await call(w.attendant, 'POST', `/trade-ins/${linked.id}/accept`, {
      productId: product.id,
      settlement: 'CASH',
    });
    expect(expectError(refused, 409, 'TRANSITION_REFUSED').errors[0]).toBe(
      'A conta iCloud/Google ainda está no aparelho: peça ao vendedor que a remova antes da compra.',
    );
  });
});

describe('one IMEI in two trade-ins at once', () => {
  it('two evaluations of the same phone accepted at the same moment: one enters the stock, the other 409 in words', async () => {
    const imei = testImei(53_005);
    const name = `Seminovo duas avaliações ${randomUUID()}`;
    const product = await seminovo(name);
    const ready = [];
    for (let i = 0; i < 2; i++) {
      const created = await tradeIn(imei);
      await call(w.attendant, 'POST', `/trade-ins/${created.id}/check`, { result: 'REGULAR', screenshot: w.photo });
      const signed = await call(w.attendant, 'POST', `/trade-ins/${created.id}/sign`, { signature: w.signature });
      expect(signed.statusCode, signed.body).toBe(200);
      ready.push(created);
    }
    const answers = await Promise.all(
      ready.map((created) =>
        call(w.attendant, 'POST', `/trade-ins/${created.id}/accept`, { productId: product.id, settlement: 'PIX' }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    const body = expectError(refused as (typeof answers)[number], 409, 'IMEI_DUPLICATE');
    // Whether the later one waited and then met the unit (its own words) or met the unique index: never a 500.
    expect([
      TRADE_IN_TEXTS.imeiInAnotherTradeIn(imei),
      TRADE_IN_TEXTS.unitInStock(imei, `${name}, Em preparação`),
    ]).toContain(body.errors[0]);
    const units = await w.t.db.selectFrom('product_units').select('id').where('imei', '=', imei).execute();
    expect(units).toHaveLength(1);
    const statuses = await w.t.db
      .selectFrom('trade_ins')
      .select('status')
      .where('imei', '=', imei)
      .orderBy('status')
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['ACCEPTED', 'OPEN']);
  });
});

describe('a lost answer', () => {
  it('the same Idempotency-Key creates one evaluation, with its photo once; another key, another', async () => {
    const body = {
      sellerName: 'Otávio Repetido',
      sellerCpf: '529.982.247-25',
      brand: 'Apple',
      model: 'iPhone 12',
      storage: 128,
      imei: '990000000000002',
      checklist: CHECKLIST,
      photos: [w.photo],
    };
    const key = randomUUID();
    const first = await call(w.attendant, 'POST', '/trade-ins', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const second = await call(w.attendant, 'POST', '/trade-ins', body, key);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    const rows = await w.t.db
      .selectFrom('trade_ins')
      .select('id')
      .where('seller_name', '=', 'Otávio Repetido')
      .execute();
    expect(rows).toHaveLength(1);
    expect(second.json().data.photos).toHaveLength(1);
    const other = await call(w.attendant, 'POST', '/trade-ins', body, randomUUID());
    expect(other.json().data.id).not.toBe(first.json().data.id);
  });
});

describe('the list on the server', () => {
  it("exports the list's trade-ins as aparelhos-usados.csv, filtered as the list", async () => {
    const created = await tradeIn('490154203237518', { sellerName: 'Zuléica Exportada' });
    // Searched as typed without the accent, in lower case: every word found.
    const res = await call(w.attendant, 'GET', '/trade-ins/export.csv?search=zuleica%20exportada');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The offer and the value: R$ 1.500,00 − 150,00 − 150,00 = 1.200,00; open, not paid yet.
    expect(lines).toEqual([
      'Código;Data;Vendedor;Aparelho;IMEI;Oferta;Valor;Pagamento;Situação',
      `${created.code};${formatBusinessDate(new Date())};Zuléica Exportada;Apple iPhone 12 128 GB;490154203237518;1200,00;1200,00;;Em avaliação`,
    ]);
  });
});

describe('a used phone bought outright', () => {
  it('in cash: out of the attendant’s open register, R$ 1.200,00 as a trade-in entry', async () => {
    const registers = await call(w.admin, 'POST', '/cash-registers', {
      name: `Caixa usados ${randomUUID().slice(0, 6)}`,
    });
    expect(registers.statusCode, registers.body).toBe(201);
    const register = registers.json().data as { id: number };
    const opened = await call(w.attendant, 'POST', `/cash-registers/${register.id}/open`, { float: 2000 });
    expect(opened.statusCode, opened.body).toBe(201);
    const sessionId = opened.json().data.id as number;
    const created = await tradeIn('220000000000004');
    await call(w.attendant, 'POST', `/trade-ins/${created.id}/check`, { result: 'REGULAR', screenshot: w.photo });
    await call(w.attendant, 'POST', `/trade-ins/${created.id}/sign`, { signature: w.signature });
    const product = await seminovo(`Seminovo dinheiro ${randomUUID()}`);
    const accepted = await call(w.attendant, 'POST', `/trade-ins/${created.id}/accept`, {
      productId: product.id,
      settlement: 'CASH',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The same acceptance sent again (its answer lost): the trade-in as it is, the seller paid once.
    const again = await call(w.attendant, 'POST', `/trade-ins/${created.id}/accept`, {
      productId: product.id,
      settlement: 'CASH',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'ACCEPTED', settlement: 'CASH' });
    const entries = await w.t.db
      .selectFrom('cash_entries')
      .select(['kind', 'amount_cents', 'reason'])
      .where('kind', '=', 'TRADE_IN')
      .execute();
    expect(entries.map((e) => [e.kind, Number(e.amount_cents), e.reason])).toEqual([
      ['TRADE_IN', 120_000, `Compra de aparelho usado ${created.code}`],
    ]);
    // The drawer expects R$ 2.000,00 − R$ 1.200,00 = R$ 800,00.
    // Read by the manager: the attendant counts blind, not told 'expected' while it is open (decision 0078).
    const session = await call(w.manager, 'GET', `/cash-registers/sessions/${sessionId}`);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().data.totals).toMatchObject({ float: 2000, out: 1200, expected: 800 });
  });

  it('in cash above what the drawer holds: refused, nothing paid nor taken in (issue 53, finding 4)', async () => {
    // The administrator's own register (the attendant's may be open from another test), with R$ 10,00 in it.
    const registers = await call(w.admin, 'POST', '/cash-registers', {
      name: `Caixa curto ${randomUUID().slice(0, 6)}`,
    });
    expect(registers.statusCode, registers.body).toBe(201);
    const register = registers.json().data as { id: number };
    const opened = await call(w.admin, 'POST', `/cash-registers/${register.id}/open`, { float: 10 });
    expect(opened.statusCode, opened.body).toBe(201);
    const sessionId = opened.json().data.id as number;
    const created = await tradeIn('330000000000001');
    // The value lowered to R$ 500,00 (below the offer of R$ 1.200,00: the attendant may).
    expect((await call(w.attendant, 'PUT', `/trade-ins/${created.id}/value`, { value: 500 })).statusCode).toBe(200);
    await call(w.attendant, 'POST', `/trade-ins/${created.id}/check`, { result: 'REGULAR', screenshot: w.photo });
    await call(w.attendant, 'POST', `/trade-ins/${created.id}/sign`, { signature: w.signature });
    const product = await seminovo(`Seminovo caixa curto ${randomUUID()}`);
    const body = { productId: product.id, settlement: 'CASH' };
    // R$ 500,00 out of a drawer holding R$ 10,00 would leave it at 10,00 − 500,00 = −490,00.
    const refused = expectError(
      await call(w.admin, 'POST', `/trade-ins/${created.id}/accept`, body),
      409,
      'TRANSITION_REFUSED',
    );
    expect(refused.errors[0]).toBe('O pagamento do aparelho usado passa do dinheiro esperado no caixa (R$ 10,00).');
    // Nothing changed: still open, no unit, no cash out, the drawer at R$ 10,00.
    const row = await w.t.db
      .selectFrom('trade_ins')
      .select(['status', 'unit_id'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'OPEN', unit_id: null });
    const units = await w.t.db.selectFrom('product_units').select('id').where('trade_in_id', '=', created.id).execute();
    expect(units).toEqual([]);
    const session = await call(w.admin, 'GET', `/cash-registers/sessions/${sessionId}`);
    expect(session.json().data).toMatchObject({ totals: { out: 0, expected: 10 }, entries: [] });
    // A top-up of R$ 490,00 makes 10,00 + 490,00 = 500,00: exactly what it pays, leaving 0,00.
    const topUp = await call(w.admin, 'POST', `/cash-registers/${register.id}/entries`, {
      kind: 'TOP_UP',
      amount: 490,
    });
    expect(topUp.statusCode, topUp.body).toBe(201);
    const accepted = await call(w.admin, 'POST', `/trade-ins/${created.id}/accept`, body);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await call(w.admin, 'GET', `/cash-registers/sessions/${sessionId}`);
    expect(after.json().data.totals).toMatchObject({ in: 490, out: 500, expected: 0 });
  });
});
