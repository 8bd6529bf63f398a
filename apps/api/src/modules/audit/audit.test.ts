import { customerSearchText, ORDER_STATUS } from '@backoffice/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, signIn, type TestApp } from '../../test/helpers';
import { createOrder, createOrderWorld } from '../orders/test-orders';

/**
 * "Histórico de alterações" (issue 20 §3): `GET /api/audit?entity=&id=&page=&items=`, newest first, each
 * change with its Portuguese label and values formatted by hand below.
 */
describe('GET /api/audit', () => {
  let t: TestApp;
  let admin: string;
  let stocker: string;
  let courier: string;

  const history = (token: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: bearer(token) });

  /** A fresh approved Bronze customer with R$ 12,50 of shipping and no warranty. */
  async function newCustomer(email: string): Promise<number> {
    const customer = { name: 'Maria', email, document: '52998224725', phone: '11987654321' };
    const row = await t.db
      .insertInto('customers')
      .values({
        ...customer,
        status: 'APPROVED',
        level: 3,
        approved_at: new Date(),
        shipping_cost_cents: 1250,
        warranty_percentage: 0,
        street: 'Rua das Flores',
        number: '10',
        neighborhood: 'Centro',
        zip_code: '01001000',
        city: 'São Paulo',
        state: 'SP',
        search_text: customerSearchText(customer),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const edit = (customerId: number, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/customers',
      headers: bearer(admin),
      payload: { customerId, level: 3, shippingCost: 12.5, warrantyPercentage: 0, approve: true, ...body },
    });

  beforeAll(async () => {
    t = await createTestApp();
    [admin, stocker, courier] = await Promise.all([
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.stocker),
      signIn(t.app, DEMO.courier),
    ]);
  });
  afterAll(() => t.close());

  it("shows a customer's edit: who, when, the action and each field from → to in Portuguese", async () => {
    const id = await newCustomer('maria.historia@exemplo.com.br');
    const before = Date.now();
    const res = await edit(id, { level: 1, shippingCost: 1234.56, warrantyPercentage: 10 });
    expect(res.statusCode, res.body).toBe(200);

    const answer = await history(admin, `entity=customer&id=${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { data, total } = answer.json();
    expect(total).toBe(1);
    expect(data).toHaveLength(1);
    expect(data[0].employee.name).toBe('Ana Administradora');
    expect(data[0].action).toBe('Edição');
    expect(Date.parse(data[0].at)).toBeGreaterThanOrEqual(before - 1000);
    expect(data[0].changes).toEqual([
      { field: 'Nível', from: 'Bronze', to: 'Ouro' },
      { field: 'Frete', from: 'R$ 12,50', to: 'R$ 1.234,56' },
      { field: 'Garantia', from: '0 %', to: '10 %' },
    ]);
  });

  it('lists newest first, by pages, with the total of every change', async () => {
    const id = await newCustomer('paginas.historia@exemplo.com.br');
    expect((await edit(id, { level: 2 })).statusCode).toBe(200); // Bronze → Prata
    const block = await t.app.inject({
      method: 'PATCH',
      url: `/api/administrator/customer/${id}/status`,
      headers: bearer(admin),
      payload: { status: 'Blocked', note: 'Cheque devolvido' },
    });
    expect(block.statusCode, block.body).toBe(200);

    const first = (await history(admin, `entity=customer&id=${id}&page=0&items=1`)).json();
    expect(first.total).toBe(2);
    expect(first.data).toHaveLength(1);
    expect(first.data[0].action).toBe('Bloqueio');
    expect(first.data[0].changes).toEqual([
      { field: 'Situação', from: 'Aprovado', to: 'Bloqueado' },
      { field: 'Motivo', from: '—', to: 'Cheque devolvido' },
    ]);
    const second = (await history(admin, `entity=customer&id=${id}&page=1&items=1`)).json();
    expect(second.total).toBe(2);
    expect(second.data[0].action).toBe('Edição');
    expect(second.data[0].changes).toEqual([{ field: 'Nível', from: 'Bronze', to: 'Prata' }]);
    const beyond = (await history(admin, `entity=customer&id=${id}&page=2&items=1`)).json();
    expect(beyond).toEqual({ data: [], total: 2 });
  });

  it("names a role's permissions in Portuguese", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: bearer(admin),
      payload: { name: 'Conferência', permissions: ['bo:manage:products'] },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const roleId = created.json().data?.id ?? created.json().id;
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/roles/${roleId}`,
      headers: bearer(admin),
      payload: { name: 'Conferência', permissions: ['bo:manage:products', 'bo:manage:reports'] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const { data, total } = (await history(admin, `entity=role&id=${roleId}`)).json();
    expect(total).toBe(2);
    expect(data.map((e: { action: string }) => e.action)).toEqual(['Alteração', 'Cadastro']);
    expect(data[0].changes).toEqual([
      { field: 'Permissões', from: 'Gerenciar produtos e estoque', to: 'Gerenciar produtos e estoque, Relatórios' },
    ]);
    expect(data[1].changes).toEqual([
      { field: 'Nome', from: '—', to: 'Conferência' },
      { field: 'Permissões', from: '—', to: 'Gerenciar produtos e estoque' },
      // Issue 38: a new role's maximum discount, 0 when not given.
      { field: 'Desconto máximo na venda', from: '—', to: '0 %' },
    ]);
  });

  it('refuses whoever may not read that record (403) and an unknown entity (400)', async () => {
    const id = await newCustomer('negado.historia@exemplo.com.br');
    // The stocker reads products and orders, not customers nor roles.
    const customer = await history(stocker, `entity=customer&id=${id}`);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().errors).toEqual(['Você não tem permissão para ver o histórico deste registro.']);
    expect((await history(stocker, 'entity=role&id=1')).statusCode).toBe(403);
    expect((await history(stocker, 'entity=product&id=XYZ')).statusCode).toBe(200);
    // The courier's role holds no permission at all.
    expect((await history(courier, 'entity=order&id=ABC-123')).statusCode).toBe(403);
    const unknown = await history(admin, `entity=invoice&id=${id}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Tipo de registro inválido');
    expect((await history(admin, 'entity=customer&id=1&items=101')).statusCode).toBe(400);
  });

  it("never shows a password: an employee's password change is an action without fields", async () => {
    const employee = await t.db
      .selectFrom('employees')
      .select('id')
      .where('email', '=', DEMO.courier)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('audit_events')
      .values({
        employee_id: employee.id,
        entity: 'employee',
        entity_id: String(employee.id),
        action: 'change_password',
        changes: JSON.stringify({ password_hash: { from: '$argon2id$a', to: '$argon2id$b' } }),
      })
      .execute();
    const res = await history(admin, `entity=employee&id=${employee.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('argon2');
    expect(res.json().data[0]).toMatchObject({ action: 'Troca de senha', changes: [] });
  });
  it("shows an order's status move by the workflow's names, who made it, keyed by the order's code", async () => {
    const world = await createOrderWorld(t.db);
    const order = await createOrder(t.db, world, { status: ORDER_STATUS.AGUARDANDO_ESTOQUISTA, code: 'HST-4RQ' });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/workflow/order/prepare',
      headers: bearer(stocker),
      payload: { orderId: order.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The stocker reads orders (products) too.
    const { data, total } = (await history(stocker, 'entity=order&id=HST-4RQ')).json();
    expect(total).toBe(1);
    expect(data[0].action).toBe('Iniciar separação');
    expect(data[0].employee.name).toBe('Carlos Estoquista');
    expect(data[0].changes).toEqual([
      { field: 'Status', from: 'Aguardando estoquista', to: 'Em preparação' },
      { field: 'Estoquista', from: '—', to: 'Carlos Estoquista' },
    ]);
  });
  it("shows an employee's new role by name and his block as Sim/Não", async () => {
    const courier = await t.db
      .selectFrom('employees')
      .innerJoin('roles', 'roles.id', 'employees.role_id')
      .select(['employees.id', 'employees.name', 'employees.document', 'employees.phone', 'roles.name as role'])
      .where('employees.email', '=', DEMO.courier2)
      .executeTakeFirstOrThrow();
    const stock = await t.db.selectFrom('roles').select('id').where('name', '=', 'Estoque').executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/employees/deliverer',
      headers: bearer(admin),
      payload: {
        email: DEMO.courier2,
        name: courier.name,
        document: courier.document,
        phone: courier.phone,
        roleId: stock.id,
        blocked: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = (await history(admin, `entity=employee&id=${courier.id}`)).json();
    expect(data[0].action).toBe('Bloqueio');
    expect(data[0].changes).toEqual([
      { field: 'Regra de acesso', from: 'Entregas', to: 'Estoque' },
      { field: 'Bloqueado', from: 'Não', to: 'Sim' },
    ]);
    expect(courier.role).toBe('Entregas');
  });
});
