import {
  cashOverviewSchema,
  cashRegisterSchema,
  cashSessionDetailsSchema,
  cashSessionPageSchema,
  courierRunSchema,
  ORDER_STATUS,
  settlementSchema,
} from '@backoffice/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, bearer, type DemoRole, expectApiError, type TestApp, tokenCaller } from '../../test/helpers';
import { pdfText } from '../../test/pdf-text';
import { createOrder, type OrderWorld } from '../orders/test-orders';
import { closeOpenDrawers, departuresFromNow, openCashWorld } from './test-cash';

/**
 * The cash drawer through the API (issue 40 §3, decision 0053), every figure worked out by hand. The world's
 * products cost R$ 19,90 and R$ 50,00; a motoboy order adds R$ 15,00 of freight, a pickup none.
 */
let t: TestApp;
let world: OrderWorld;
let tokens: Record<DemoRole, string>;
let signature: string;

const call = tokenCaller(() => t.app);

const expectError = expectApiError;

const session = (res: { statusCode: number; json(): unknown }, status = 200) => {
  expect(res.statusCode).toBe(status);
  return cashSessionDetailsSchema.parse((res.json() as { data: unknown }).data);
};

let registers = 0;
/** A register of the test's own, created by the administrator. */
async function register(name = `Caixa teste ${++registers}`) {
  const res = await call('POST', '/cash-registers', tokens.admin, { name });
  expect(res.statusCode).toBe(201);
  return cashRegisterSchema.parse((res.json() as { data: unknown }).data);
}

const open = (registerId: number, float: number, token = tokens.attendant) =>
  call('POST', `/cash-registers/${registerId}/open`, token, { float });
const entry = (registerId: number, body: object, token = tokens.attendant, key?: string) =>
  call('POST', `/cash-registers/${registerId}/entries`, token, body, key);
const close = (registerId: number, body: object, token = tokens.attendant) =>
  call('POST', `/cash-registers/${registerId}/close`, token, body);
const overview = async (token = tokens.attendant) =>
  cashOverviewSchema.parse(((await call('GET', '/cash-registers', token)).json() as { data: unknown }).data);

/** An order of the world's products in `status`, paid in cash, `pickup` or by motoboy. */
async function cashOrder(status: number, quantities: number[], pickup = false) {
  const order = await createOrder(t.db, world, {
    status: status as never,
    quantities,
    deliveryType: pickup ? 2 : 1,
  });
  await t.db.updateTable('orders').set({ payment_method: 'CASH' }).where('id', '=', order.id).execute();
  return order;
}

const departure = departuresFromNow();

/** A courier run of `orders` (motoboy, cash), every one delivered: ready to be settled. */
async function deliveredRun(orders: { id: number }[], courier: DemoRole = 'courier') {
  const created = await call('POST', '/dispatch/runs', tokens.attendant, {
    departureAt: departure(),
    delivererId: world.staff[courier],
    orderIds: orders.map((order) => order.id),
  });
  expect(created.statusCode).toBe(200);
  const run = courierRunSchema.parse((created.json() as { data: unknown }).data);
  for (const order of orders) {
    const withdrawn = await t.app.inject({
      method: 'PATCH',
      url: '/api/workflow/order/withdraw',
      payload: { orderId: order.id },
      headers: bearer(tokens[courier]),
    });
    expect(withdrawn.statusCode).toBe(200);
    const delivered = await t.app.inject({
      method: 'PATCH',
      url: '/api/workflow/order/deliver',
      payload: { orderId: order.id, signature },
      headers: bearer(tokens[courier]),
    });
    expect(delivered.statusCode).toBe(200);
  }
  return run;
}

beforeAll(async () => {
  ({ t, world, tokens, signature } = await openCashWorld());
}, 120_000);
// Each test starts with every register closed, whatever the one before left open.
afterEach(() => closeOpenDrawers(t.db));
afterAll(() => t.close());

describe('a day at the counter', () => {
  it("float 200,00 + cash sales 1.350,00 + a courier's 480,00 + top-up 50,00 − removal 1.000,00 = 1.080,00; counted 1.070,00 waits for a manager", async () => {
    const counter = await register('Caixa balcão 1');
    const opened = session(await open(counter.id, 200), 201);
    expect(opened).toMatchObject({ status: 'OPEN', operator: { id: world.staff.attendant }, counted: null });
    // The operator counts blind (decision 0078): no 'Esperado no caixa' for him while it is open; the manager sees it.
    expect(opened.totals).toMatchObject({ float: 200, in: 0, out: 0 });
    expect(opened.totals.expected).toBeUndefined();
    expect(session(await call('GET', `/cash-registers/sessions/${opened.id}`, tokens.manager)).totals.expected).toBe(
      200,
    );
    expect((await overview()).mySessionId).toBe(opened.id);

    // A pickup of 20 × R$ 50,00 = R$ 1.000,00 paid in cash when the customer collects it ('Finalizar').
    const pickup = await cashOrder(ORDER_STATUS.AGUARDANDO_CLIENTE, [0, 20], true);
    const finalized = await t.app.inject({
      method: 'POST',
      url: '/api/workflow/order/finalize',
      payload: { orderId: pickup.id },
      headers: bearer(tokens.attendant),
    });
    expect(finalized.statusCode).toBe(200);
    // A counter order of 7 × R$ 50,00 = R$ 350,00 paid by a cash part.
    const counterSale = await cashOrder(ORDER_STATUS.AGUARDANDO_ESTOQUISTA, [0, 7], true);
    const part = await call('POST', `/orders/${counterSale.id}/payments`, tokens.attendant, {
      method: 'CASH',
      amount: 350,
    });
    expect(part.statusCode).toBe(200);

    // The courier's run: 5 × 50,00 + 15,00 = 265,00 and 4 × 50,00 + 15,00 = 215,00, R$ 480,00 in cash.
    const run = await deliveredRun([
      await cashOrder(ORDER_STATUS.AGUARDANDO_MOTOBOY, [0, 5]),
      await cashOrder(ORDER_STATUS.AGUARDANDO_MOTOBOY, [0, 4]),
    ]);
    const settled = await call('POST', `/dispatch/runs/${run.id}/settlement`, tokens.attendant, {
      declaredCash: 480,
      cashRegisterId: counter.id,
    });
    expect(settled.statusCode).toBe(200);
    expect(settlementSchema.parse((settled.json() as { data: unknown }).data).cashRegister).toEqual({
      id: counter.id,
      name: 'Caixa balcão 1',
    });

    session(await entry(counter.id, { kind: 'TOP_UP', amount: 50, reason: 'Troco do banco' }), 201);
    const fed = session(await entry(counter.id, { kind: 'REMOVAL', amount: 1000, reason: 'Depósito no banco' }), 201);
    expect(fed.totals).toMatchObject({
      float: 200,
      byKind: { SALE: 1350, SETTLEMENT: 480, TOP_UP: 50, REMOVAL: 1000, INSTALMENT: 0, REFUND: 0 },
      in: 1880,
      out: 1000,
    });
    expect(fed.totals.expected).toBeUndefined();
    const managerSees = await overview(tokens.manager);
    expect(managerSees.registers.find((r) => r.id === counter.id)?.openSession?.totals.expected).toBe(1080);
    expect(fed.entries.map((e) => [e.kind, e.amount, e.order?.code ?? e.runId ?? e.reason])).toEqual([
      ['SALE', 1000, pickup.code],
      ['SALE', 350, counterSale.code],
      ['SETTLEMENT', 480, run.id],
      ['TOP_UP', 50, 'Troco do banco'],
      ['REMOVAL', 1000, 'Depósito no banco'],
    ]);

    // Counted R$ 1.070,00: R$ 10,00 short. Without a reason, refused; counting blind, without the figures.
    const noReason = expectError(await close(counter.id, { counted: 1070 }), 400, 'BAD_REQUEST');
    expect(noReason.errors[0]).toBe('Há diferença entre o contado e o esperado: informe o motivo.');
    expect(noReason.details).toBeUndefined();
    const managerAsked = expectError(await close(counter.id, { counted: 1070 }, tokens.manager), 400, 'BAD_REQUEST');
    expect(managerAsked.details).toEqual({ expected: 1080, difference: -10 });
    const closed = session(await close(counter.id, { counted: 1070, reason: 'Troco errado numa venda' }));
    expect(closed).toMatchObject({
      status: 'PENDING_APPROVAL',
      counted: 1070,
      difference: -10,
      closeReason: 'Troco errado numa venda',
      closedBy: { id: world.staff.attendant },
      approvedBy: null,
    });
    expect(closed.totals.expected).toBe(1080);
    expect((await overview(tokens.manager)).pendingApprovals).toBeGreaterThanOrEqual(1);

    // Closed: nothing more lands in it, neither typed nor from a sale (cash at the counter now needs an open
    // drawer: refused, decision 0075).
    expectError(await entry(counter.id, { kind: 'TOP_UP', amount: 5 }), 409, 'TRANSITION_REFUSED');
    const later = await cashOrder(ORDER_STATUS.AGUARDANDO_ESTOQUISTA, [1, 0], true);
    expectError(
      await call('POST', `/orders/${later.id}/payments`, tokens.attendant, { method: 'CASH', amount: 19.9 }),
      409,
      'CASH_DRAWER_CLOSED',
    );
    expect(session(await call('GET', `/cash-registers/sessions/${closed.id}`, tokens.attendant)).entries).toHaveLength(
      5,
    );

    // The attendant cannot approve it (no 'Crédito e cobrança'); the manager does.
    expectError(
      await call('POST', `/cash-registers/sessions/${closed.id}/approve`, tokens.attendant, {}),
      403,
      'FORBIDDEN',
    );
    const approved = session(
      await call('POST', `/cash-registers/sessions/${closed.id}/approve`, tokens.manager, { note: 'Conferido' }),
    );
    expect(approved).toMatchObject({
      status: 'CLOSED',
      approvedBy: { id: world.staff.manager },
      approvalNote: 'Conferido',
    });
    expectError(
      await call('POST', `/cash-registers/sessions/${closed.id}/approve`, tokens.manager, {}),
      409,
      'TRANSITION_REFUSED',
    );

    const audits = await auditTrail(t.db, 'cash_session', closed.id);
    expect(audits.map((a) => a.action)).toEqual([
      'open',
      'entry',
      'entry',
      'entry',
      'entry',
      'entry',
      'close',
      'approve',
    ]);

    // The closing report.
    const pdf = await call('GET', `/cash-registers/sessions/${closed.id}/report.pdf`, tokens.attendant);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const line of [
      'Fechamento de caixa · Caixa balcão 1',
      'R$ 1.080,00',
      'R$ 1.070,00',
      `Romaneio nº ${run.id}`,
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/Diferença\n-\nR\$ 10,00/);
    expect(text).toContain('Motivo da diferença: Troco errado numa venda');
    expect(text).toContain('Diferença aprovada por Fernanda Gerente');
  });

  it('a difference within the tolerance needs its reason but no approval; a closing without difference needs neither', async () => {
    expectError(await call('PUT', '/cash-registers/settings', tokens.attendant, { tolerance: 10 }), 403, 'FORBIDDEN');
    expect((await call('PUT', '/cash-registers/settings', tokens.admin, { tolerance: 10 })).statusCode).toBe(200);
    try {
      const counter = await register();
      session(await open(counter.id, 100), 201);
      expectError(await close(counter.id, { counted: 90 }), 400, 'BAD_REQUEST');
      expect(session(await close(counter.id, { counted: 90, reason: 'Moedas' }))).toMatchObject({
        status: 'CLOSED',
        difference: -10,
      });
      // R$ 10,01 over: above the tolerance.
      session(await open(counter.id, 100), 201);
      expect(session(await close(counter.id, { counted: 110.01, reason: 'Sobra' })).status).toBe('PENDING_APPROVAL');
      session(await open(counter.id, 100), 201);
      expect(session(await close(counter.id, { counted: 100 }))).toMatchObject({
        status: 'CLOSED',
        difference: 0,
        closeReason: null,
      });
    } finally {
      await call('PUT', '/cash-registers/settings', tokens.admin, { tolerance: 0 });
    }
  });
});

describe("a register's rules", () => {
  it('one session per register and per operator; another operator cannot post to it; a manager closes one left open', async () => {
    const first = await register();
    const second = await register();
    session(await open(first.id, 50), 201);
    const busy = expectError(await open(first.id, 0, tokens.admin), 409, 'TRANSITION_REFUSED');
    expect(busy.errors[0]).toBe(`O ${first.name} já está aberto por Beatriz Atendente.`);
    const mine = expectError(await open(second.id, 0), 409, 'TRANSITION_REFUSED');
    expect(mine.errors[0]).toBe(`Você já tem um caixa aberto: ${first.name}. Feche-o antes de abrir outro.`);

    const other = expectError(await entry(first.id, { kind: 'TOP_UP', amount: 10 }, tokens.admin), 403, 'FORBIDDEN');
    expect(other.errors[0]).toBe(`O ${first.name} está aberto por Beatriz Atendente: só ele lança nele.`);
    // The stocker may not reach the drawer at all (no sales, orders, settings nor credit).
    expectError(await call('GET', '/cash-registers', tokens.stocker), 403, 'FORBIDDEN');

    // A removal needs a reason and cannot take more than the drawer should hold (R$ 50,00).
    expectError(await entry(first.id, { kind: 'REMOVAL', amount: 10 }), 400, 'VALIDATION_FAILED');
    const above = expectError(
      await entry(first.id, { kind: 'REMOVAL', amount: 50.01, reason: 'Pagamento' }),
      409,
      'TRANSITION_REFUSED',
    );
    // Told to the operator counting blind without the amount (decision 0078).
    expect(above.errors[0]).toBe('A sangria passa do dinheiro esperado no caixa: confira a gaveta com o gerente.');
    expect(above.details).toBeUndefined();
    expectError(await entry(first.id, { kind: 'SALE', amount: 10 }), 400, 'VALIDATION_FAILED');
    expectError(await entry(first.id, { kind: 'TOP_UP', amount: 10.001 }), 400, 'VALIDATION_FAILED');

    // The same Idempotency-Key twice: one top-up.
    session(await entry(first.id, { kind: 'TOP_UP', amount: 20 }, tokens.attendant, 'suprimento-1'), 201);
    const again = session(await entry(first.id, { kind: 'TOP_UP', amount: 20 }, tokens.attendant, 'suprimento-1'), 201);
    expect(again.totals.in).toBe(20);
    expect(again.entries).toHaveLength(1);

    // The attendant went home: the manager closes it (counted as expected), then the register opens again.
    expectError(await close(first.id, { counted: 70 }, tokens.courier), 403, 'FORBIDDEN');
    expect(session(await close(first.id, { counted: 70 }, tokens.manager))).toMatchObject({
      status: 'CLOSED',
      closedBy: { id: world.staff.manager },
      operator: { id: world.staff.attendant },
    });
    session(await open(second.id, 0), 201);
    expect(session(await close(second.id, { counted: 0 })).status).toBe('CLOSED');
  });

  it('a register is renamed (unique name) and deactivated once closed; deactivated, it does not open; audited', async () => {
    const counter = await register();
    const other = await register();
    const patch = (body: object, token = tokens.admin, id = counter.id) =>
      call('PATCH', `/cash-registers/${id}`, token, body);
    // The attendant operates registers, she does not administer them.
    expectError(await patch({ name: 'Caixa da entrada' }, tokens.attendant), 403, 'FORBIDDEN');
    // Another register's name, whatever its case; nothing to change; a name too long.
    const taken = expectError(await patch({ name: other.name.toUpperCase() }), 409, 'CONFLICT');
    expect(taken.errors[0]).toBe(`Já existe um caixa chamado ${other.name.toUpperCase()}.`);
    expectError(await patch({}), 400, 'VALIDATION_FAILED');
    expectError(await patch({ name: 'x'.repeat(61) }), 400, 'VALIDATION_FAILED');
    expectError(await patch({ name: 'Caixa' }, tokens.admin, 999_999), 404, 'NOT_FOUND');

    // The manager (credit) renames it; its own name in another case is its own.
    const renamed = await patch({ name: '  Caixa da entrada ' }, tokens.manager);
    expect(renamed.statusCode).toBe(200);
    expect(cashRegisterSchema.parse(renamed.json().data)).toMatchObject({ name: 'Caixa da entrada', active: true });
    expect((await patch({ name: 'CAIXA DA ENTRADA' })).statusCode).toBe(200);

    // Open, it is not deactivated: its operator closes it first.
    session(await open(counter.id, 30), 201);
    const busy = expectError(await patch({ active: false }), 409, 'TRANSITION_REFUSED');
    expect(busy.errors[0]).toBe('O CAIXA DA ENTRADA está aberto por Beatriz Atendente: feche-o antes de desativá-lo.');
    session(await close(counter.id, { counted: 30 }));
    const off = cashRegisterSchema.parse((await patch({ active: false })).json().data);
    expect(off).toMatchObject({ active: false, openSession: null });
    const refused = expectError(await open(counter.id, 0), 409, 'TRANSITION_REFUSED');
    expect(refused.errors[0]).toBe('O CAIXA DA ENTRADA está desativado.');
    expect((await overview()).registers.find((r) => r.id === counter.id)?.active).toBe(false);
    // Active again, it opens.
    expect(cashRegisterSchema.parse((await patch({ active: true })).json().data).active).toBe(true);
    session(await open(counter.id, 0), 201);

    const audits = await t.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity', '=', 'cash_register')
      .where('entity_id', '=', String(counter.id))
      .where('action', '=', 'update')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.changes)).toEqual([
      { before: { name: counter.name, active: true }, after: { name: 'Caixa da entrada', active: true } },
      { before: { name: 'Caixa da entrada', active: true }, after: { name: 'CAIXA DA ENTRADA', active: true } },
      { before: { name: 'CAIXA DA ENTRADA', active: true }, after: { name: 'CAIXA DA ENTRADA', active: false } },
      { before: { name: 'CAIXA DA ENTRADA', active: false }, after: { name: 'CAIXA DA ENTRADA', active: true } },
    ]);
  });

  it('two openings of one register at once: one wins', async () => {
    const counter = await register();
    const [a, b] = await Promise.all([open(counter.id, 10, tokens.attendant), open(counter.id, 20, tokens.admin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const sessions = await t.db
      .selectFrom('cash_sessions')
      .select('operator_id')
      .where('register_id', '=', counter.id)
      .execute();
    expect(sessions).toHaveLength(1);
    const winner = a.statusCode === 201 ? tokens.attendant : tokens.admin;
    expect(session(await close(counter.id, { counted: a.statusCode === 201 ? 10 : 20 }, winner)).status).toBe('CLOSED');
  });

  it('the operator cannot approve his own difference; full access may (the owner of a shop of one)', async () => {
    const counter = await register();
    session(await open(counter.id, 0, tokens.manager), 201);
    const pending = session(await close(counter.id, { counted: 5, reason: 'Sobra' }, tokens.manager));
    expect(pending.status).toBe('PENDING_APPROVAL');
    const own = expectError(
      await call('POST', `/cash-registers/sessions/${pending.id}/approve`, tokens.manager, {}),
      403,
      'FORBIDDEN',
    );
    expect(own.errors[0]).toBe('Você não pode aprovar a diferença do seu próprio caixa.');

    session(await open(counter.id, 0, tokens.admin), 201);
    const admins = session(await close(counter.id, { counted: 0.5, reason: 'Moeda achada' }, tokens.admin));
    expect(session(await call('POST', `/cash-registers/sessions/${admins.id}/approve`, tokens.admin, {})).status).toBe(
      'CLOSED',
    );
  });

  it("a manager who counted and closed someone else's drawer short does not approve its difference (issue 53, finding 2)", async () => {
    const counter = await register();
    session(await open(counter.id, 200), 201);
    // The attendant's drawer should hold its float, R$ 200,00; the manager counts R$ 20,00: 20,00 − 200,00 = −180,00.
    const pending = session(await close(counter.id, { counted: 20, reason: 'Faltou dinheiro' }, tokens.manager));
    expect(pending).toMatchObject({
      status: 'PENDING_APPROVAL',
      difference: -180,
      closedBy: { id: world.staff.manager },
    });
    const approve = (token: string) => call('POST', `/cash-registers/sessions/${pending.id}/approve`, token, {});
    const refused = expectError(await approve(tokens.manager), 403, 'FORBIDDEN');
    expect(refused.errors[0]).toBe('Quem contou e fechou o caixa não pode aprovar a própria diferença.');
    // Nothing changed: still waiting, nobody approved, no approval audited.
    const row = await t.db
      .selectFrom('cash_sessions')
      .select(['approval', 'approved_by', 'approved_at'])
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ approval: 'PENDING', approved_by: null, approved_at: null });
    const approvals = await t.db
      .selectFrom('audit_events')
      .select('id')
      .where('entity', '=', 'cash_session')
      .where('entity_id', '=', String(pending.id))
      .where('action', '=', 'approve')
      .execute();
    expect(approvals).toHaveLength(0);
    // Someone else (here the administrator) approves it.
    expect(session(await approve(tokens.admin))).toMatchObject({
      status: 'CLOSED',
      approvedBy: { id: world.staff.admin },
    });
  });

  it("a settlement names only the caller's open register; without one, the cash lands nowhere", async () => {
    const counter = await register();
    const run = await deliveredRun([await cashOrder(ORDER_STATUS.AGUARDANDO_MOTOBOY, [1, 0])], 'courier2');
    // 19,90 + 15,00 = R$ 34,90; the register is not open.
    const refused = expectError(
      await call('POST', `/dispatch/runs/${run.id}/settlement`, tokens.attendant, {
        declaredCash: 34.9,
        cashRegisterId: counter.id,
      }),
      409,
      'TRANSITION_REFUSED',
    );
    expect(refused.errors[0]).toBe('O caixa escolhido não está aberto por você.');
    expect(
      (await t.db.selectFrom('courier_runs').select('settled_at').where('id', '=', run.id).executeTakeFirstOrThrow())
        .settled_at,
    ).toBeNull();
    const settled = await call('POST', `/dispatch/runs/${run.id}/settlement`, tokens.attendant, { declaredCash: 34.9 });
    expect(settled.statusCode).toBe(200);
    expect(settlementSchema.parse((settled.json() as { data: unknown }).data).cashRegister).toBeNull();
  });

  it('cash given back for a reversed cash part leaves the register of who gives it', async () => {
    const counter = await register();
    session(await open(counter.id, 100), 201);
    const order = await cashOrder(ORDER_STATUS.AGUARDANDO_ESTOQUISTA, [2, 0], true);
    const part = await call('POST', `/orders/${order.id}/payments`, tokens.attendant, { method: 'CASH', amount: 39.8 });
    expect(part.statusCode).toBe(200);
    const partId = (part.json() as { data: { id: number } }).data.id;
    const reversed = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/payments/${partId}`,
      payload: { status: 'REVERSED', reason: 'Cliente desistiu' },
      headers: bearer(tokens.attendant),
    });
    expect(reversed.statusCode).toBe(200);
    const overviewNow = await overview(tokens.manager);
    const open1 = overviewNow.registers.find((r) => r.id === counter.id)?.openSession;
    // 100,00 + 39,80 − 39,80.
    expect(open1?.totals).toMatchObject({ in: 39.8, out: 39.8, expected: 100 });
    expect(session(await close(counter.id, { counted: 100 })).status).toBe('CLOSED');
  });

  it('cash given back never passes what the drawer holds, as a removal does not (issue 53, finding 4)', async () => {
    const counter = await register();
    session(await open(counter.id, 0), 201);
    const order = await cashOrder(ORDER_STATUS.AGUARDANDO_ESTOQUISTA, [2, 0], true);
    // 2 × 19,90 = R$ 39,80 in cash; then a removal of R$ 30,00: the drawer holds 39,80 − 30,00 = R$ 9,80.
    const part = await call('POST', `/orders/${order.id}/payments`, tokens.attendant, { method: 'CASH', amount: 39.8 });
    expect(part.statusCode).toBe(200);
    const partId = (part.json() as { data: { id: number } }).data.id;
    session(await entry(counter.id, { kind: 'REMOVAL', amount: 30, reason: 'Depósito no banco' }), 201);
    const reverse = () =>
      call('PATCH', `/orders/${order.id}/payments/${partId}`, tokens.attendant, {
        status: 'REVERSED',
        reason: 'Cliente desistiu',
      });
    const refused = expectError(await reverse(), 409, 'TRANSITION_REFUSED');
    expect(refused.errors[0]).toBe('A devolução em dinheiro passa do dinheiro esperado no caixa (R$ 9,80).');
    // Nothing changed: the part still confirmed, the drawer still at R$ 9,80 with no refund.
    const row = await t.db
      .selectFrom('order_payments')
      .select('status')
      .where('id', '=', partId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('CONFIRMED');
    const now = (await overview(tokens.manager)).registers.find((r) => r.id === counter.id)?.openSession;
    expect(now?.totals).toMatchObject({ out: 30, expected: 9.8, byKind: { REFUND: 0 } });
    // With R$ 30,00 back in (9,80 + 30,00 = 39,80) it is given back, leaving 0,00.
    session(await entry(counter.id, { kind: 'TOP_UP', amount: 30 }), 201);
    expect((await reverse()).statusCode).toBe(200);
    expect(session(await close(counter.id, { counted: 0 })).totals.expected).toBe(0);
  });

  it('lists the sessions newest first, by register and situation, a page at a time', async () => {
    const counter = await register();
    for (const counted of [10, 20, 30]) {
      session(await open(counter.id, counted), 201);
      session(await close(counter.id, { counted }));
    }
    const res = await call('GET', `/cash-registers/sessions?registerId=${counter.id}&pageSize=2`, tokens.attendant);
    const page = cashSessionPageSchema.parse((res.json() as { data: unknown }).data);
    expect(page.total).toBe(3);
    expect(page.items.map((s) => s.counted)).toEqual([30, 20]);
    // Closed, its expected is everyone's; open, only the manager's (the blind count, decision 0078).
    expect(page.items.map((s) => s.totals.expected)).toEqual([30, 20]);
    const next = cashSessionPageSchema.parse(
      (
        (
          await call('GET', `/cash-registers/sessions?registerId=${counter.id}&pageSize=2&page=1`, tokens.attendant)
        ).json() as {
          data: unknown;
        }
      ).data,
    );
    expect(next.items.map((s) => s.counted)).toEqual([10]);
    session(await open(counter.id, 40), 201);
    const openPage = async (token: string) =>
      cashSessionPageSchema
        .parse(
          (
            (await call('GET', `/cash-registers/sessions?registerId=${counter.id}&status=open`, token)).json() as {
              data: unknown;
            }
          ).data,
        )
        .items.map((s) => s.totals.expected);
    expect(await openPage(tokens.attendant)).toEqual([undefined]);
    expect(await openPage(tokens.manager)).toEqual([40]);
    expectError(await call('POST', '/cash-registers', tokens.attendant, { name: 'Caixa X' }), 403, 'FORBIDDEN');
    expectError(
      await call('POST', '/cash-registers', tokens.admin, { name: counter.name.toUpperCase() }),
      409,
      'CONFLICT',
    );
  });
});
