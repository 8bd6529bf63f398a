import { EMPLOYEE_FUNCS, withCpfCheckDigits } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { demoPasswordHash } from '../db/seed/foundation';
import { insertMany } from './bulk';
import type { Random } from './random';
import { WeightedIndex } from './random';
import { slug } from './text';
import { FIRST_NAMES_F, FIRST_NAMES_M, SURNAMES } from './world/people';

export interface StaffMember {
  id: number;
  name: string;
  func: number;
  /** How much of the daily work falls on this person (relative). */
  weight: number;
}

/** The people who work in the shop, read from the database, with helpers to pick who did what. */
export class Staff {
  readonly attendants: StaffMember[];
  readonly stockers: StaffMember[];
  readonly couriers: StaffMember[];
  readonly #attendantIndex: WeightedIndex;
  readonly #stockerIndex: WeightedIndex;

  constructor(members: StaffMember[]) {
    this.attendants = members.filter((m) => m.func === EMPLOYEE_FUNCS.ATTENDANT);
    this.stockers = members.filter((m) => m.func === EMPLOYEE_FUNCS.STOCKER);
    this.couriers = members.filter((m) => m.func === EMPLOYEE_FUNCS.DELIVERER);
    if (!this.attendants.length || !this.stockers.length || !this.couriers.length)
      throw new Error('the demo needs at least one attendant, one stocker and one courier');
    this.#attendantIndex = new WeightedIndex(this.attendants.map((m) => m.weight));
    this.#stockerIndex = new WeightedIndex(this.stockers.map((m) => m.weight));
  }

  attendant(rng: Random): number {
    return (this.attendants[this.#attendantIndex.draw(rng)] as StaffMember).id;
  }

  stocker(rng: Random): number {
    return (this.stockers[this.#stockerIndex.draw(rng)] as StaffMember).id;
  }

  courier(rng: Random): number {
    return rng.pick(this.couriers).id;
  }

  /** The courier of a delivery route (couriers split the city by route; more couriers share a route). */
  courierOfRoute(route: number, rng: Random): number {
    const onRoute = this.couriers.filter((_, i) => i % 2 === route % 2);
    return rng.pick(onRoute.length ? onRoute : this.couriers).id;
  }
}

/** How much work each demo sign-in does: the attendant sells most, the manager and admin less. */
const DEMO_WEIGHTS: Record<string, number> = {
  'admin@demo.com.br': 1,
  'atendente@demo.com.br': 6,
  'gerente@demo.com.br': 2,
};

/**
 * A larger business needs more hands: for `scale` above 1, extra attendants, stockers and couriers
 * (same demo password and roles as the demo sign-ins) are added, in proportion.
 */
export async function loadStaff(trx: Transaction<Database>, rng: Random, scale: number): Promise<Staff> {
  if (scale > 1) {
    const roles = await trx.selectFrom('roles').select(['id', 'name']).execute();
    const roleId = (name: string) => roles.find((r) => r.name === name)?.id ?? null;
    const hash = await demoPasswordHash();
    const existing = new Set(
      (await trx.selectFrom('employees').select('email').execute()).map((e) => e.email.toLowerCase()),
    );
    const wanted: [number, number, string][] = [
      [EMPLOYEE_FUNCS.ATTENDANT, Math.round(1.5 * (scale - 1)), 'Atendimento'],
      [EMPLOYEE_FUNCS.STOCKER, Math.round(0.8 * (scale - 1)), 'Estoque'],
      [EMPLOYEE_FUNCS.DELIVERER, Math.round(2 * (scale - 1)), 'Entregas'],
    ];
    const rows = [];
    for (const [func, count, role] of wanted) {
      for (let i = 0; i < count; i++) {
        const female = rng.chance(func === EMPLOYEE_FUNCS.DELIVERER ? 0.1 : 0.6);
        const first = rng.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
        const last = rng.pick(SURNAMES);
        let email = `${slug(first)}.${slug(last)}@equipe.demo.com.br`;
        for (let n = 2; existing.has(email); n++) email = `${slug(first)}.${slug(last)}${n}@equipe.demo.com.br`;
        existing.add(email);
        rows.push({
          name: `${first} ${last}`,
          email,
          phone: `119${rng.int(5, 9)}${rng.digits(7)}`,
          document: withCpfCheckDigits(`${rng.int(1, 9)}${rng.digits(8)}`),
          func,
          role_id: roleId(role),
          password_hash: hash,
        });
      }
    }
    await insertMany(trx, 'employees', rows);
  }
  const employees = await trx
    .selectFrom('employees')
    .select(['id', 'name', 'func', 'email'])
    .where('blocked', '=', false)
    .orderBy('id')
    .execute();
  return new Staff(
    employees.map((e) => ({ id: e.id, name: e.name, func: e.func, weight: DEMO_WEIGHTS[e.email] ?? 4 })),
  );
}

/** The demo's administrator, who registers the suppliers, types the bills and pays them. */
export async function demoAdminId(trx: Transaction<Database>): Promise<number> {
  const admin = await trx
    .selectFrom('employees')
    .select('id')
    .where('email', '=', 'admin@demo.com.br')
    .executeTakeFirstOrThrow();
  return admin.id;
}
