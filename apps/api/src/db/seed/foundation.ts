import { EMPLOYEE_FUNCS, FULL_ACCESS, PERMISSIONS } from '@backoffice/contract';
import argon2 from 'argon2';
import type { DB } from '../database';

export const DEMO_PASSWORD = 'demo1234';

/** The demo roles, each a named set of permission keys ('Administrador' holds 'Configurações bancárias' through full:access). */
export const DEMO_ROLES = [
  { name: 'Administrador', permissions: [FULL_ACCESS] },
  {
    name: 'Atendimento',
    permissions: [
      PERMISSIONS.dashboard,
      PERMISSIONS.customers,
      PERMISSIONS.orders,
      PERMISSIONS.internalSales,
      PERMISSIONS.invoices,
      // Issue 42 §2: the counter opens the service orders, approves estimates and hands devices back.
      PERMISSIONS.repairs,
    ],
    // Issue 38: the largest discount (%) at sale time; the demo's counter discounts stay within it.
    maxDiscountPercentage: 5,
  },
  { name: 'Estoque', permissions: [PERMISSIONS.dashboard, PERMISSIONS.products, PERMISSIONS.purchases] },
  // Couriers work from 'Minhas tarefas', which their function opens: no permission (orders would let them
  // read every order and open the settings). Migration 0016 does the same to an existing demo database.
  { name: 'Entregas', permissions: [] },
  // Issue 42 §2: the technician works from his queue, which his function opens (as the courier's): no permission.
  { name: 'Técnico', permissions: [] },
  {
    name: 'Gerência',
    permissions: [
      PERMISSIONS.dashboard,
      PERMISSIONS.reports,
      PERMISSIONS.customers,
      PERMISSIONS.orders,
      PERMISSIONS.products,
      // Issue 40: approves a cash drawer's difference (and, to come, customers' credit).
      PERMISSIONS.credit,
      PERMISSIONS.invoices,
      // Issue 42 §1: the trade-ins' price table and deductions, and a value above the offer.
      PERMISSIONS.tradeIns,
      PERMISSIONS.repairs,
    ],
    maxDiscountPercentage: 10,
  },
] as const;

/** One demo sign-in per function; all use DEMO_PASSWORD. */
export const DEMO_EMPLOYEES = [
  {
    name: 'Ana Administradora',
    email: 'admin@demo.com.br',
    func: EMPLOYEE_FUNCS.ATTENDANT,
    role: 'Administrador',
    document: '52998224725',
    phone: '11987654321',
  },
  {
    name: 'Beatriz Atendente',
    email: 'atendente@demo.com.br',
    func: EMPLOYEE_FUNCS.ATTENDANT,
    role: 'Atendimento',
    document: '39053344705',
    phone: '11976543210',
  },
  {
    name: 'Carlos Estoquista',
    email: 'estoquista@demo.com.br',
    func: EMPLOYEE_FUNCS.STOCKER,
    role: 'Estoque',
    document: '11144477735',
    phone: '11965432109',
  },
  {
    name: 'Diego Motoboy',
    email: 'motoboy@demo.com.br',
    func: EMPLOYEE_FUNCS.DELIVERER,
    role: 'Entregas',
    document: '98765432100',
    phone: '11954321098',
  },
  {
    name: 'Eduardo Motoboy',
    email: 'motoboy2@demo.com.br',
    func: EMPLOYEE_FUNCS.DELIVERER,
    role: 'Entregas',
    document: '12345678909',
    phone: '11943210987',
  },
  {
    name: 'Fernanda Gerente',
    email: 'gerente@demo.com.br',
    func: EMPLOYEE_FUNCS.ATTENDANT,
    role: 'Gerência',
    document: '71428793860',
    phone: '11932109876',
  },
  {
    name: 'Gustavo Técnico',
    email: 'tecnico@demo.com.br',
    func: EMPLOYEE_FUNCS.TECHNICIAN,
    role: 'Técnico',
    document: '15350946056',
    phone: '11921098765',
  },
] as const;

let demoHash: Promise<string> | undefined;
/**
 * argon2id of the demo password, computed once per process, at argon2's least cost (1 MiB, 2 passes, 1 lane):
 * the demo password is published (README), so a costly hash of it protects nothing, while every sign-in of a
 * demo account verifies it (about 0.2 s of CPU each at the full cost: the test suites and journeys sign in
 * hundreds of times). A password a person sets is hashed at the full cost (accounts.service.ts).
 */
export function demoPasswordHash(): Promise<string> {
  demoHash ??= argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id, memoryCost: 1024, timeCost: 2, parallelism: 1 });
  return demoHash;
}

export async function isEmpty(db: DB): Promise<boolean> {
  const row = await db
    .selectFrom('employees')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Demo roles and employees, in one transaction. */
export async function seedFoundation(db: DB): Promise<void> {
  const hash = await demoPasswordHash();
  await db.transaction().execute(async (trx) => {
    const roles = await trx
      .insertInto('roles')
      .values(
        DEMO_ROLES.map((r) => ({
          name: r.name,
          permissions: [...r.permissions],
          max_discount_hundredths: 'maxDiscountPercentage' in r ? r.maxDiscountPercentage * 100 : 0,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const roleId = new Map(roles.map((r) => [r.name, r.id]));
    await trx
      .insertInto('employees')
      .values(
        DEMO_EMPLOYEES.map((e) => ({
          name: e.name,
          email: e.email,
          func: e.func,
          document: e.document,
          phone: e.phone,
          role_id: roleId.get(e.role) ?? null,
          password_hash: hash,
        })),
      )
      .execute();
  });
}

/** Without demo data: the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD. */
export async function seedFirstAdministrator(
  db: DB,
  email: string,
  password: string,
  name = 'Administrador',
): Promise<void> {
  const hash = await argon2.hash(password, { type: argon2.argon2id });
  await db.transaction().execute(async (trx) => {
    const role = await trx
      .insertInto('roles')
      .values({ name: 'Administrador', permissions: [FULL_ACCESS] })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('employees')
      .values({
        name,
        email: email.toLowerCase(),
        func: EMPLOYEE_FUNCS.ATTENDANT,
        document: '',
        phone: '',
        role_id: role.id,
        password_hash: hash,
      })
      .execute();
  });
}
