import { customerSearchText } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../test/helpers';
import { auditOf, employeeId, insertCustomer, insertOrder, useCustomersWorld } from './test-customers';

/**
 * The customers' lists, search, courier, approval, status, edit and delete (createTestApp through ./test-customers: an
 * app and a database of this file's own).
 */
describe('customers API', () => {
  const { w, get, send } = useCustomersWorld();

  describe('lists', () => {
    it('answers each list by status in {customers} with the customer fields and money in reais', async () => {
      const active = await get('/api/customers');
      expect(active.statusCode).toBe(200);
      expect(active.json().customers.map((c: { id: number }) => c.id)).toEqual([w.ids.joao]);
      expect(active.json().customers[0]).toMatchObject({
        id: w.ids.joao,
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
      expect(blocked.json().customers).toMatchObject([{ id: w.ids.blocked, isBlocked: true, approved: true }]);
      const reproved = await get('/api/customers/reproved');
      expect(reproved.json().customers).toMatchObject([{ id: w.ids.reproved, status: 'Reproved', approved: false }]);
      const awaiting = await get('/api/administrator/customers/unnaproved');
      expect(awaiting.json().customers).toMatchObject([{ id: w.ids.awaiting, status: 'Awaiting', level: 0 }]);
    });

    it('lets the manager (customers) and selling (internal_sales) read the active list', async () => {
      expect((await get('/api/customers', w.manager)).statusCode).toBe(200);
      expect((await get('/api/customers', w.admin)).statusCode).toBe(200);
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
      id: w.ids.awaiting,
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
      expect(await search('JOAO conceicao')).toEqual([w.ids.joao]);
      expect(await search('conceição')).toEqual([w.ids.joao]);
      expect(await search('pedro@cliente')).toEqual([w.ids.reproved]);
      expect(await search('529.982.247-25')).toEqual([w.ids.joao]);
      expect(await search('11.222.333/0001-81')).toEqual([w.ids.reproved]);
      expect(await search('12.abc.345/01de-35')).toEqual([w.ids.awaiting]);
      expect(await search('(41) 97777-6666')).toEqual([w.ids.blocked]);
      expect(await search('+55 (11) 98765-4321')).toEqual([w.ids.joao]);
      expect(await search('cliente.com.br')).toHaveLength(4);
      expect(await search('100%')).toEqual([]);
    });

    it('lists approved customers first and filters by status when asked', async () => {
      const all = await search('cliente.com.br');
      expect(all[0]).toBe(w.ids.joao);
      const res = await get('/api/customers/full-search?param=cliente&status=Blocked');
      expect(res.json().customers.map((c: { id: number }) => c.id)).toEqual([w.ids.blocked]);
    });

    it('refuses a query shorter than 2 characters', async () => {
      const res = await get('/api/customers/full-search?param=a');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: ['Informe ao menos 2 caracteres para pesquisar.'] });
    });
  });

  describe('associate a courier', () => {
    it('associates an active courier and records it', async () => {
      const delivererId = await employeeId(w.t.db, DEMO.courier);
      const res = await send('PUT', '/api/employees/deliverer/sign/customer', { delivererId, customerId: w.ids.joao });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        deliverer: { id: delivererId, name: 'Diego Motoboy' },
        delivererAssociated: 'Diego Motoboy',
      });
      const audit = await auditOf(w.t.db, w.ids.joao);
      expect(audit.at(-1)).toMatchObject({
        action: 'associate-deliverer',
        employee_id: await employeeId(w.t.db, DEMO.attendant),
      });
    });

    it('refuses an employee that is not a courier, a blocked courier, an unknown one and a missing id', async () => {
      const attendantId = await employeeId(w.t.db, DEMO.attendant);
      const courier2 = await employeeId(w.t.db, DEMO.courier2);
      await w.t.db.updateTable('employees').set({ blocked: true }).where('id', '=', courier2).execute();
      try {
        for (const delivererId of [attendantId, courier2, 99999]) {
          const res = await send('PUT', '/api/employees/deliverer/sign/customer', {
            delivererId,
            customerId: w.ids.joao,
          });
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ errors: ['O funcionário informado não é um motoboy ativo.'] });
        }
      } finally {
        await w.t.db.updateTable('employees').set({ blocked: false }).where('id', '=', courier2).execute();
      }
      const missing = await send('PUT', '/api/employees/deliverer/sign/customer', { customerId: w.ids.joao });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toContain('Informe o entregador');
    });

    it('refuses a blocked or reproved customer and an unknown one', async () => {
      const delivererId = await employeeId(w.t.db, DEMO.courier);
      const blocked = await send('PUT', '/api/employees/deliverer/sign/customer', {
        delivererId,
        customerId: w.ids.blocked,
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
      const row = await w.t.db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', w.ids.awaiting)
        .executeTakeFirstOrThrow();
      const attendantId = await employeeId(w.t.db, DEMO.attendant);
      expect(row).toMatchObject({
        status: 'APPROVED',
        shipping_cost_cents: 1590,
        approved_by: attendantId,
        status_changed_by: attendantId,
      });
      expect(row.approved_at).toBeInstanceOf(Date);
      const audit = await auditOf(w.t.db, w.ids.awaiting);
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
      const id = await insertCustomer(w.t.db, {
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
      expect((await auditOf(w.t.db, id)).map((a) => a.action)).toEqual(['reprove', 'approve']);
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
      const id = await insertCustomer(w.t.db, {
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
      const audit = await auditOf(w.t.db, id);
      expect(audit.map((a) => a.action)).toEqual(['block', 'unblock']);
      expect(JSON.stringify(audit[0]?.changes)).toContain('Cheques sem fundo');
    });

    it('unblocks a customer blocked while waiting back to waiting', async () => {
      const id = await insertCustomer(w.t.db, {
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
      const withLevel = await insertCustomer(w.t.db, {
        name: 'Luiz Nível',
        email: 'luiz@cliente.com.br',
        document: '12345678909',
        phone: '11944445555',
        status: 'REPROVED',
        level: 2,
      });
      const ok = await send('PATCH', `/api/administrator/customer/${withLevel}/status`, { status: 'Approved' });
      expect(ok.json().data).toMatchObject({ status: 'Approved', approved: true });
      const retail = await insertCustomer(w.t.db, {
        name: 'Vera Varejo',
        email: 'vera@cliente.com.br',
        document: '66677788809',
        phone: '11945454545',
        status: 'REPROVED',
      });
      const noLevel = await send('PATCH', `/api/administrator/customer/${retail}/status`, { status: 'Approved' });
      expect(noLevel.json().data).toMatchObject({ status: 'Approved', level: 0 });
      const waiting = await insertCustomer(w.t.db, {
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
      const bad = await send('PATCH', `/api/administrator/customer/${w.ids.joao}/status`, { status: 'APPROVED' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toContain('Situação inválida: use Approved, Blocked ou Reproved.');
      const extra = await send('PATCH', `/api/administrator/customer/${w.ids.joao}/status`, {
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
      const id = await insertCustomer(w.t.db, {
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
      const row = await w.t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
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
      expect((await auditOf(w.t.db, id)).map((a) => a.action)).toEqual(['edit', 'edit']);
    });

    it('validates: shipping cost required, warranty 0 to 100, a known level, the e-mail of the customer', async () => {
      const base = { customerId: w.ids.joao, level: 1, warrantyPercentage: 0, shippingCost: 10, approve: true };
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
        customerId: w.ids.blocked,
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
      const id = await insertCustomer(w.t.db, {
        name: 'Dora Deletável',
        email: 'dora@cliente.com.br',
        document: '33344455506',
        phone: '11966667777',
      });
      const res = await send('DELETE', `/api/customers/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { id } });
      expect(await w.t.db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
      expect((await auditOf(w.t.db, id)).map((a) => a.action)).toEqual(['delete']);
      expect((await send('DELETE', `/api/customers/${id}`)).statusCode).toBe(404);
    });

    it("answers 409 'Cliente não pode ser deletado.' for a customer with orders, saying why and what to do instead", async () => {
      const id = await insertCustomer(w.t.db, {
        name: 'Otávio Pedidos',
        email: 'otavio@cliente.com.br',
        document: '44455566607',
        phone: '11977778888',
        status: 'APPROVED',
        level: 1,
        approved: true,
      });
      await insertOrder(w.t.db, id, 'DEL-001', '2026-03-10T12:00:00Z');
      const res = await send('DELETE', `/api/customers/${id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'IN_USE',
        errors: [
          'Cliente não pode ser deletado. Ele tem 1 pedido registrado, que precisa ser mantido; para que não compre mais, bloqueie-o.',
        ],
      });
      await insertOrder(w.t.db, id, 'DEL-002', '2026-03-11T12:00:00Z');
      expect((await send('DELETE', `/api/customers/${id}`)).json().errors).toEqual([
        'Cliente não pode ser deletado. Ele tem 2 pedidos registrados, que precisam ser mantidos; para que não compre mais, bloqueie-o.',
      ]);
      expect(await w.t.db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
    });
  });
});
