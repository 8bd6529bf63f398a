import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestApp } from '../../test/helpers';
import { count, openPrivacyWorld, person, salesOf, seq } from './test-customers-privacy';

/**
 * LGPD requests (decision 0016): the export of everything held about a person and the anonymisation that
 * keeps the accounting records. Figures by hand: one order of 2 × R$ 25,50 + R$ 12,50 freight = R$ 63,50.
 * The export and the anonymisation; createTestApp through ./test-customers-privacy: an app and a database
 * of this file's own.
 */
let t: TestApp;
let admin: string;
let attendant: string;
let manager: string;

beforeAll(async () => {
  ({ t, admin, attendant, manager } = await openPrivacyWorld());
});
afterAll(() => t.close());

describe('LGPD: a customer’s data exported on request', () => {
  it('gives an administrator everything held about the person as a JSON attachment, and records that it was exported', async () => {
    const p = await person(t.db);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${p.id}/export`,
      headers: bearer(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="cliente-${p.id}-dados.json"`);
    const { data } = response.json();
    expect(data.customer).toMatchObject({
      id: p.id,
      name: p.name,
      email: p.email,
      phone: '11987654321',
      document: '52998224725',
      stateRegistration: '110042490114',
      status: 'Aprovado',
      shippingCost: 12.5,
      notes: 'Portão azul, falar com a vizinha Marta',
      address: {
        street: 'Rua das Acácias',
        number: '77',
        complement: 'apto 12',
        neighborhood: 'Moema',
        zipCode: '04077000',
      },
    });
    expect(data.orders).toEqual([
      expect.objectContaining({
        code: `PRV-${seq}`,
        status: 'Finalizados',
        paymentMethod: 'Pix',
        itemsTotal: 51,
        shippingCost: 12.5,
        total: 63.5,
        comments: 'Ligar para Joana no 11 98765-4321',
        items: [{ code: `PRIV-${seq}`, name: `Capinha Privada ${seq}`, quantity: 2, unitPrice: 25.5, total: 51 }],
      }),
    ]);
    expect(data.signIns).toEqual(['2026-03-01T12:00:00.000Z', '2026-03-02T12:00:00.000Z']);
    expect(data.searches).toEqual([{ term: p.term, at: '2026-03-01T12:05:00.000Z' }]);
    expect(data.productViews).toEqual([
      { code: `PRIV-${seq}`, name: `Capinha Privada ${seq}`, at: '2026-03-01T12:06:00.000Z' },
    ]);
    expect(data.cart).toEqual([expect.objectContaining({ code: `PRIV-${seq}`, quantity: 3 })]);
    expect(data.recordChanges.map((c: { action: string }) => c.action)).toEqual(['block']);
    const audit = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity', '=', 'customer')
      .where('entity_id', '=', String(p.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['block', 'privacy-export']);
  });

  it('is for administrators only: an attendant and a manager who manage customers get 403; an unknown customer 404', async () => {
    const p = await person(t.db);
    for (const token of [attendant, manager]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/customers/${p.id}/export`,
        headers: bearer(token),
      });
      expect(refused.statusCode).toBe(403);
      const anonymise = await t.app.inject({
        method: 'POST',
        url: `/api/customers/${p.id}/anonymise`,
        headers: bearer(token),
      });
      expect(anonymise.statusCode).toBe(403);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/customers/999999/export', headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual(['Cliente não encontrado.']);
    const row = await t.db.selectFrom('customers').select('name').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row.name).toBe(p.name);
  });
});

describe('LGPD: a customer anonymised on request', () => {
  it('replaces who the person is, removes sign-ins and cart, unlinks searches, keeps orders, amounts and the sales reports', async () => {
    const p = await person(t.db);
    const salesBefore = await salesOf(t.db, p.id);
    // One order of R$ 63,50 in the day and the month summaries.
    expect(salesBefore.map((s) => [s.grain, Number(s.orders), Number(s.total_cents)])).toEqual([
      ['D', 1, 6350],
      ['M', 1, 6350],
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${p.id}/anonymise`,
      headers: bearer(admin),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: p.id,
      name: `Cliente anonimizado ${p.id}`,
      email: `anonimizado-${p.id}@anonimizado.invalid`,
      phone: '',
      document: '',
      stateRegistration: null,
      notes: null,
      status: 'Blocked',
      isBlocked: true,
      address: {
        street: null,
        number: null,
        complement: null,
        neighborhood: null,
        zipCode: null,
        city: null,
        state: null,
      },
      totalPurchase: 63.5,
    });
    // Nothing left that finds the person by the old name, e-mail or document; the same search finds him by
    // his new name (so a search that finds nothing at all cannot pass for one that forgot him).
    const foundBy = async (search: string) => {
      const found = await t.app.inject({
        method: 'GET',
        url: `/api/customers/blocked?page=0&items=10&search=${encodeURIComponent(search)}`,
        headers: bearer(admin),
      });
      expect(found.statusCode, found.body).toBe(200);
      return found.json().customers.map((c: { id: number }) => c.id) as number[];
    };
    for (const search of ['Joana', p.email, '529.982.247-25']) expect(await foundBy(search)).not.toContain(p.id);
    expect(await foundBy(`Cliente anonimizado ${p.id}`)).toContain(p.id);
    expect(await count(t.db, 'customer_signins', p.id)).toBe(0);
    expect(await count(t.db, 'cart_items', p.id)).toBe(0);
    // The search stays in the shop's statistics, nobody's.
    const searches = await t.db.selectFrom('search_terms').select('customer_id').where('term', '=', p.term).execute();
    expect(searches).toEqual([{ customer_id: null }]);
    const views = await t.db
      .selectFrom('product_views')
      .select('customer_id')
      .where('product_id', '=', p.productId)
      .execute();
    expect(views).toEqual([{ customer_id: null }]);
    // The order and its money stay, without the free-text comment.
    const order = await t.db
      .selectFrom('orders')
      .select(['customer_id', 'total_cents', 'comments', 'status'])
      .where('id', '=', p.orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ customer_id: p.id, total_cents: 6350, comments: null, status: 13 });
    expect(await salesOf(t.db, p.id)).toEqual(salesBefore);
    // The audit keeps who changed what and the level, not the note that named the person.
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('entity', '=', 'customer')
      .where('entity_id', '=', String(p.id))
      .orderBy('id')
      .execute();
    const changes = audit.map((a) => (typeof a.changes === 'string' ? JSON.parse(a.changes) : a.changes));
    expect(audit.map((a) => a.action)).toEqual(['block', 'anonymise']);
    expect(changes[0]).toEqual({
      status: { from: 'APPROVED', to: 'BLOCKED' },
      statusNote: { from: null, to: null },
      level: { from: 0, to: 1 },
    });
    expect(JSON.stringify(changes)).not.toContain('98765');
    // Once is enough.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${p.id}/anonymise`,
      headers: bearer(admin),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['Os dados deste cliente já foram anonimizados.']);
  });

  it('is refused while an order still needs the person (awaiting the stocker), and changes nothing', async () => {
    const p = await person(t.db, { orderStatus: 1 });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${p.id}/anonymise`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([
      `O cliente tem pedidos em andamento (PRV-${seq}): conclua-os ou cancele-os antes de anonimizar os dados.`,
    ]);
    const row = await t.db
      .selectFrom('customers')
      .select(['name', 'email', 'street', 'status'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: p.name, email: p.email, street: 'Rua das Acácias', status: 'APPROVED' });
    expect(await count(t.db, 'customer_signins', p.id)).toBe(2);
    expect(await count(t.db, 'cart_items', p.id)).toBe(1);
  });
});
