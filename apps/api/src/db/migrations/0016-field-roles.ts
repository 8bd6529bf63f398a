import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The demo couriers' sign-in and role, as the demo seed wrote them before this migration. */
const DEMO_COURIER = 'motoboy@demo.com.br';
const DEMO_COURIER_ROLE = 'Entregas';
const ORDERS = 'bo:manage:orders';

/**
 * Couriers work from 'Minhas tarefas', which their function opens (issue 15): the demo role 'Entregas'
 * stops holding `orders`, which let a courier read every order and change the shop's Pix key. Only the
 * demo's own role is touched — the one named 'Entregas' that holds exactly `orders` and that the demo
 * courier sign-in uses; roles an administrator made are theirs to change in 'Regras'.
 */
export const fieldRoles: Migration = {
  async up(db) {
    await sql`
      update roles set permissions = '{}', updated_at = now()
      where name = ${DEMO_COURIER_ROLE}
        and permissions = array[${ORDERS}]::text[]
        and exists (select 1 from employees e where lower(e.email) = ${DEMO_COURIER} and e.role_id = roles.id)`.execute(
      db,
    );
  },
  async down(db) {
    await sql`
      update roles set permissions = array[${ORDERS}]::text[], updated_at = now()
      where name = ${DEMO_COURIER_ROLE}
        and permissions = '{}'
        and exists (select 1 from employees e where lower(e.email) = ${DEMO_COURIER} and e.role_id = roles.id)`.execute(
      db,
    );
  },
};
