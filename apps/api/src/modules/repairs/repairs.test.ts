import { describe, expect, it } from 'vitest';
import { auditTrail, bearer, expectApiError } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { createCustomer, createProduct } from '../selling/test-selling';
import { imeiOf, useRepairsWorld } from './test-repairs';

/**
 * Repairs from the counter to delivery: parts from stock, a bill paid by Pix, a repair under warranty (createTestApp
 * through ./test-repairs: an app and a database of this file's own).
 */
describe('repairs (issue 42 §2)', () => {
  const { w, call, openRepair } = useRepairsWorld();
  let serial = Date.now() % 1_000_000;

  it('a screen from stock (ledger REPAIR, 5 → 4), R$ 350,00 + R$ 120,00 = an order of R$ 470,00, delivered with a signature, the IMEI then under repair warranty', async () => {
    const customer = await createCustomer(w.t.db, { name: 'Rita Reparo' });
    const screen = await createProduct(w.t.db, {
      name: 'Tela iPhone 12',
      costCents: 20_000,
      sellCents: 35_000,
      stock: 5,
    });
    const imei = imeiOf(serial++);
    const opened = await openRepair(customer.id, imei);
    expect(opened).toMatchObject({ status: 'RECEIVED', hasDevicePassword: true });
    expect(JSON.stringify(opened)).not.toContain('1234');

    // The technician (function Técnico, a role without permissions) sees it in his queue and moves the bench's steps.
    const queue = await call(w.technician, 'GET', '/repairs/tasks');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data.map((r: { id: number }) => r.id)).toContain(opened.id);
    expect((await call(w.technician, 'POST', `/repairs/${opened.id}/start-diagnosis`, {})).statusCode).toBe(200);
    const estimate = await call(w.technician, 'POST', `/repairs/${opened.id}/send-estimate`, {
      diagnosis: 'Display trincado',
      parts: [{ productId: screen.id, quantity: 1 }],
      labour: 120,
    });
    expect(estimate.statusCode).toBe(200);
    expect(estimate.json().data).toMatchObject({
      status: 'AWAITING_APPROVAL',
      partsTotal: 350,
      labour: 120,
      total: 470,
      technician: { id: w.technicianId },
    });
    // The customer's answer is the counter's: the technician's function does not approve.
    expectApiError(
      await call(w.technician, 'POST', `/repairs/${opened.id}/approve`, { payment: 'CASH' }),
      403,
      'FORBIDDEN',
    );
    // Approving a paid repair needs the payment.
    expectApiError(await call(w.admin, 'POST', `/repairs/${opened.id}/approve`, {}), 400, 'BAD_REQUEST');
    expect(
      (await w.t.db.selectFrom('products').select('stock').where('id', '=', screen.id).executeTakeFirstOrThrow()).stock,
    ).toBe(5);

    const approved = await call(w.admin, 'POST', `/repairs/${opened.id}/approve`, { payment: 'CASH' });
    expect(approved.statusCode).toBe(200);
    const order = approved.json().data.order as { id: number; code: string };
    expect(order.code).toMatch(/\S/);

    // Stock 5 → 4 by one ledger row of kind REPAIR naming the service order; the order took no stock itself.
    const product = await w.t.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', screen.id)
      .executeTakeFirstOrThrow();
    expect(product.stock).toBe(4);
    const rows = await w.t.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity_out', 'stock_before', 'stock_after', 'repair_id', 'order_id'])
      .where('product_id', '=', screen.id)
      .where('kind', '!=', 'PURCHASE')
      .execute();
    expect(rows).toEqual([
      { kind: 'REPAIR', quantity_out: 1, stock_before: 5, stock_after: 4, repair_id: opened.id, order_id: null },
    ]);

    // The bill: a real order of the customer, R$ 350,00 of parts + R$ 120,00 of labour = R$ 470,00.
    const bill = await w.t.db
      .selectFrom('orders')
      .select(['customer_id', 'items_total_cents', 'labour_cents', 'total_cents', 'repair_id', 'payment_method'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(bill).toEqual({
      customer_id: customer.id,
      items_total_cents: 35_000,
      labour_cents: 12_000,
      total_cents: 47_000,
      repair_id: opened.id,
      payment_method: 'CASH',
    });
    // Nothing to separate (decision 0060): the bill waits at the counter, never in a stocker's queue.
    expect(
      (await w.t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status,
    ).toBe(6);
    const stockerTasks = await call(w.stocker, 'GET', '/orders/tasks?kind=packing');
    expect(stockerTasks.statusCode).toBe(200);
    expect(JSON.stringify(stockerTasks.json())).not.toContain(order.code);
    // As the order's screens read it: the parts as its lines, the labour on its own line naming the service order.
    const read = await call(w.admin, 'GET', `/orders/by-id/${order.id}`);
    expect(read.json().data).toMatchObject({
      items: [{ name: 'Tela iPhone 12', quantity: 1, unitPrice: 350 }],
      itemsTotal: 350,
      repair: { id: opened.id, labour: 120 },
      total: 470,
    });

    expect((await call(w.technician, 'POST', `/repairs/${opened.id}/start-repair`, {})).statusCode).toBe(200);
    expect((await call(w.technician, 'POST', `/repairs/${opened.id}/finish-repair`, {})).statusCode).toBe(200);
    // Delivered with the customer's signature only.
    expectApiError(await call(w.admin, 'POST', `/repairs/${opened.id}/deliver`, {}), 400, 'BAD_REQUEST');
    const delivered = await call(w.admin, 'POST', `/repairs/${opened.id}/deliver`, { signature: await picture('png') });
    expect(delivered.statusCode).toBe(200);
    const data = delivered.json().data;
    expect(data).toMatchObject({ status: 'DELIVERED', hasDevicePassword: false });
    expect(data.signature).toMatch(/^\/api\/files\//);
    // 90 days of repair warranty (the setting's default) from the delivery.
    const days = (Date.parse(data.repairWarrantyEndsAt) - Date.parse(data.deliveredAt)) / 86_400_000;
    expect(days).toBe(90);
    expect(data.history.map((h: { status: string }) => h.status)).toEqual([
      'RECEIVED',
      'DIAGNOSIS',
      'AWAITING_APPROVAL',
      'APPROVED',
      'IN_REPAIR',
      'READY',
      'DELIVERED',
    ]);
    // The device handed over finalizes its bill: Aguardando cliente → Finalizados, in the name of who delivered it.
    const billHistory = await w.t.db
      .selectFrom('order_status_history')
      .select(['status', 'employee_id', 'note'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(billHistory.map((h) => [h.status, h.employee_id === null, h.note])).toEqual([
      [6, false, `Reparo: ordem de serviço OS ${opened.id}`],
      [13, false, `Aparelho da OS ${opened.id} entregue ao cliente`],
    ]);
    const stored = await w.t.db
      .selectFrom('repairs')
      .select(['device_password', 'device_password_sealed'])
      .where('id', '=', opened.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ device_password: null, device_password_sealed: null });

    // The IMEI (not one of our units) shows the repair warranty.
    const warranty = await call(w.stocker, 'GET', `/repairs/warranty/${imei}`);
    expect(warranty.statusCode).toBe(403);
    const byImei = await call(w.admin, 'GET', `/repairs/warranty/${imei}`);
    expect(byImei.statusCode).toBe(200);
    expect(byImei.json().data).toEqual([
      expect.objectContaining({ repairId: opened.id, warrantyEndsAt: data.repairWarrantyEndsAt, warrantyDaysLeft: 90 }),
    ]);
    // A new repair of the same IMEI is under that warranty: it costs the customer nothing.
    const again = await openRepair(customer.id, imei);
    const againDetail = (await call(w.admin, 'GET', `/repairs/${again.id}`)).json().data;
    expect(againDetail.warranty).toEqual({ source: 'REPAIR', until: data.repairWarrantyEndsAt });

    // Every step audited.
    const audits = await auditTrail(w.t.db, 'repair', opened.id);
    expect(audits.map((a) => a.action)).toEqual([
      'create',
      'startDiagnosis',
      'sendEstimate',
      'approve',
      'startRepair',
      'finishRepair',
      'deliver',
    ]);
  });

  it('a bill paid by Pix waits for its proof; the device stays until it is approved, then its bill goes to the counter, not to the stocker', async () => {
    const customer = await createCustomer(w.t.db, { name: 'Pedro Pix' });
    const part = await createProduct(w.t.db, {
      name: 'Bateria iPhone 11',
      costCents: 9_000,
      sellCents: 18_000,
      stock: 3,
    });
    const opened = await openRepair(customer.id, imeiOf(++serial));
    expect((await call(w.technician, 'POST', `/repairs/${opened.id}/start-diagnosis`, {})).statusCode).toBe(200);
    const estimate = await call(w.technician, 'POST', `/repairs/${opened.id}/send-estimate`, {
      parts: [{ productId: part.id, quantity: 1 }],
      labour: 80,
    });
    expect(estimate.statusCode).toBe(200);
    const approved = await call(w.admin, 'POST', `/repairs/${opened.id}/approve`, { payment: 'PIX' });
    expect(approved.statusCode).toBe(200);
    const order = approved.json().data.order as { id: number; code: string };
    const statusOf = async () =>
      (await w.t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status;
    // 'Pix automático' off: the bill waits for its proof, as any sale paid by Pix.
    expect(await statusOf()).toBe(10);
    expect((await call(w.technician, 'POST', `/repairs/${opened.id}/start-repair`, {})).statusCode).toBe(200);
    expect((await call(w.technician, 'POST', `/repairs/${opened.id}/finish-repair`, {})).statusCode).toBe(200);
    // Unpaid, the device stays: 409 naming the bill, nothing changed.
    const refused = await call(w.admin, 'POST', `/repairs/${opened.id}/deliver`, { signature: await picture('png') });
    expect(expectApiError(refused, 409, 'REPAIR_BILL_UNPAID').errors).toEqual([
      `O pagamento do reparo (pedido ${order.code}, Aguardando comprovante) ainda não foi confirmado: o aparelho só sai depois dele.`,
    ]);
    expect((await call(w.admin, 'GET', `/repairs/${opened.id}`)).json().data.status).toBe('READY');
    expect(await statusOf()).toBe(10);

    // The proof attached and approved by the desk: paid, the bill goes on to the counter by itself.
    const workflow = (name: string, payload: object) =>
      w.t.app.inject({ method: 'PATCH', url: `/api/workflow/order/${name}`, headers: bearer(w.admin), payload });
    expect((await workflow('receipt', { orderId: order.id, image: await picture() })).statusCode).toBe(200);
    expect((await workflow('approve', { orderId: order.id })).statusCode).toBe(200);
    expect(await statusOf()).toBe(6);
    const history = await w.t.db
      .selectFrom('order_status_history')
      .select(['status', 'employee_id'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    // Aguardando comprovante → Aguardando aprovação → Aguardando estoquista → Aguardando cliente (the system).
    expect(history.map((h) => [h.status, h.employee_id === null])).toEqual([
      [10, false],
      [11, false],
      [1, false],
      [6, true],
    ]);

    const delivered = await call(w.admin, 'POST', `/repairs/${opened.id}/deliver`, { signature: await picture('png') });
    expect(delivered.statusCode).toBe(200);
    expect(await statusOf()).toBe(13);
  });

  it('a phone of our own sale still under warranty: the repair costs nothing, no order, its parts a warranty cost', async () => {
    const customer = await createCustomer(w.t.db);
    const phone = await w.t.db.transaction().execute(async (trx) => {
      const brand = await trx
        .insertInto('brands')
        .values({ name: `Marca OS ${serial++}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      return trx
        .insertInto('products')
        .values({
          code: `OS-${serial++}`,
          name: 'Galaxy A54',
          brand_id: brand.id,
          cost_cents: 100_000,
          sell_price_cents: 150_000,
          serialized: true,
          search_text: 'galaxy a54',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    const imei = imeiOf(serial++);
    // Sold and delivered ten days ago (the product's 12 months of warranty run).
    const delivered = new Date(Date.now() - 10 * 86_400_000);
    const order = await w.t.db
      .insertInto('orders')
      .values({
        code: `OSV${serial++}`,
        customer_id: customer.id,
        status: 13,
        delivery_type: 2,
        payment_method: 'CASH',
        items_total_cents: 150_000,
        total_cents: 150_000,
        finished_at: delivered,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const unit = await w.t.db
      .insertInto('product_units')
      .values({ product_id: phone.id, imei, cost_cents: 100_000, status: 'SOLD', order_id: order.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await w.t.db.insertInto('unit_imeis').values({ unit_id: unit.id, imei }).execute();
    const battery = await createProduct(w.t.db, { name: 'Bateria A54', costCents: 6_000, sellCents: 15_000, stock: 3 });

    const opened = await openRepair(customer.id, imei, { devicePassword: undefined, photos: [] });
    expect((await call(w.admin, 'GET', `/repairs/${opened.id}`)).json().data.warranty.source).toBe('SALE');
    await call(w.admin, 'POST', `/repairs/${opened.id}/start-diagnosis`, {});
    const estimate = await call(w.admin, 'POST', `/repairs/${opened.id}/send-estimate`, {
      parts: [{ productId: battery.id, quantity: 1 }],
      labour: 80,
    });
    expect(estimate.json().data).toMatchObject({ underWarranty: true, total: 0, partsTotal: 150, labour: 80 });
    // Nothing to pay: a payment is refused, and no order is placed.
    expectApiError(
      await call(w.admin, 'POST', `/repairs/${opened.id}/approve`, { payment: 'PIX' }),
      400,
      'BAD_REQUEST',
    );
    const approved = await call(w.admin, 'POST', `/repairs/${opened.id}/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.order).toBeNull();
    expect(await w.t.db.selectFrom('orders').select('id').where('repair_id', '=', opened.id).execute()).toEqual([]);
    // The battery left stock (3 → 2) at its cost, R$ 60,00: the warranty's cost in the CSV.
    expect(
      (await w.t.db.selectFrom('products').select('stock').where('id', '=', battery.id).executeTakeFirstOrThrow())
        .stock,
    ).toBe(2);
    const csv = await call(w.admin, 'GET', `/repairs/export.csv?imei=${imei}`);
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\r\n').find((l) => l.startsWith(`${opened.id};`)) ?? '';
    expect(line.split(';').slice(-4)).toEqual(['60,00', '150,00', '80,00', '0,00']);

    // GET /units/{imei} shows the repair beside the sale once delivered.
    await call(w.admin, 'POST', `/repairs/${opened.id}/start-repair`, {});
    await call(w.admin, 'POST', `/repairs/${opened.id}/finish-repair`, {});
    await call(w.admin, 'POST', `/repairs/${opened.id}/deliver`, { signature: await picture('png') });
    const shown = await call(w.admin, 'GET', `/units/${imei}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.repairs).toEqual([
      expect.objectContaining({ number: opened.id, status: 'Entregue', warrantyDaysLeft: 90 }),
    ]);
    expect(shown.json().data.history.map((h: { event: string }) => h.event)).toContain(
      `Reparo entregue ao cliente (OS ${opened.id})`,
    );
  });
});
