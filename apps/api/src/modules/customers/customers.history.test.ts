import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO } from '../../test/helpers';
import { auditOf, employeeId, insertCustomer, insertOrder, useCustomersWorld } from './test-customers';

/**
 * The customers' history, the period rule, regressions and access (createTestApp through ./test-customers: an app and a
 * database of this file's own).
 */
describe('customers API', () => {
  const { w, get, send } = useCustomersWorld();

  describe('history', () => {
    let id: number;
    beforeAll(async () => {
      id = await insertCustomer(w.t.db, {
        name: 'Helena Histórico',
        email: 'helena@cliente.com.br',
        document: '55566677708',
        phone: '11988889999',
        status: 'APPROVED',
        level: 1,
        approved: true,
      });
      // 2026-04-01 09:00 and 2026-04-20 18:00 in Brasília; one before the period, one cancelled inside it.
      await insertOrder(w.t.db, id, 'HIS-001', '2026-04-01T12:00:00Z');
      await insertOrder(w.t.db, id, 'HIS-002', '2026-04-20T21:00:00Z', 7);
      await insertOrder(w.t.db, id, 'HIS-000', '2026-03-31T02:59:59Z');
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
        (
          await get(
            `/api/reports/customer/histories/${id}/start/2026-04-01T00:00:00/end/2026-04-30T23:59:59`,
            w.manager,
          )
        ).statusCode,
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
      const id = await insertCustomer(w.t.db, {
        name: 'Paula Período',
        email: 'paula@cliente.com.br',
        document: '33322211100',
        phone: '11966665555',
        status: 'APPROVED',
        level: 1,
        approved: true,
      });
      // 30/04 23:59:59.5 in São Paulo is inside a period ending 2026-04-30T23:59:59; 01/05 00:00:00 is not.
      const inside = await insertOrder(w.t.db, id, 'PER-001', '2026-05-01T02:59:59.500Z');
      const outside = await insertOrder(w.t.db, id, 'PER-002', '2026-05-01T03:00:00.000Z');
      const productOf = async (orderId: number) =>
        (
          await w.t.db
            .selectFrom('order_items')
            .select('product_id')
            .where('order_id', '=', orderId)
            .executeTakeFirstOrThrow()
        ).product_id;
      const period = 'start/2026-04-30T00:00:00/end/2026-04-30T23:59:59';
      const customer = await get(`/api/reports/customer/histories/${id}/${period}`, w.manager);
      expect(customer.json().data.orders.map((o: { code: string }) => o.code)).toEqual(['PER-001']);
      const soldInside = await get(
        `/api/reports/product/sold/histories/${await productOf(inside)}/${period}`,
        w.manager,
      );
      // one row per item of the order
      expect(new Set(soldInside.json().data.map((row: { orderCode: string }) => row.orderCode))).toEqual(
        new Set(['PER-001']),
      );
      const soldOutside = await get(
        `/api/reports/product/sold/histories/${await productOf(outside)}/${period}`,
        w.manager,
      );
      expect(soldOutside.json().data).toEqual([]);
    });
  });

  describe('regressions', () => {
    const rowOf = (id: number) =>
      w.t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('money with more than two decimals is refused, not silently rounded to the cent', async () => {
      const id = await insertCustomer(w.t.db, {
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
      expect(await auditOf(w.t.db, id)).toEqual([]);

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
      const delivererId = await employeeId(w.t.db, DEMO.courier);
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
        await send('PUT', '/api/employees/deliverer/sign/customer', { delivererId: huge, customerId: w.ids.joao }),
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
        `/api/reports/customer/histories/${w.ids.joao}/start/0000-01-01T00:00:00/end/9999-12-31T23:59:59`,
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
      const id = await insertCustomer(w.t.db, {
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
      const id = await insertCustomer(w.t.db, {
        name: 'Gêmeos Simultâneos',
        email: 'gemeos@cliente.com.br',
        document: '48167218007',
        phone: '11914141414',
      });
      const body = (level: number) => ({ email: 'gemeos@cliente.com.br', approve: true, level, shippingCost: level });
      const answers = await Promise.all([
        send('PATCH', '/api/administrator/customers/approve', body(1)),
        send('PATCH', '/api/administrator/customers/approve', body(2), w.admin),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)?.json().data;
      expect(await rowOf(id)).toMatchObject({
        status: 'APPROVED',
        level: winner.level,
        shipping_cost_cents: winner.level * 100,
      });
      expect((await auditOf(w.t.db, id)).map((a) => a.action)).toEqual(['approve']);
    });

    it('two simultaneous blocks of one customer: one wins, the other gets 409, one audit row', async () => {
      const id = await insertCustomer(w.t.db, {
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
          send(
            'PATCH',
            `/api/administrator/customer/${id}/status`,
            { status: 'Blocked', note },
            [w.attendant, w.admin][i],
          ),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)?.json().data;
      expect(await rowOf(id)).toMatchObject({ status: 'BLOCKED', status_note: winner.statusNote });
      expect((await auditOf(w.t.db, id)).map((a) => a.action)).toEqual(['block']);
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
      ['PUT', '/api/employees/deliverer/sign/customer', { delivererId: 1, customerId: w.ids.joao }],
      ['DELETE', `/api/customers/${w.ids.joao}`],
      ['PATCH', `/api/administrator/customer/${w.ids.joao}/status`, { status: 'Blocked', note: 'x' }],
      [
        'PATCH',
        '/api/customers',
        { customerId: w.ids.joao, level: 1, warrantyPercentage: 0, shippingCost: 1, approve: true },
      ],
      ['PATCH', '/api/administrator/customers/approve', { email: 'joao@cliente.com.br', approve: false }],
      ['GET', `/api/reports/customer/histories/${w.ids.joao}/start/2026-01-01T00:00:00/end/2026-12-31T23:59:59`],
    ];

    it('answers 401 to every call without a token', async () => {
      for (const [method, url, payload] of calls()) {
        const res = await w.t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('answers 403 to the stocker and the courier on every call, changing nothing', async () => {
      const before = await w.t.db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', w.ids.joao)
        .executeTakeFirstOrThrow();
      for (const token of [w.stocker, w.courier]) {
        for (const [method, url, payload] of calls()) {
          const res = await w.t.app.inject({
            method: method as 'GET',
            url,
            headers: bearer(token),
            ...(payload ? { payload } : {}),
          });
          expect(res.statusCode, `${method} ${url}`).toBe(403);
        }
      }
      const after = await w.t.db
        .selectFrom('customers')
        .selectAll()
        .where('id', '=', w.ids.joao)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });
  });
});
