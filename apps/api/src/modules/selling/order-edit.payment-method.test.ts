import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { openOrderEditWorld, orderEditCalls } from './test-order-edit';
import { createCustomer, createProduct, sellThroughApi } from './test-selling';

/**
 * PATCH /orders/{id}: an order changed before separation (issue 38 §5, decision 0044); figures worked out by hand.
 * Its payment method (createTestApp through ./test-order-edit: an app and a database of this file's own).
 */
let t: TestApp;
let attendant: string;
let admin: string;
let stocker: string;
let courier: string;

const { call, edit, placed, stockOf } = orderEditCalls(() => ({
  t,
  attendant,
  admin,
  stocker,
  courier,
}));

beforeAll(async () => {
  ({ t, attendant, admin, stocker, courier } = await openOrderEditWorld());
}, 120_000);
afterAll(() => t.close());

describe('PATCH /orders/{id}: the payment method (decision 0044)', () => {
  /** The shop's Pix key and merchant, and 'Pix automático' on or off (where a Pix order waits). */
  async function pixSettings(auto: boolean) {
    const key = { bankSettingsType: 'Pix', name: 'Pix CPF do sócio', pixType: 'CPF', pixKey: '529.982.247-25' };
    // Created once; a second PUT of the same key answers 409 (already there): either way the key is there.
    expect([201, 409]).toContain((await call('PUT', '/orders/bank-settings', admin, { settings: key })).statusCode);
    const company = await call('PATCH', '/companies/settings', admin, {
      companyId: 1,
      enablePixAuto: auto,
      merchantName: 'Conecta Cell',
      merchantCity: 'São Paulo',
    });
    expect(company.statusCode).toBe(200);
  }
  const paymentRow = (id: number) =>
    t.db
      .selectFrom('orders')
      .select(['status', 'payment_method', 'change_for_cents', 'card_on_delivery', 'total_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const history = (id: number) =>
    t.db
      .selectFrom('order_status_history')
      .select(['status', 'note', 'employee_id'])
      .where('order_id', '=', id)
      .orderBy('id')
      .execute();
  const audits = (code: string) =>
    t.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', code)
      .orderBy('id')
      .execute();

  it('a cash order of R$ 389,70 switched to Pix: Processando (Pix automático), the BR Code for 389.70; history and audit', async () => {
    await pixSettings(true);
    const { capa, order } = await placed();
    // 3 × R$ 129,90 = R$ 389,70, the cable removed.
    const lines = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 3 }] });
    expect(lines.json().data.total).toBe(389.7);

    // The preview says where it would go and writes nothing.
    const preview = await edit(order.orderId, { payment: 'PIX', dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ payment: 'PIX', statusKey: 9, total: 389.7, dryRun: true });
    expect(await paymentRow(order.orderId)).toMatchObject({ status: 1, payment_method: 'CASH' });

    const res = await edit(order.orderId, { payment: 'PIX' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      payment: 'PIX',
      statusKey: 9,
      total: 389.7,
      changed: true,
      message: 'Pedido alterado com sucesso.',
    });
    expect(await paymentRow(order.orderId)).toEqual({
      status: 9,
      payment_method: 'PIX',
      change_for_cents: null,
      card_on_delivery: false,
      total_cents: 38970,
    });
    const pix = await call('GET', `/orders/pix/${order.orderId}`, attendant);
    // The amount field (ID 54): '389.70', 6 characters.
    expect(pix.json().data.payload).toContain('5406389.70');

    const rows = await history(order.orderId);
    expect(rows.at(-1)).toMatchObject({
      status: 9,
      note: 'Pedido alterado: Forma de pagamento: Dinheiro → Pix.',
    });
    const seller = await t.db
      .selectFrom('employees')
      .select('id')
      .where('email', '=', DEMO.attendant)
      .executeTakeFirstOrThrow();
    expect(rows.at(-1)?.employee_id).toBe(seller.id);
    // One event: the table's move 'changePayment' (status 1 → 9) with what the edit changed.
    expect((await audits(order.code)).at(-1)).toEqual({
      action: 'changePayment',
      changes: {
        payment: { from: 'CASH', to: 'PIX' },
        status: { from: 1, to: 9 },
        note: 'Pedido alterado: Forma de pagamento: Dinheiro → Pix.',
      },
    });
    // The same method again: nothing changes, nothing written.
    const same = await edit(order.orderId, { payment: 'PIX' });
    expect(same.json().data).toMatchObject({ changed: false, statusKey: 9 });
    expect(await history(order.orderId)).toHaveLength(rows.length);
  });

  it("a manual Pix order not paid (Aguardando comprovante) → cash with 'Troco para' R$ 400,00: to the stocker", async () => {
    await pixSettings(false);
    const { order } = await placed({}, 'pix');
    // 2 × R$ 129,90 + R$ 49,90 = R$ 309,70, waiting for its proof.
    expect([order.total, order.statusKey]).toEqual([309.7, 10]);

    // 'Troco para' below the total, or with Pix: 400, nothing changes.
    const below = await edit(order.orderId, { payment: 'CASH', changeFor: 300 });
    expect(below.statusCode).toBe(400);
    expect(below.json().errors).toEqual(['O valor para troco deve ser ao menos o total do pedido (R$ 309,70).']);
    const pixChange = await edit(order.orderId, { changeFor: 400 });
    expect(pixChange.statusCode).toBe(400);
    expect(pixChange.json().errors).toEqual(['Troco só existe no pagamento em dinheiro.']);
    expect(await paymentRow(order.orderId)).toMatchObject({ status: 10, payment_method: 'PIX' });

    const res = await edit(order.orderId, { payment: 'CASH', changeFor: 400 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ payment: 'CASH', changeFor: 400, statusKey: 1 });
    expect(await paymentRow(order.orderId)).toEqual({
      status: 1,
      payment_method: 'CASH',
      change_for_cents: 40000,
      card_on_delivery: false,
      total_cents: 30970,
    });
    expect((await history(order.orderId)).at(-1)).toMatchObject({
      status: 1,
      note: 'Pedido alterado: Forma de pagamento: Pix → Dinheiro; troco para R$ 400,00.',
    });
    expect((await audits(order.code)).at(-1)?.changes).toMatchObject({
      payment: { from: 'PIX', to: 'CASH' },
      changeFor: { from: null, to: 400 },
      status: { from: 10, to: 1 },
    });
  });

  it("cash → card on delivery, delivered by the customer's courier: his summary says to take the machine and charge R$ 324,70", async () => {
    const courierId = (
      await t.db.selectFrom('employees').select('id').where('email', '=', DEMO.courier).executeTakeFirstOrThrow()
    ).id;
    // Freight R$ 15,00; the customer's associated courier is the demo courier.
    const { order } = await placed({ shippingCents: 1500, delivererId: courierId });
    const res = await edit(order.orderId, { payment: 'CARD', typeOfDelivery: 1 });
    expect(res.statusCode).toBe(200);
    // R$ 309,70 of goods + R$ 15,00 of freight = R$ 324,70.
    expect(res.json().data).toMatchObject({ payment: 'CARD', cardOnDelivery: true, statusKey: 1, total: 324.7 });
    expect(await paymentRow(order.orderId)).toMatchObject({
      status: 1,
      payment_method: 'CARD',
      card_on_delivery: true,
      total_cents: 32470,
    });
    // Separated and packed for the motoboy: the courier's 'Minhas tarefas' says to take the machine and what to
    // charge at the door (his order: the customer's courier).
    expect((await call('PATCH', '/workflow/order/prepare', stocker, { orderId: order.orderId })).statusCode).toBe(200);
    const packed = await call('PATCH', '/workflow/order/pack', stocker, {
      orderId: order.orderId,
      images: [await picture()],
    });
    expect(packed.statusCode).toBe(200);
    const tasks = await call('GET', '/orders/tasks?items=50', courier);
    expect(tasks.statusCode).toBe(200);
    const task = (tasks.json().orders as { orderId: number }[]).find((o) => o.orderId === order.orderId);
    expect(task).toMatchObject({ paymentMethod: 'CARD', cardOnDelivery: true, cardToCollect: 324.7 });
    // The edit's own row (no status move: cash and card both wait for the stocker), before the two moves.
    expect((await history(order.orderId)).at(-3)).toMatchObject({
      status: 1,
      note: 'Pedido alterado: entrega por motoboy; Forma de pagamento: Dinheiro → Cartão na entrega; total de R$ 309,70 para R$ 324,70.',
    });
    expect((await audits(order.code)).find((row) => row.action === 'editOrder')).toEqual({
      action: 'editOrder',
      changes: {
        typeOfDelivery: { from: 2, to: 1 },
        total: { from: 309.7, to: 324.7 },
        payment: { from: 'CASH', to: 'CARD' },
        cardOnDelivery: { from: false, to: true },
      },
    });
  });

  it("an order placed with a card on delivery ('Levar maquininha'): its lines edited, the courier charges the new total", async () => {
    const courierId = (
      await t.db.selectFrom('employees').select('id').where('email', '=', DEMO.courier).executeTakeFirstOrThrow()
    ).id;
    const customer = await createCustomer(t.db, { shippingCents: 1500, delivererId: courierId });
    const capa = await createProduct(t.db, { name: 'Capa maquininha', costCents: 6000, sellCents: 12990, stock: 10 });
    const order = await sellThroughApi(
      t.app,
      attendant,
      customer.id,
      [{ productId: capa.id, quantity: 2 }],
      { typeOfDelivery: 1 },
      'card',
    );
    // 2 × R$ 129,90 + R$ 15,00 of freight = R$ 274,80, charged at the door.
    expect(order).toMatchObject({ total: 274.8, cardOnDelivery: true, statusKey: 1 });

    // 3 units: 3 × R$ 129,90 + R$ 15,00 = R$ 404,70; stock 10 − 3 = 7.
    const res = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 3 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 404.7, payment: 'CARD', cardOnDelivery: true, statusKey: 1 });
    expect(await stockOf(capa.id)).toBe(7);
    // The discount follows the same rule: R$ 4,70 off leaves R$ 400,00.
    const discount = await call('POST', `/orders/${order.orderId}/discount`, admin, {
      discounts: { order: { kind: 'amount', value: 4.7 } },
    });
    expect(discount.statusCode).toBe(200);
    expect(await paymentRow(order.orderId)).toMatchObject({
      status: 1,
      payment_method: 'CARD',
      card_on_delivery: true,
      total_cents: 40000,
    });

    // Separated and packed: the courier's task says to take the machine and charge the new total.
    expect((await call('PATCH', '/workflow/order/prepare', stocker, { orderId: order.orderId })).statusCode).toBe(200);
    const packed = await call('PATCH', '/workflow/order/pack', stocker, {
      orderId: order.orderId,
      images: [await picture()],
    });
    expect(packed.statusCode).toBe(200);
    const tasks = await call('GET', '/orders/tasks?items=50', courier);
    const task = (tasks.json().orders as { orderId: number }[]).find((o) => o.orderId === order.orderId);
    expect(task).toMatchObject({ paymentMethod: 'CARD', cardOnDelivery: true, cardToCollect: 400 });
  });

  it('a card paid at the counter with the sale is not editable (its receipt is for its total)', async () => {
    const customer = await createCustomer(t.db, {});
    const capa = await createProduct(t.db, { name: 'Capa balcão', costCents: 6000, sellCents: 12990, stock: 10 });
    const order = await sellThroughApi(
      t.app,
      attendant,
      customer.id,
      [{ productId: capa.id, quantity: 1 }],
      { card: { kind: 'DEBIT', brand: 'Visa', instalments: 1, nsu: '123456', authorizationCode: 'AB12' } },
      'card',
    );
    const res = await edit(order.orderId, { items: [{ productId: capa.id, quantity: 2 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      'Este pedido não pode ser alterado: só pedidos em dinheiro ou cartão na entrega aguardando o estoquista, ou por Pix ainda não pago, antes da separação.',
    ]);
    expect(await stockOf(capa.id)).toBe(9);
  });

  it('refused: a part paid or waiting (409), after separation (409), a transfer or an unknown method (400); nothing changes', async () => {
    const paid = await placed();
    const part = await call('POST', `/orders/${paid.order.orderId}/payments`, attendant, {
      method: 'CASH',
      amount: 100,
    });
    expect(part.statusCode).toBe(200);
    const refused = await edit(paid.order.orderId, { payment: 'PIX' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      "Este pedido já tem pagamento registrado ou aguardando: a forma de pagamento não pode mais mudar. Estorne ou recuse a parte em 'Pagamentos', ou cancele o pedido e venda de novo.",
    ]);
    expect(await paymentRow(paid.order.orderId)).toMatchObject({ status: 1, payment_method: 'CASH' });

    const separated = await placed();
    expect(
      (await call('PATCH', '/workflow/order/prepare', stocker, { orderId: separated.order.orderId })).statusCode,
    ).toBe(200);
    const late = await edit(separated.order.orderId, { payment: 'PIX' });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual([
      'O pedido já está em separação ou adiante: não pode mais ser alterado. Resta cancelá-lo ou registrar uma troca ou devolução.',
    ]);
    expect(await paymentRow(separated.order.orderId)).toMatchObject({ status: 2, payment_method: 'CASH' });

    const { order } = await placed();
    const transfer = await edit(order.orderId, { payment: 'BANK_TRANSFER' });
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json().errors).toEqual([
      'Depósito precisa do comprovante junto com a venda: não pode ser escolhido ao alterar o pedido. Cancele o pedido e venda de novo com o comprovante.',
    ]);
    const unknown = await edit(order.orderId, { payment: 'BOLETO' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(['Forma de pagamento inválida: Dinheiro, Pix ou Cartão na entrega.']);
    // The move is the edit's only: a status reached (PUT /orders/change/status) does not find it.
    const byStatus = await call('PUT', '/orders/change/status', admin, { orderId: order.orderId, newStatus: 9 });
    expect(byStatus.statusCode).toBe(409);
    expect(await paymentRow(order.orderId)).toMatchObject({ status: 1, payment_method: 'CASH' });
  });
});
