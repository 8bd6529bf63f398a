import { customerSearchText } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import type { CustomerStatus } from '../../db/schema';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';

interface NewCustomer {
  name: string;
  email: string;
  document: string;
  phone: string;
  status?: CustomerStatus;
  level?: number;
  approved?: boolean;
}

async function insertCustomer(db: DB, c: NewCustomer): Promise<number> {
  const row = await db
    .insertInto('customers')
    .values({
      name: c.name,
      email: c.email,
      document: c.document,
      phone: c.phone,
      status: c.status ?? 'AWAITING',
      level: c.level ?? 0,
      approved_at: c.approved ? new Date() : null,
      shipping_cost_cents: 1250,
      street: 'Rua das Flores',
      number: '10',
      neighborhood: 'Centro',
      zip_code: '01001000',
      city: 'São Paulo',
      state: 'SP',
      search_text: customerSearchText(c),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One order with two items at the given time (created_at), for history and deletion tests. */
async function insertOrder(db: DB, customerId: number, code: string, createdAt: string, status = 5): Promise<number> {
  const brand = await db
    .insertInto('brands')
    .values({ name: `Marca ${code}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await db
    .insertInto('products')
    .values({
      code: `P-${code}`,
      name: `Capinha ${code}`,
      brand_id: brand.id,
      cost_cents: 1000,
      sell_price_cents: 2550,
      tags: [],
      search_text: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await db
    .insertInto('orders')
    .values({
      code,
      customer_id: customerId,
      status,
      delivery_type: 1,
      payment_method: 'CASH',
      items_total_cents: 2550 * 2 + 1000,
      shipping_cost_cents: 1250,
      total_cents: 2550 * 2 + 1000 + 1250,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values([
      {
        order_id: order.id,
        product_id: product.id,
        product_name: `Capinha ${code}`,
        product_code: `P-${code}`,
        quantity: 2,
        unit_price_cents: 2550,
        unit_cost_cents: 1000,
        total_cents: 5100,
      },
      {
        order_id: order.id,
        product_id: product.id,
        product_name: `Película ${code}`,
        product_code: `P-${code}`,
        quantity: 1,
        unit_price_cents: 1000,
        unit_cost_cents: 500,
        total_cents: 1000,
      },
    ])
    .execute();
  return order.id;
}

async function auditOf(db: DB, id: number) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('entity', '=', 'customer')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();
}

async function employeeId(db: DB, email: string): Promise<number> {
  const row = await db.selectFrom('employees').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

describe('customers API', () => {
  let t: TestApp;
  let attendant: string;
  let admin: string;
  let stocker: string;
  let courier: string;
  let manager: string;
  const ids = { joao: 0, awaiting: 0, reproved: 0, blocked: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    [attendant, admin, stocker, courier, manager] = await Promise.all([
      signIn(t.app, DEMO.attendant),
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.stocker),
      signIn(t.app, DEMO.courier),
      signIn(t.app, DEMO.manager),
    ]);
    ids.joao = await insertCustomer(t.db, {
      name: 'João Conceição',
      email: 'joao@cliente.com.br',
      document: '52998224725',
      phone: '11987654321',
      status: 'APPROVED',
      level: 1,
      approved: true,
    });
    ids.awaiting = await insertCustomer(t.db, {
      name: 'Maria Aguardando',
      email: 'Maria@Cliente.com.br',
      document: '12ABC34501DE35',
      phone: '2133334444',
    });
    ids.reproved = await insertCustomer(t.db, {
      name: 'Pedro Reprovado',
      email: 'pedro@cliente.com.br',
      document: '11222333000181',
      phone: '31988887777',
      status: 'REPROVED',
    });
    ids.blocked = await insertCustomer(t.db, {
      name: 'Bruna Bloqueada',
      email: 'bruna@cliente.com.br',
      document: '39053344705',
      phone: '41977776666',
      status: 'BLOCKED',
      level: 2,
      approved: true,
    });
  });
  afterAll(() => t.close());

  const get = (url: string, token = attendant) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (method: 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, token = attendant) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  describe('lists', () => {
    it('answers each list by status in {customers} with the customer fields and money in reais', async () => {
      const active = await get('/api/customers');
      expect(active.statusCode).toBe(200);
      expect(active.json().customers.map((c: { id: number }) => c.id)).toEqual([ids.joao]);
      expect(active.json().customers[0]).toMatchObject({
        id: ids.joao,
        name: 'João Conceição',
        email: 'joao@cliente.com.br',
        phone: '11987654321',
        document: '52998224725',
        stateRegistration: null,
        level: 1,
        levelName: 'Ouro',
        status: 'Approved',
        approved: true,
        isBlocked: false,
        deliverer: null,
        delivererAssociated: null,
        shippingCost: 12.5,
        warrantyPercentage: 0,
        fastDeliveryTax: 0,
        totalPurchase: 0,
        address: {
          street: 'Rua das Flores',
          number: '10',
          neighborhood: 'Centro',
          zipCode: '01001000',
          state: 'SP',
          city: 'São Paulo',
          shippingCost: 12.5,
        },
      });
      const blocked = await get('/api/customers/blocked');
      expect(blocked.json().customers).toMatchObject([{ id: ids.blocked, isBlocked: true, approved: true }]);
      const reproved = await get('/api/customers/reproved');
      expect(reproved.json().customers).toMatchObject([{ id: ids.reproved, status: 'Reproved', approved: false }]);
      const awaiting = await get('/api/administrator/customers/unnaproved');
      expect(awaiting.json().customers).toMatchObject([{ id: ids.awaiting, status: 'Awaiting', level: 0 }]);
    });

    it('lets the manager (customers) and selling (internal_sales) read the active list', async () => {
      expect((await get('/api/customers', manager)).statusCode).toBe(200);
      expect((await get('/api/customers', admin)).statusCode).toBe(200);
    });
  });

  it('serves the levels from the database as the bare list section 7 names ("GET /customers/level (data)")', async () => {
    const res = await get('/api/customers/level');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { value: 1, text: 'Ouro' },
      { value: 2, text: 'Prata' },
      { value: 3, text: 'Bronze' },
    ]);
  });

  it('serves the details by e-mail in any case, and 404 for an unknown e-mail', async () => {
    const res = await get('/api/administrator/customer/MARIA%40cliente.com.br');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: ids.awaiting,
      document: '12ABC34501DE35',
      ordersCount: 0,
      approvedBy: null,
      lastPurchaseAt: null,
    });
    const missing = await get('/api/administrator/customer/ninguem%40cliente.com.br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ errors: ['Cliente não encontrado.'] });
  });

  describe('full search', () => {
    const search = async (param: string) => {
      const res = await get(`/api/customers/full-search?param=${encodeURIComponent(param)}`);
      expect(res.statusCode).toBe(200);
      return res.json().customers.map((c: { id: number }) => c.id) as number[];
    };

    it('matches name without accents or case, e-mail, document and phone with punctuation', async () => {
      expect(await search('JOAO conceicao')).toEqual([ids.joao]);
      expect(await search('conceição')).toEqual([ids.joao]);
      expect(await search('pedro@cliente')).toEqual([ids.reproved]);
      expect(await search('529.982.247-25')).toEqual([ids.joao]);
      expect(await search('11.222.333/0001-81')).toEqual([ids.reproved]);
      expect(await search('12.abc.345/01de-35')).toEqual([ids.awaiting]);
      expect(await search('(41) 97777-6666')).toEqual([ids.blocked]);
      expect(await search('+55 (11) 98765-4321')).toEqual([ids.joao]);
      expect(await search('cliente.com.br')).toHaveLength(4);
      expect(await search('100%')).toEqual([]);
    });

    it('lists approved customers first and filters by status when asked', async () => {
      const all = await search('cliente.com.br');
      expect(all[0]).toBe(ids.joao);
      const res = await get('/api/customers/full-search?param=cliente&status=Blocked');
      expect(res.json().customers.map((c: { id: number }) => c.id)).toEqual([ids.blocked]);
    });

    it('refuses a query shorter than 2 characters', async () => {
      const res = await get('/api/customers/full-search?param=a');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: ['Informe ao menos 2 caracteres para pesquisar.'] });
    });
  });

  describe('associate a courier', () => {
    it('associates an active courier and records it', async () => {
      const delivererId = await employeeId(t.db, DEMO.courier);
      const res = await send('PUT', '/api/employees/deliverer/sign/customer', { delivererId, customerId: ids.joao });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        deliverer: { id: delivererId, name: 'Diego Motoboy' },
        delivererAssociated: 'Diego Motoboy',
      });
      const audit = await auditOf(t.db, ids.joao);
      expect(audit.at(-1)).toMatchObject({
        action: 'associate-deliverer',
        employee_id: await employeeId(t.db, DEMO.attendant),
      });
    });

    it('refuses an employee that is not a courier, a blocked courier, an unknown one and a missing id', async () => {
      const attendantId = await employeeId(t.db, DEMO.attendant);
      const courier2 = await employeeId(t.db, DEMO.courier2);
      await t.db.updateTable('employees').set({ blocked: true }).where('id', '=', courier2).execute();
      try {
        for (const delivererId of [attendantId, courier2, 99999]) {
          const res = await send('PUT', '/api/employees/deliverer/sign/customer', {
            delivererId,
            customerId: ids.joao,
          });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ errors: ['O funcionário informado não é um motoboy ativo.'] });
        }
      } finally {
        await t.db.updateTable('employees').set({ blocked: false }).where('id', '=', courier2).execute();
      }
      const missing = await send('PUT', '/api/employees/deliverer/sign/customer', { customerId: ids.joao });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toContain('Informe o entregador');
    });

    it('refuses a blocked or reproved customer and an unknown one', async () => {
      const delivererId = await employeeId(t.db, DEMO.courier);
      const blocked = await send('PUT', '/api/employees/deliverer/sign/customer', {
        delivererId,
        customerId: ids.blocked,
      });
      expect(blocked.statusCode).toBe(409);
      const unknown = await send('PUT', '/api/employees/deliverer/sign/customer', { delivererId, customerId: 99999 });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('approve and reprove', () => {
    it('validates with the spec messages', async () => {
      const noShipping = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'maria@cliente.com.br',
        approve: true,
        level: 2,
        warrantyPercentage: 10,
      });
      expect(noShipping.statusCode).toBe(400);
      expect(noShipping.json().errors).toEqual(['Informe o preço do frete para o cliente']);
      const noLevel = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'maria@cliente.com.br',
        approve: true,
        shippingCost: 10,
        warrantyPercentage: 10,
      });
      expect(noLevel.json().errors).toEqual(['Informe o nível do cliente']);
      const warranty = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'maria@cliente.com.br',
        approve: true,
        level: 2,
        shippingCost: 10,
        warrantyPercentage: 101,
      });
      expect(warranty.json().errors).toEqual(['Informe a garantia de 0 a 100']);
      const extra = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'maria@cliente.com.br',
        approve: true,
        level: 2,
        shippingCost: 10,
        status: 'APPROVED',
      });
      expect(extra.statusCode).toBe(400);
    });

    it('approves with level, shipping cost in cents, warranty and who/when, then refuses a second approval', async () => {
      const res = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'MARIA@cliente.com.br',
        approve: true,
        level: 2,
        shippingCost: 15.9,
        warrantyPercentage: 12.5,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'Approved',
        approved: true,
        level: 2,
        levelName: 'Prata',
        shippingCost: 15.9,
        warrantyPercentage: 12.5,
      });
      const row = await t.db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', ids.awaiting)
        .executeTakeFirstOrThrow();
      const attendantId = await employeeId(t.db, DEMO.attendant);
      expect(row).toMatchObject({
        status: 'APPROVED',
        shipping_cost_cents: 1590,
        approved_by: attendantId,
        status_changed_by: attendantId,
      });
      expect(row.approved_at).toBeInstanceOf(Date);
      const audit = await auditOf(t.db, ids.awaiting);
      expect(audit.at(-1)?.action).toBe('approve');
      expect(audit.at(-1)?.changes).toMatchObject({
        status: { from: 'AWAITING', to: 'APPROVED' },
        shippingCost: { from: 12.5, to: 15.9 },
        warrantyPercentage: { from: 0, to: 12.5 },
      });
      const again = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'maria@cliente.com.br',
        approve: true,
        level: 1,
        shippingCost: 1,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ errors: ['O cliente já está aprovado.'] });
      const details = await get('/api/administrator/customer/maria%40cliente.com.br');
      expect(details.json().data.approvedBy).toEqual({ id: attendantId, name: 'Beatriz Atendente' });
    });

    it('reproves with approve:false, and re-approves a reproved customer', async () => {
      const id = await insertCustomer(t.db, {
        name: 'Rita Reprovável',
        email: 'rita@cliente.com.br',
        document: '71428793860',
        phone: '11911112222',
      });
      const reproved = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'rita@cliente.com.br',
        approve: false,
      });
      expect(reproved.statusCode).toBe(200);
      expect(reproved.json().data).toMatchObject({ status: 'Reproved', approved: false });
      expect((await get('/api/customers/reproved')).json().customers.map((c: { id: number }) => c.id)).toContain(id);
      const twice = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'rita@cliente.com.br',
        approve: false,
      });
      expect(twice.statusCode).toBe(409);
      const approved = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'rita@cliente.com.br',
        approve: true,
        level: 3,
        shippingCost: 0,
        warrantyPercentage: 0,
      });
      expect(approved.json().data).toMatchObject({ status: 'Approved', level: 3 });
      expect((await auditOf(t.db, id)).map((a) => a.action)).toEqual(['reprove', 'approve']);
    });

    it('refuses to approve a blocked customer and an unknown e-mail', async () => {
      const blocked = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'bruna@cliente.com.br',
        approve: true,
        level: 1,
        shippingCost: 1,
      });
      expect(blocked.statusCode).toBe(409);
      const unknown = await send('PATCH', '/api/administrator/customers/approve', { email: 'x@y.com', approve: false });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('status changes', () => {
    it('blocks only with a note, lists it as blocked, and unblocks back to Approved', async () => {
      const id = await insertCustomer(t.db, {
        name: 'Carla Caloteira',
        email: 'carla@cliente.com.br',
        document: '98765432100',
        phone: '11922223333',
        status: 'APPROVED',
        level: 3,
        approved: true,
      });
      const noNote = await send('PATCH', `/api/administrator/customer/${id}/status`, { status: 'Blocked' });
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json()).toMatchObject({ errors: ['Preencha o campo'] });
      const blank = await send('PATCH', `/api/administrator/customer/${id}/status`, { status: 'Blocked', note: '   ' });
      expect(blank.json()).toMatchObject({ errors: ['Preencha o campo'] });
      const blocked = await send('PATCH', `/api/administrator/customer/${id}/status`, {
        status: 'Blocked',
        note: 'Cheques sem fundo',
      });
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json().data).toMatchObject({
        status: 'Blocked',
        isBlocked: true,
        approved: true,
        statusNote: 'Cheques sem fundo',
      });
      expect((await get('/api/customers/blocked')).json().customers.map((c: { id: number }) => c.id)).toContain(id);
      expect((await get('/api/customers')).json().customers.map((c: { id: number }) => c.id)).not.toContain(id);
      const twice = await send('PATCH', `/api/administrator/customer/${id}/status`, {
        status: 'Blocked',
        note: 'de novo',
      });
      expect(twice.statusCode).toBe(409);
      const unblocked = await send('PATCH', `/api/administrator/customer/${id}/status`, { status: 'Approved' });
      expect(unblocked.json().data).toMatchObject({ status: 'Approved', isBlocked: false, statusNote: null });
      const audit = await auditOf(t.db, id);
      expect(audit.map((a) => a.action)).toEqual(['block', 'unblock']);
      expect(JSON.stringify(audit[0]?.changes)).toContain('Cheques sem fundo');
    });

    it('unblocks a customer blocked while waiting back to waiting', async () => {
      const id = await insertCustomer(t.db, {
        name: 'Wagner Espera',
        email: 'wagner@cliente.com.br',
        document: '11144477735',
        phone: '11933334444',
      });
      await send('PATCH', `/api/administrator/customer/${id}/status`, {
        status: 'Blocked',
        note: 'Documento suspeito',
      });
      const res = await send('PATCH', `/api/administrator/customer/${id}/status`, { status: 'Approved' });
      expect(res.json().data.status).toBe('Awaiting');
    });

    it('re-approves a reproved customer keeping its terms, and sends a waiting one to the approval form', async () => {
      const withLevel = await insertCustomer(t.db, {
        name: 'Luiz Nível',
        email: 'luiz@cliente.com.br',
        document: '12345678909',
        phone: '11944445555',
        status: 'REPROVED',
        level: 2,
      });
      const ok = await send('PATCH', `/api/administrator/customer/${withLevel}/status`, { status: 'Approved' });
      expect(ok.json().data).toMatchObject({ status: 'Approved', approved: true });
      const retail = await insertCustomer(t.db, {
        name: 'Vera Varejo',
        email: 'vera@cliente.com.br',
        document: '66677788809',
        phone: '11945454545',
        status: 'REPROVED',
      });
      const noLevel = await send('PATCH', `/api/administrator/customer/${retail}/status`, { status: 'Approved' });
      expect(noLevel.json().data).toMatchObject({ status: 'Approved', level: 0 });
      const waiting = await insertCustomer(t.db, {
        name: 'Wanda Espera',
        email: 'wanda@cliente.com.br',
        document: '77788899910',
        phone: '11946464646',
      });
      const refused = await send('PATCH', `/api/administrator/customer/${waiting}/status`, { status: 'Approved' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        errors: ['Para aprovar um cliente que aguarda aprovação, informe o nível, o frete e a garantia.'],
      });
      const reprove = await send('PATCH', `/api/administrator/customer/${withLevel}/status`, {
        status: 'Reproved',
        note: 'Endereço falso',
      });
      expect(reprove.json().data).toMatchObject({ status: 'Reproved', statusNote: 'Endereço falso' });
    });

    it('refuses unknown statuses, unknown fields and unknown customers', async () => {
      const bad = await send('PATCH', `/api/administrator/customer/${ids.joao}/status`, { status: 'APPROVED' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toContain('Situação inválida: use Approved, Blocked ou Reproved.');
      const extra = await send('PATCH', `/api/administrator/customer/${ids.joao}/status`, {
        status: 'Approved',
        level: 1,
      });
      expect(extra.statusCode).toBe(400);
      const unknown = await send('PATCH', '/api/administrator/customer/99999/status', { status: 'Blocked', note: 'x' });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('edit', () => {
    it('edits level, shipping cost, warranty and fast-delivery tax, and reproves when approve is false', async () => {
      const id = await insertCustomer(t.db, {
        name: 'Edu Editável',
        email: 'edu@cliente.com.br',
        document: '22233344405',
        phone: '11955556666',
        status: 'APPROVED',
        level: 1,
        approved: true,
      });
      const res = await send('PATCH', '/api/customers', {
        customerId: id,
        email: 'edu@cliente.com.br',
        level: 3,
        warrantyPercentage: 5,
        shippingCost: 20,
        approve: true,
        fastDeliveryTax: 7.5,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        level: 3,
        warrantyPercentage: 5,
        shippingCost: 20,
        fastDeliveryTax: 7.5,
        status: 'Approved',
      });
      const row = await t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        shipping_cost_cents: 2000,
        fast_delivery_tax_cents: 750,
        search_text: customerSearchText(row),
      });
      const reprove = await send('PATCH', '/api/customers', {
        customerId: id,
        level: 3,
        warrantyPercentage: 5,
        shippingCost: 20,
        approve: false,
      });
      expect(reprove.json().data.status).toBe('Reproved');
      expect((await auditOf(t.db, id)).map((a) => a.action)).toEqual(['edit', 'edit']);
    });

    it('validates: shipping cost required, warranty 0 to 100, a known level, the e-mail of the customer', async () => {
      const base = { customerId: ids.joao, level: 1, warrantyPercentage: 0, shippingCost: 10, approve: true };
      const noShipping = await send('PATCH', '/api/customers', { ...base, shippingCost: undefined });
      expect(noShipping.json().errors).toEqual(['Informe o preço do frete para o cliente']);
      const negative = await send('PATCH', '/api/customers', { ...base, warrantyPercentage: -1 });
      expect(negative.json().errors).toEqual(['A garantia não pode ser negativa']);
      const over = await send('PATCH', '/api/customers', { ...base, warrantyPercentage: 100.5 });
      expect(over.json().errors).toEqual(['Informe a garantia de 0 a 100']);
      const level = await send('PATCH', '/api/customers', { ...base, level: 4 });
      expect(level.json().errors).toEqual(['Nível de cliente inválido.']);
      // An approved retail customer may have no level (0).
      const retail = await send('PATCH', '/api/customers', { ...base, level: 0 });
      expect(retail.json().data).toMatchObject({ status: 'Approved', level: 0, levelName: '' });
      const mismatch = await send('PATCH', '/api/customers', { ...base, email: 'outro@cliente.com.br' });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({ errors: ['O e-mail informado não corresponde ao cliente.'] });
      const unknown = await send('PATCH', '/api/customers', { ...base, customerId: 99999 });
      expect(unknown.statusCode).toBe(404);
    });

    it('keeps a blocked customer blocked', async () => {
      const res = await send('PATCH', '/api/customers', {
        customerId: ids.blocked,
        level: 2,
        warrantyPercentage: 3,
        shippingCost: 9,
        approve: true,
      });
      expect(res.json().data).toMatchObject({ status: 'Blocked', isBlocked: true, warrantyPercentage: 3 });
    });
  });

  describe('delete', () => {
    it('deletes a customer without orders, with an audit row', async () => {
      const id = await insertCustomer(t.db, {
        name: 'Dora Deletável',
        email: 'dora@cliente.com.br',
        document: '33344455506',
        phone: '11966667777',
      });
      const res = await send('DELETE', `/api/customers/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { id } });
      expect(await t.db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      expect((await auditOf(t.db, id)).map((a) => a.action)).toEqual(['delete']);
      expect((await send('DELETE', `/api/customers/${id}`)).statusCode).toBe(404);
    });

    it("answers 409 'Cliente não pode ser deletado.' for a customer with orders, saying why and what to do instead", async () => {
      const id = await insertCustomer(t.db, {
        name: 'Otávio Pedidos',
        email: 'otavio@cliente.com.br',
        document: '44455566607',
        phone: '11977778888',
        status: 'APPROVED',
        level: 1,
        approved: true,
      });
      await insertOrder(t.db, id, 'DEL-001', '2026-03-10T12:00:00Z');
      const res = await send('DELETE', `/api/customers/${id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'IN_USE',
        errors: [
          'Cliente não pode ser deletado. Ele tem 1 pedido registrado, que precisa ser mantido; para que não compre mais, bloqueie-o.',
        ],
      });
      await insertOrder(t.db, id, 'DEL-002', '2026-03-11T12:00:00Z');
      expect((await send('DELETE', `/api/customers/${id}`)).json().errors).toEqual([
        'Cliente não pode ser deletado. Ele tem 2 pedidos registrados, que precisam ser mantidos; para que não compre mais, bloqueie-o.',
      ]);
      expect(await t.db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    });
  });

  describe('history', () => {
    let id: number;
    beforeAll(async () => {
      id = await insertCustomer(t.db, {
        name: 'Helena Histórico',
        email: 'helena@cliente.com.br',
        document: '55566677708',
        phone: '11988889999',
        status: 'APPROVED',
        level: 1,
        approved: true,
      });
      // 2026-04-01 09:00 and 2026-04-20 18:00 in Brasília; one before the period, one cancelled inside it.
      await insertOrder(t.db, id, 'HIS-001', '2026-04-01T12:00:00Z');
      await insertOrder(t.db, id, 'HIS-002', '2026-04-20T21:00:00Z', 7);
      await insertOrder(t.db, id, 'HIS-000', '2026-03-31T02:59:59Z');
    });

    it('lists the orders of the period with items and totals, and the sum', async () => {
      const res = await get(`/api/reports/customer/histories/${id}/start/2026-04-01T00:00:00/end/2026-04-30T23:59:59`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.orders.map((o: { code: string }) => o.code)).toEqual(['HIS-001', 'HIS-002']);
      expect(data.orders[0]).toMatchObject({
        code: 'HIS-001',
        status: 'Entregue',
        statusKey: 5,
        purchasedAt: '2026-04-01T12:00:00.000Z',
        totalOrder: 73.5,
        items: [
          { name: 'Capinha HIS-001', quantity: 2, unitPrice: 25.5, total: 51 },
          { name: 'Película HIS-001', quantity: 1, unitPrice: 10, total: 10 },
        ],
      });
      expect(data.orders[1].status).toBe('Cancelado');
      expect(data.total).toBe(147);
      const details = await get('/api/administrator/customer/helena%40cliente.com.br');
      // Total purchase leaves the cancelled order out.
      expect(details.json().data).toMatchObject({
        ordersCount: 3,
        totalPurchase: 147,
        lastPurchaseAt: '2026-04-20T21:00:00.000Z',
      });
    });

    it('is inclusive at both ends in Brasília time, and empty outside', async () => {
      const edge = await get(`/api/reports/customer/histories/${id}/start/2026-03-30T23:59:59/end/2026-03-30T23:59:59`);
      expect(edge.json().data.orders.map((o: { code: string }) => o.code)).toEqual(['HIS-000']);
      const empty = await get(
        `/api/reports/customer/histories/${id}/start/2025-01-01T00:00:00/end/2025-12-31T23:59:59`,
      );
      expect(empty.json()).toEqual({ data: { orders: [], total: 0 } });
    });

    it('lets the manager (reports) read it, and refuses bad periods and unknown customers', async () => {
      expect(
        (await get(`/api/reports/customer/histories/${id}/start/2026-04-01T00:00:00/end/2026-04-30T23:59:59`, manager))
          .statusCode,
      ).toBe(200);
      const format = await get(`/api/reports/customer/histories/${id}/start/2026-04-01/end/2026-04-30T23:59:59`);
      expect(format.statusCode).toBe(400);
      expect(format.json().errors).toContain('Data inválida: use o formato AAAA-MM-DDTHH:mm:ss.');
      const impossible = await get(
        `/api/reports/customer/histories/${id}/start/2026-02-30T00:00:00/end/2026-04-30T23:59:59`,
      );
      expect(impossible.statusCode).toBe(400);
      const reversed = await get(
        `/api/reports/customer/histories/${id}/start/2026-04-30T00:00:00/end/2026-04-01T00:00:00`,
      );
      expect(reversed.json()).toMatchObject({ errors: ['A data final deve ser igual ou posterior à data inicial.'] });
      const unknown = await get(
        '/api/reports/customer/histories/99999/start/2026-04-01T00:00:00/end/2026-04-30T23:59:59',
      );
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('one period rule for every start/end path', () => {
    it('closes: the same day gave different answers in the customer and the product histories', async () => {
      const id = await insertCustomer(t.db, {
        name: 'Paula Período',
        email: 'paula@cliente.com.br',
        document: '33322211100',
        phone: '11966665555',
        status: 'APPROVED',
        level: 1,
        approved: true,
      });
      // 30/04 23:59:59.5 in São Paulo is inside a period ending 2026-04-30T23:59:59; 01/05 00:00:00 is not.
      const inside = await insertOrder(t.db, id, 'PER-001', '2026-05-01T02:59:59.500Z');
      const outside = await insertOrder(t.db, id, 'PER-002', '2026-05-01T03:00:00.000Z');
      const productOf = async (orderId: number) =>
        (
          await t.db
            .selectFrom('order_items')
            .select('product_id')
            .where('order_id', '=', orderId)
            .executeTakeFirstOrThrow()
        ).product_id;
      const period = 'start/2026-04-30T00:00:00/end/2026-04-30T23:59:59';
      const customer = await get(`/api/reports/customer/histories/${id}/${period}`, manager);
      expect(customer.json().data.orders.map((o: { code: string }) => o.code)).toEqual(['PER-001']);
      const soldInside = await get(`/api/reports/product/sold/histories/${await productOf(inside)}/${period}`, manager);
      // one row per item of the order
      expect(new Set(soldInside.json().data.map((row: { orderCode: string }) => row.orderCode))).toEqual(
        new Set(['PER-001']),
      );
      const soldOutside = await get(
        `/api/reports/product/sold/histories/${await productOf(outside)}/${period}`,
        manager,
      );
      expect(soldOutside.json().data).toEqual([]);
    });
  });

  describe('regressions', () => {
    const rowOf = (id: number) =>
      t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('money with more than two decimals is refused, not silently rounded to the cent', async () => {
      const id = await insertCustomer(t.db, {
        name: 'Celso Centavos',
        email: 'celso@cliente.com.br',
        document: '86288366757',
        phone: '11912341234',
      });
      const before = await rowOf(id);
      const approve = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'celso@cliente.com.br',
        approve: true,
        level: 1,
        shippingCost: 10.005,
      });
      expect(approve.statusCode).toBe(400);
      expect(approve.json()).toMatchObject({ errors: ['Informe um valor com no máximo duas casas decimais.'] });
      const edit = await send('PATCH', '/api/customers', {
        customerId: id,
        level: 1,
        warrantyPercentage: 0,
        shippingCost: 10,
        approve: false,
        fastDeliveryTax: 7.555,
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json()).toMatchObject({ errors: ['Informe um valor com no máximo duas casas decimais.'] });
      expect(await rowOf(id)).toEqual(before);
      expect(await auditOf(t.db, id)).toEqual([]);

      // Binary floats that mean two decimals are exact cents: 19.99 and 0.1 + 0.2.
      const ok = await send('PATCH', '/api/administrator/customers/approve', {
        email: 'celso@cliente.com.br',
        approve: true,
        level: 1,
        shippingCost: 19.99,
      });
      expect(ok.json().data.shippingCost).toBe(19.99);
      const sum = await send('PATCH', '/api/customers', {
        customerId: id,
        level: 1,
        warrantyPercentage: 0,
        shippingCost: 0.1 + 0.2,
        approve: true,
        fastDeliveryTax: 0.07 * 3,
      });
      expect(sum.json().data).toMatchObject({ shippingCost: 0.3, fastDeliveryTax: 0.21 });
      expect(await rowOf(id)).toMatchObject({ shipping_cost_cents: 30, fast_delivery_tax_cents: 21 });
    });

    it('ids beyond the integer column are refused up front with INVALID_INPUT (400), not 500', async () => {
      // The input guard (plugins/input-guard.ts) refuses them in the path and the body alike.
      const huge = 99_999_999_999;
      const delivererId = await employeeId(t.db, DEMO.courier);
      const answers = [
        await send('DELETE', `/api/customers/${huge}`),
        await send('PATCH', `/api/administrator/customer/${huge}/status`, { status: 'Blocked', note: 'x' }),
        await send('PATCH', '/api/customers', {
          customerId: huge,
          level: 1,
          warrantyPercentage: 0,
          shippingCost: 1,
          approve: true,
        }),
        await send('PUT', '/api/employees/deliverer/sign/customer', { delivererId, customerId: huge }),
        await send('PUT', '/api/employees/deliverer/sign/customer', { delivererId: huge, customerId: ids.joao }),
        await get(`/api/reports/customer/histories/${huge}/start/2026-01-01T00:00:00/end/2026-01-31T23:59:59`),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          errors: ['Um número informado está fora do intervalo aceito.'],
          code: 'INVALID_INPUT',
        });
      }
    });

    it('a path id that is not a positive integer gets a clear 400, not a zod message about NaN', async () => {
      for (const id of ['abc', '1.5', '-1', '0', '%20']) {
        const res = await send('DELETE', `/api/customers/${id}`);
        expect(res.statusCode, id).toBe(400);
        expect(res.json()).toMatchObject({ errors: ['Identificador de cliente inválido.'] });
      }
      const history = await get('/api/reports/customer/histories/x/start/2026-01-01T00:00:00/end/2026-01-31T23:59:59');
      expect(history.json()).toMatchObject({ errors: ['Identificador de cliente inválido.'] });
    });

    it('a history period reaching year 0000 or 9999 answers, not 500', async () => {
      const far = await get(
        `/api/reports/customer/histories/${ids.joao}/start/0000-01-01T00:00:00/end/9999-12-31T23:59:59`,
      );
      expect(far.statusCode, far.body).toBe(200);
      expect(far.json()).toEqual({ data: { orders: [], total: 0 } });
    });

    it('a search longer than 200 characters is refused with its own message', async () => {
      const res = await get(`/api/customers/full-search?param=${'a'.repeat(201)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: ['A pesquisa deve ter no máximo 200 caracteres.'] });
      expect((await get(`/api/customers/full-search?param=${'a'.repeat(200)}`)).statusCode).toBe(200);
    });

    it('LIKE wildcards typed in a search are literal: "_", "%" and "\\" match only themselves', async () => {
      const id = await insertCustomer(t.db, {
        name: 'Loja 50% Off_Line',
        email: 'off_line@cliente.com.br',
        document: '15350946056',
        phone: '11913131313',
      });
      const search = async (param: string) =>
        (await get(`/api/customers/full-search?param=${encodeURIComponent(param)}`))
          .json()
          .customers.map((c: { id: number }) => c.id);
      expect(await search('50%')).toEqual([id]);
      expect(await search('off_line')).toEqual([id]);
      expect(await search('jo_o')).toEqual([]);
      expect(await search('%%')).toEqual([]);
      expect(await search('__')).toEqual([]);
      expect(await search('\\%')).toEqual([]);
    });

    it('two simultaneous approvals of one customer: one wins, the other gets 409, one audit row', async () => {
      const id = await insertCustomer(t.db, {
        name: 'Gêmeos Simultâneos',
        email: 'gemeos@cliente.com.br',
        document: '48167218007',
        phone: '11914141414',
      });
      const body = (level: number) => ({ email: 'gemeos@cliente.com.br', approve: true, level, shippingCost: level });
      const answers = await Promise.all([
        send('PATCH', '/api/administrator/customers/approve', body(1)),
        send('PATCH', '/api/administrator/customers/approve', body(2), admin),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)?.json().data;
      expect(await rowOf(id)).toMatchObject({
        status: 'APPROVED',
        level: winner.level,
        shipping_cost_cents: winner.level * 100,
      });
      expect((await auditOf(t.db, id)).map((a) => a.action)).toEqual(['approve']);
    });

    it('two simultaneous blocks of one customer: one wins, the other gets 409, one audit row', async () => {
      const id = await insertCustomer(t.db, {
        name: 'Bloqueio Duplo',
        email: 'duplo@cliente.com.br',
        document: '61433476000',
        phone: '11915151515',
        status: 'APPROVED',
        level: 1,
        approved: true,
      });
      const answers = await Promise.all(
        ['Primeiro motivo', 'Segundo motivo'].map((note, i) =>
          send('PATCH', `/api/administrator/customer/${id}/status`, { status: 'Blocked', note }, [attendant, admin][i]),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)?.json().data;
      expect(await rowOf(id)).toMatchObject({ status: 'BLOCKED', status_note: winner.statusNote });
      expect((await auditOf(t.db, id)).map((a) => a.action)).toEqual(['block']);
    });
  });

  describe('access', () => {
    const calls = (): Array<[string, string, object?]> => [
      ['GET', '/api/customers'],
      ['GET', '/api/customers/blocked'],
      ['GET', '/api/customers/reproved'],
      ['GET', '/api/administrator/customers/unnaproved'],
      ['GET', '/api/administrator/customer/joao%40cliente.com.br'],
      ['GET', '/api/customers/level'],
      ['GET', '/api/customers/full-search?param=joao'],
      ['PUT', '/api/employees/deliverer/sign/customer', { delivererId: 1, customerId: ids.joao }],
      ['DELETE', `/api/customers/${ids.joao}`],
      ['PATCH', `/api/administrator/customer/${ids.joao}/status`, { status: 'Blocked', note: 'x' }],
      [
        'PATCH',
        '/api/customers',
        { customerId: ids.joao, level: 1, warrantyPercentage: 0, shippingCost: 1, approve: true },
      ],
      ['PATCH', '/api/administrator/customers/approve', { email: 'joao@cliente.com.br', approve: false }],
      ['GET', `/api/reports/customer/histories/${ids.joao}/start/2026-01-01T00:00:00/end/2026-12-31T23:59:59`],
    ];

    it('answers 401 to every call without a token', async () => {
      for (const [method, url, payload] of calls()) {
        const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('answers 403 to the stocker and the courier on every call, changing nothing', async () => {
      const before = await t.db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', ids.joao)
        .executeTakeFirstOrThrow();
      for (const token of [stocker, courier]) {
        for (const [method, url, payload] of calls()) {
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: bearer(token),
            ...(payload ? { payload } : {}),
          });
          expect(res.statusCode, `${method} ${url}`).toBe(403);
        }
      }
      const after = await t.db.selectFrom('customers').selectAll().where('id', '=', ids.joao).executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });
  });
});
