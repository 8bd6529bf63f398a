import { randomUUID } from 'node:crypto';
import { businessDay, EMPLOYEE_FUNCS, FULL_ACCESS, shiftDay } from '@backoffice/contract';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../plugins/auth';
import { bearer, DEMO, expectApiError } from '../../test/helpers';
import { picture } from '../orders/test-orders';
import { createCustomer, createProduct } from '../selling/test-selling';
import { createRepairsService } from './repairs.service';
import { imeiOf, useRepairsWorld } from './test-repairs';

/**
 * Around the repairs: the pickers, retries, the search, the status page, refusals, the technician, the setting, the
 * month's figures (createTestApp through ./test-repairs: an app and a database of this file's own).
 */
describe('repairs (issue 42 §2)', () => {
  const { w, call, openRepair } = useRepairsWorld();
  let serial = Date.now() % 1_000_000;

  it('the pickers: the technician finds parts (not phones, not archived) with their price and stock; the counter finds customers', async () => {
    const part = await createProduct(w.t.db, {
      name: 'Bateria Picker 11',
      costCents: 9_000,
      sellCents: 18_000,
      stock: 7,
    });
    const phone = await createProduct(w.t.db, {
      name: 'Bateria Picker Celular',
      costCents: 90_000,
      sellCents: 180_000,
      stock: 0,
    });
    await w.t.db.updateTable('products').set({ serialized: true }).where('id', '=', phone.id).execute();
    const parts = await call(w.technician, 'GET', '/repairs/parts?search=Bateria%20Picker');
    expect(parts.statusCode, parts.body).toBe(200);
    expect(parts.json().data).toEqual([
      { id: part.id, code: part.code, name: 'Bateria Picker 11', price: 180, stock: 7 },
    ]);
    // The technician's function opens the parts, not the customers (the counter's).
    expectApiError(await call(w.technician, 'GET', '/repairs/customers?search=Rita'), 403, 'FORBIDDEN');
    const customer = await createCustomer(w.t.db, { name: 'Rosa Picker Reparo' });
    const found = await call(w.admin, 'GET', '/repairs/customers?search=Rosa%20Picker');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [customer.id, 'Rosa Picker Reparo'],
    ]);
  });

  it('the same Idempotency-Key opens one service order (its answer lost and sent again)', async () => {
    const customer = await createCustomer(w.t.db, { name: 'Rui Repetido Reparo' });
    const body = {
      customerId: customer.id,
      imei: imeiOf(serial++),
      model: 'Galaxy A54',
      problem: 'Não carrega',
      photos: [await picture()],
      estimatedDate: shiftDay(businessDay(new Date()), 2),
    };
    const key = randomUUID();
    const send = () =>
      w.t.app.inject({
        method: 'POST',
        url: '/api/repairs',
        payload: body,
        headers: { ...bearer(w.admin), 'idempotency-key': key },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const second = await send();
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    const rows = await w.t.db.selectFrom('repairs').select('id').where('customer_id', '=', customer.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("searches the list on the server: the customer's words and the model, the number, the start of the IMEI", async () => {
    const customer = await createCustomer(w.t.db, { name: 'Ângela Busca Reparo' });
    const imei = imeiOf(serial++);
    const opened = await openRepair(customer.id, imei, { model: 'Moto G84 Busca' });
    const ids = async (search: string) => {
      const res = await call(w.admin, 'GET', `/repairs?all=true&search=${encodeURIComponent(search)}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number }[]).map((r) => r.id);
    };
    // Accent- and case-free, every word: 'angela' finds 'Ângela'; 'g84 busca' the model.
    expect(await ids('angela busca reparo')).toEqual([opened.id]);
    expect(await ids('g84 busca')).toEqual([opened.id]);
    expect(await ids(String(opened.id))).toContain(opened.id);
    expect(await ids(imei.slice(0, 14))).toEqual([opened.id]);
    expect(await ids('angela inexistente')).toEqual([]);
  });

  it('the public status page gives the status and its dates only, and refuses guessed tokens', async () => {
    const customer = await createCustomer(w.t.db, { name: 'Paulo Privado' });
    const opened = await openRepair(customer.id, imeiOf(serial++));
    const token = opened.statusUrl.split('/').at(-1) as string;
    const res = await w.t.app.inject({ method: 'GET', url: `/api/repairs/status/${token}`, remoteAddress: '10.0.0.1' });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(Object.keys(page).sort()).toEqual(
      [
        'deliveredAt',
        'estimatedDate',
        'history',
        'message',
        'number',
        'receivedAt',
        'shop',
        'status',
        'statusLabel',
        'updatedAt',
        'warrantyEndsAt',
      ].sort(),
    );
    expect(page).toMatchObject({ number: opened.id, status: 'RECEIVED', statusLabel: 'Recebido' });
    for (const secret of ['Paulo', '1234', 'Tela quebrada', 'iPhone', 'Capinha', customer.email]) {
      expect(res.body).not.toContain(secret);
    }
    // Guessed tokens (issue 53 finding 9): 404 each for the first 10 from an address, 429 from the 11th on; a real
    // token still answers from that address (a customer behind the same Wi-Fi or carrier NAT), however often.
    // The right token but its last character (never the same one: a token ending in 'x' was once guessed right).
    const near = `${token.slice(0, 31)}${token.endsWith('x') ? 'y' : 'x'}`;
    const guesses = ['A'.repeat(32), near, 'abc', '../../etc'];
    const guess = (i: number) =>
      w.t.app.inject({
        method: 'GET',
        url: `/api/repairs/status/${encodeURIComponent(guesses[i % guesses.length] as string)}`,
        remoteAddress: '10.0.0.2',
      });
    for (let i = 0; i < 10; i++) expect((await guess(i)).statusCode).toBe(404);
    for (let i = 0; i < 40; i++) {
      const real = await w.t.app.inject({
        method: 'GET',
        url: `/api/repairs/status/${token}`,
        remoteAddress: '10.0.0.2',
      });
      expect(real.statusCode).toBe(200);
      expect(real.json().data).toMatchObject({ number: opened.id, status: 'RECEIVED' });
    }
    expectApiError(await guess(10), 429, 'TOO_MANY_REQUESTS');
    expectApiError(await guess(11), 429, 'TOO_MANY_REQUESTS');
    // Another address has its own guesses.
    const elsewhere = await w.t.app.inject({
      method: 'GET',
      url: '/api/repairs/status/abc',
      remoteAddress: '10.0.0.3',
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('refuses bad input and moves out of turn, changing nothing; the receipt is a PDF; late ones are in the bell', async () => {
    const customer = await createCustomer(w.t.db);
    const imei = imeiOf(serial++);
    const bad = imei.slice(0, 14) + String((Number(imei[14]) + 1) % 10);
    const before = await w.t.db
      .selectFrom('repairs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expectApiError(
      await call(w.admin, 'POST', '/repairs', {
        customerId: customer.id,
        imei: bad,
        model: 'X',
        problem: 'Y',
        estimatedDate: businessDay(new Date()),
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectApiError(
      await call(w.admin, 'POST', '/repairs', {
        customerId: customer.id,
        imei,
        model: 'X',
        problem: 'Y',
        estimatedDate: shiftDay(businessDay(new Date()), -1),
      }),
      400,
      'BAD_REQUEST',
    );
    const after = await w.t.db
      .selectFrom('repairs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const opened = await openRepair(customer.id, imei, { estimatedDate: businessDay(new Date()) });
    // A move from another status: 409, nothing changes.
    expectApiError(await call(w.admin, 'POST', `/repairs/${opened.id}/finish-repair`, {}), 409, 'TRANSITION_REFUSED');
    // Returned without repair needs a reason, and erases the password.
    expectApiError(await call(w.admin, 'POST', `/repairs/${opened.id}/return-device`, {}), 400, 'BAD_REQUEST');
    const pdf = await call(w.admin, 'GET', `/repairs/${opened.id}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Late once its estimated day is over: in the list and in the bell of who holds 'Assistência técnica'.
    await w.t.db
      .updateTable('repairs')
      .set({ late_at: new Date(Date.now() - 60_000) })
      .where('id', '=', opened.id)
      .execute();
    const late = await call(w.admin, 'GET', '/repairs?late=true');
    expect(late.json().data.map((r: { id: number }) => r.id)).toContain(opened.id);
    const bell = await call(w.admin, 'GET', '/notifications');
    expect(JSON.stringify(bell.json())).toContain(`OS ${opened.id}`);

    const returned = await call(w.admin, 'POST', `/repairs/${opened.id}/return-device`, { note: 'Cliente desistiu' });
    expect(returned.json().data).toMatchObject({ status: 'RETURNED', hasDevicePassword: false });
    const bellAfter = await call(w.admin, 'GET', '/notifications');
    expect(JSON.stringify(bellAfter.json())).not.toContain(`OS ${opened.id}:`);
  });

  it('a technician is created through the signup route of his function and signs in to his queue only', async () => {
    const created = await call(w.admin, 'POST', '/accounts/employee/technician/signup', {
      name: 'Téo Técnico',
      func: 4,
      document: '39053344705'.replace('39053344705', '86288366757'),
      email: `teo.${serial++}@example.com`,
      phone: '11912345678',
      roleId: null,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ func: 4, type: 'Técnico' });
    expect((await call(w.technician, 'GET', '/orders/tasks')).statusCode).toBe(403);
    expect((await call(w.technician, 'POST', '/repairs', {})).statusCode).toBe(403);
    expect((await call(w.technician, 'GET', '/repairs/tasks')).statusCode).toBe(200);
  });

  it('the repair warranty setting: 90 days by default, changed by Assistência técnica', async () => {
    expect((await call(w.admin, 'GET', '/repairs/settings')).json().data).toEqual({ warrantyDays: 90 });
    expectApiError(await call(w.admin, 'PUT', '/repairs/settings', { warrantyDays: 0 }), 400, 'VALIDATION_FAILED');
    expect((await call(w.stocker, 'PUT', '/repairs/settings', { warrantyDays: 30 })).statusCode).toBe(403);
    const saved = await call(w.admin, 'PUT', '/repairs/settings', { warrantyDays: 90 });
    expect(saved.json().data).toEqual({ warrantyDays: 90 });
  });

  it("'Assistência por mês': received by the month opened; delivered, billed, parts' cost and the warranty's cost by the month delivered", async () => {
    // March and April 2025, which no other test touches: the service at those days (it dates what it does by them).
    const service = createRepairsService(w.t.app.deps);
    const adminId = (
      await w.t.db.selectFrom('employees').select('id').where('email', '=', DEMO.admin).executeTakeFirstOrThrow()
    ).id;
    const desk: Principal = {
      employeeId: adminId,
      name: 'Administrador',
      permissions: [FULL_ACCESS],
      func: EMPLOYEE_FUNCS.ATTENDANT,
      tokenVersion: 0,
    };
    const day = (date: string) => new Date(`${date}T13:00:00Z`);
    const customer = await createCustomer(w.t.db, { name: 'Mara Mensal' });
    const screen = await createProduct(w.t.db, { name: 'Tela mês', costCents: 20_000, sellCents: 35_000, stock: 3 });
    const battery = await createProduct(w.t.db, { name: 'Bateria mês', costCents: 9_000, sellCents: 18_000, stock: 3 });
    const imei = imeiOf(serial++);
    const open = async (date: string, model: string) =>
      service.create(
        desk,
        {
          customerId: customer.id,
          imei,
          model,
          problem: 'Defeito',
          checklist: [],
          photos: [await picture()],
          estimatedDate: shiftDay(date, 5),
        },
        day(date),
      );

    // A: paid — R$ 350,00 screen + R$ 120,00 labour = R$ 470,00 billed, the screen cost the shop R$ 200,00.
    const paid = await open('2025-03-03', 'iPhone 12');
    await service.move(desk, paid.id, 'startDiagnosis', {}, day('2025-03-03'));
    await service.move(
      desk,
      paid.id,
      'sendEstimate',
      { parts: [{ productId: screen.id, quantity: 1 }], labour: 120 },
      day('2025-03-04'),
    );
    await service.move(desk, paid.id, 'approve', { payment: 'CASH' }, day('2025-03-04'));
    await service.move(desk, paid.id, 'startRepair', {}, day('2025-03-05'));
    await service.move(desk, paid.id, 'finishRepair', {}, day('2025-03-06'));
    await service.move(desk, paid.id, 'deliver', { signature: await picture('png') }, day('2025-03-10'));
    // B: the same phone back on 20/03, under A's repair warranty — free to the customer, its battery (R$ 90,00) a
    // warranty cost; delivered in April.
    const covered = await open('2025-03-20', 'iPhone 12');
    expect(covered.warranty?.source).toBe('REPAIR');
    await service.move(desk, covered.id, 'startDiagnosis', {}, day('2025-03-20'));
    await service.move(
      desk,
      covered.id,
      'sendEstimate',
      { parts: [{ productId: battery.id, quantity: 1 }], labour: 80 },
      day('2025-03-21'),
    );
    await service.move(desk, covered.id, 'approve', {}, day('2025-03-21'));
    await service.move(desk, covered.id, 'startRepair', {}, day('2025-03-24'));
    await service.move(desk, covered.id, 'finishRepair', {}, day('2025-03-25'));
    await service.move(desk, covered.id, 'deliver', { signature: await picture('png') }, day('2025-04-02'));
    // C: received on 25/03, still on the bench.
    await open('2025-03-25', 'iPhone 12');

    const report = await call(w.admin, 'GET', '/repairs/report?from=2025-03-01&to=2025-04-30');
    expect(report.statusCode).toBe(200);
    expect(report.json().data).toEqual([
      { month: '2025-03', received: 3, delivered: 1, billed: 470, partsCost: 200, warranty: 0, warrantyCost: 0 },
      { month: '2025-04', received: 0, delivered: 1, billed: 0, partsCost: 0, warranty: 1, warrantyCost: 90 },
    ]);
    // March alone; the days both included.
    const march = await call(w.admin, 'GET', '/repairs/report?from=2025-03-01&to=2025-03-31');
    expect(march.json().data.map((row: { month: string }) => row.month)).toEqual(['2025-03']);
    const reversed = expectApiError(
      await call(w.admin, 'GET', '/repairs/report?from=2025-04-30&to=2025-03-01'),
      400,
      'VALIDATION_FAILED',
    );
    expect(JSON.stringify(reversed)).toContain('A data final deve ser igual ou posterior à inicial.');
    // The bench reads its queue, not the counter's figures.
    expect((await call(w.technician, 'GET', '/repairs/report?from=2025-03-01&to=2025-04-30')).statusCode).toBe(403);
  });
});
