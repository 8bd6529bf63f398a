import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import { bearer, DEMO, type TestApp } from '../../test/helpers';
import { openPrivacyWorld, person, seq } from './test-customers-privacy';

/**
 * LGPD requests (decision 0016): the export of everything held about a person and the anonymisation that
 * keeps the accounting records. Figures by hand: one order of 2 × R$ 25,50 + R$ 12,50 freight = R$ 63,50.
 * What was written about the person in free text, and his pictures; createTestApp through
 * ./test-customers-privacy: an app and a database of this file's own.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await openPrivacyWorld());
});
afterAll(() => t.close());

describe('LGPD: what was written about the person in free text and his pictures (issue 34 §5)', () => {
  /** A CNPJ customer whose order's notes, return, audit, stock ledger and run name him in every spelling. */
  async function talkedAbout(db: DB) {
    const p = await person(db);
    const cnpj = '11222333000181';
    // Registered with a CPF, then moved to his company's CNPJ (and its IE): the old one is in his audit.
    await db
      .updateTable('customers')
      .set({ document: cnpj, state_registration: '86123456' })
      .where('id', '=', p.id)
      .execute();
    await db
      .insertInto('audit_events')
      .values({
        employee_id: null,
        entity: 'customer',
        entity_id: String(p.id),
        action: 'update',
        changes: JSON.stringify({ document: { from: p.document, to: cnpj } }),
      })
      .execute();
    const order = await db
      .selectFrom('orders')
      .select(['id', 'code'])
      .where('id', '=', p.orderId)
      .executeTakeFirstOrThrow();
    const attendantId = (
      await db.selectFrom('employees').select('id').where('email', '=', DEMO.attendant).executeTakeFirstOrThrow()
    ).id;
    const courierId = (
      await db.selectFrom('employees').select('id').where('email', '=', DEMO.courier).executeTakeFirstOrThrow()
    ).id;
    // Every spelling a person writes: with and without punctuation, mask, case.
    const notes = {
      placed: `Cliente ${p.name} (CNPJ 11.222.333/0001-81) pediu entrega rápida`,
      approved: `Pix conferido; fone (11) 98765-4321, e-mail ${p.email.toUpperCase()}`,
      delivered: 'Entregue na Rua das Acácias, 77 apto 12, CEP 04077-000, recebido pela joana',
      returned: `Devolução de 1 capinha: defeito. Contato +55 11 98765 4321 / ${cnpj} / 04077000 / IE 86.123.456`,
    };
    await db
      .insertInto('order_status_history')
      .values([
        { order_id: order.id, status: 1, employee_id: attendantId, note: notes.placed },
        { order_id: order.id, status: 4, employee_id: attendantId, note: notes.approved },
        { order_id: order.id, status: 12, employee_id: courierId, note: notes.delivered },
        { order_id: order.id, status: 13, employee_id: attendantId, note: notes.returned },
      ])
      .execute();
    await db
      .insertInto('order_adjustments')
      .values({
        kind: 'RETURN',
        original_order_id: order.id,
        product_id: p.productId,
        quantity: 1,
        unit_price_cents: 2550,
        difference_cents: -2550,
        employee_id: attendantId,
        comments: `Joana Privada ${seq} ligou do 11987654321: capinha com defeito, devolver em ${p.email}`,
        registration: randomUUID(),
        created_at: new Date('2026-02-11T12:00:00Z'),
      })
      .execute();
    await db
      .insertInto('audit_events')
      .values([
        {
          employee_id: attendantId,
          entity: 'order',
          entity_id: order.code,
          action: 'approve',
          changes: JSON.stringify({ status: { from: 4, to: 5 }, note: notes.approved }),
        },
        {
          // Who received the delivery (decision 0039): the doorman, a person of his own.
          employee_id: courierId,
          entity: 'order',
          entity_id: order.code,
          action: 'deliver',
          changes: JSON.stringify({
            status: { from: 4, to: 5 },
            deliveredAt: '2026-02-10T18:00:00.000Z',
            receiverName: 'Sebastião Porteiro',
            receiverDocument: '12345678X',
          }),
        },
        {
          employee_id: attendantId,
          entity: 'order',
          entity_id: order.code,
          action: 'registerReturn',
          changes: JSON.stringify({
            kind: 'RETURN',
            items: [{ productId: p.productId, quantity: 1, comment: `falar com ${p.name} na Rua das Acácias 77` }],
            differenceCents: -2550,
          }),
        },
      ])
      .execute();
    await db
      .insertInto('stock_movements')
      .values({
        kind: 'RETURN',
        product_id: p.productId,
        order_id: order.id,
        quantity_in: 1,
        stock_before: 0,
        stock_after: 1,
        cost_before_cents: 1000,
        cost_after_cents: 1000,
        unit_price_cents: 2550,
        employee_id: attendantId,
        note: `Devolvido por ${p.name}, 529.982.247-25`,
      })
      .execute();
    const run = await db
      .insertInto('courier_runs')
      .values({
        deliverer_id: courierId,
        departure_at: new Date('2026-02-10T16:00:00Z'),
        settled_at: new Date('2026-02-10T20:00:00Z'),
        declared_cash_cents: 6350,
        expected_cash_cents: 6350,
        delivered_count: 1,
        brought_back_count: 0,
        settlement_note: `Joana (11 98765-4321) pagou em dinheiro ${order.code}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('courier_run_orders').values({ run_id: run.id, order_id: order.id, position: 1 }).execute();
    await db
      .insertInto('pix_received')
      .values({
        end_to_end_id: `E1234567820260210150000000${String(seq).padStart(6, '0')}`,
        txid: `txid${seq}`,
        amount_cents: 6350,
        paid_at: new Date('2026-02-10T15:05:00Z'),
        payer: p.name,
        order_id: order.id,
      })
      .execute();
    await db
      .updateTable('orders')
      .set({ proof_end_to_end_id: `E1234567820260210150000000${String(seq).padStart(6, '0')}` })
      .where('id', '=', order.id)
      .execute();
    await db
      .updateTable('orders')
      .set({ receiver_name: 'Sebastião Porteiro', receiver_document: '12345678X' })
      .where('id', '=', order.id)
      .execute();
    const storage = t.app.deps.storage;
    const pictures = {
      signature: await storage.put(db, 'orders', Buffer.from(`assinatura de ${p.name}`), 'png'),
      receipt: await storage.put(db, 'orders', Buffer.from(`comprovante de ${p.name} ${cnpj}`), 'jpg'),
      packaging: await storage.put(db, 'orders', Buffer.from(`embalagem do pedido ${order.code}`), 'jpg'),
    };
    await db
      .insertInto('order_images')
      .values([
        { order_id: order.id, kind: 'SIGNATURE', path: pictures.signature },
        { order_id: order.id, kind: 'RECEIPT', path: pictures.receipt },
        { order_id: order.id, kind: 'PACKAGING', path: pictures.packaging },
      ])
      .execute();
    return { ...p, cnpj, order, attendantId, runId: run.id, notes };
  }

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.body;
  };

  /** Everything a person reads about the order and the customer: the screens' calls, and the export. */
  async function readable(p: Awaited<ReturnType<typeof talkedAbout>>) {
    return [
      await get(`/api/reports/order/histories/${p.orderId}`),
      await get(`/api/audit?entity=order&id=${p.order.code}&items=100`),
      await get(`/api/audit?entity=customer&id=${p.id}&items=100`),
      await get(
        `/api/reports/order/return/start/2026-02-01T00:00:00/end/2026-02-28T23:59:59/employee/${p.attendantId}`,
      ),
      await get(`/api/orders/by-id/${p.orderId}`),
      await get(`/api/customers/${p.id}/export`),
      JSON.stringify(
        await t.db.selectFrom('stock_movements').select('note').where('order_id', '=', p.orderId).execute(),
      ),
      JSON.stringify(
        await t.db.selectFrom('courier_runs').select('settlement_note').where('id', '=', p.runId).execute(),
      ),
    ].join('\n');
  }

  it('scrubs his name, CNPJ/CPF, phone, e-mail and address from every note, comment and audit row, removes his signature and proof, keeps the books', async () => {
    const p = await talkedAbout(t.db);
    const traces = [
      'Joana',
      p.name,
      '11.222.333/0001-81',
      p.cnpj,
      '529.982.247-25',
      '98765-4321',
      '98765 4321',
      '11987654321',
      p.email,
      'Acácias',
      'apto 12',
      '04077-000',
      '04077000',
      // The company's IE, as kept and as written.
      '86123456',
      '86.123.456',
      // Who received his delivery.
      'Sebastião Porteiro',
      '12345678X',
    ];
    const before = (await readable(p)).toLowerCase();
    for (const trace of traces) expect(before, trace).toContain(trace.toLowerCase());
    const signature = JSON.parse(await get(`/api/orders/signature/${p.orderId}`)).data.url as string;
    const receipt = JSON.parse(await get(`/api/orders/receipt/${p.orderId}`)).data.url as string;
    const packaging = JSON.parse(await get(`/api/orders/stocking/images/${p.orderId}`)).data[0].url as string;
    for (const url of [signature, receipt, packaging]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${p.id}/anonymise`,
      headers: bearer(admin),
    });
    expect(response.statusCode, response.body).toBe(200);

    const after = (await readable(p)).toLowerCase();
    for (const trace of traces) expect(after, trace).not.toContain(trace.toLowerCase());
    // The rest of each note stays: what happened, without who.
    const histories = JSON.parse(await get(`/api/reports/order/histories/${p.orderId}`)).data.histories as {
      note: string | null;
      statusKey: number;
    }[];
    expect(histories.filter((h) => h.note !== null).map((h) => [h.statusKey, h.note])).toEqual([
      [1, 'Cliente [dado removido] (CNPJ [dado removido]) pediu entrega rápida'],
      [4, 'Pix conferido; fone [dado removido], e-mail [dado removido]'],
      [12, 'Entregue na [dado removido], CEP [dado removido], recebido pela [dado removido]'],
      [
        13,
        'Devolução de 1 capinha: defeito. Contato [dado removido] / [dado removido] / [dado removido] / IE [dado removido]',
      ],
    ]);
    // His signature and payment proof are gone (no picture, and their links answer 404); the packing photo stays.
    expect(JSON.parse(await get(`/api/orders/signature/${p.orderId}`)).data).toBeNull();
    expect(JSON.parse(await get(`/api/orders/receipt/${p.orderId}`)).data).toBeNull();
    for (const url of [signature, receipt]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: packaging })).statusCode).toBe(200);

    // The books stay: the order's amounts and items, the return's amounts, the Pix by its end-to-end id.
    const order = await t.db
      .selectFrom('orders')
      .select(['total_cents', 'items_total_cents', 'proof_end_to_end_id', 'created_at'])
      .where('id', '=', p.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      total_cents: 6350,
      items_total_cents: 5100,
      proof_end_to_end_id: `E1234567820260210150000000${String(seq).padStart(6, '0')}`,
      created_at: new Date('2026-02-10T15:00:00Z'),
    });
    const returned = await t.db
      .selectFrom('order_adjustments')
      .select(['kind', 'quantity', 'unit_price_cents', 'difference_cents', 'comments'])
      .where('original_order_id', '=', p.orderId)
      .execute();
    expect(returned).toEqual([
      {
        kind: 'RETURN',
        quantity: 1,
        unit_price_cents: 2550,
        difference_cents: -2550,
        comments: '[dado removido] ligou do [dado removido]: capinha com defeito, devolver em [dado removido]',
      },
    ]);
    const pix = await t.db
      .selectFrom('pix_received')
      .select(['end_to_end_id', 'amount_cents', 'paid_at', 'payer'])
      .where('order_id', '=', p.orderId)
      .execute();
    expect(pix).toEqual([
      {
        end_to_end_id: `E1234567820260210150000000${String(seq).padStart(6, '0')}`,
        amount_cents: 6350,
        paid_at: new Date('2026-02-10T15:05:00Z'),
        payer: null,
      },
    ]);
    const audit = JSON.parse(await get(`/api/audit?entity=order&id=${p.order.code}&items=100`)).data;
    expect(audit).toHaveLength(3);
    // The delivery's row keeps what happened and when, not who received it.
    const delivered = await t.db
      .selectFrom('orders')
      .select(['receiver_name', 'receiver_document'])
      .where('id', '=', p.orderId)
      .executeTakeFirstOrThrow();
    expect(delivered).toEqual({ receiver_name: null, receiver_document: null });
    const items = await t.db
      .selectFrom('order_items')
      .select('total_cents')
      .where('order_id', '=', p.orderId)
      .execute();
    expect(items).toEqual([{ total_cents: 5100 }]);
  });
});
