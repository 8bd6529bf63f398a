import { ORDER_STATUS, TASK_IN_PROGRESS, TASK_STATUSES, type TaskKind } from '@backoffice/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { courierOrders } from './order-readers';
import { type OrderRow, orderQuery } from './orders.repository';

/** Which orders of a kind a task list holds: every one (`all`) or the employee's own share (`own`). */
export interface TaskFilter {
  kind: TaskKind;
  scope: 'own' | 'all';
  employeeId: number;
}

/** A task row: the order as the lists show it, plus the customer's phone and address. */
export interface TaskRow extends OrderRow {
  customer_phone: string;
  street: string | null;
  number: string | null;
  complement: string | null;
  customer_neighborhood: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}

const S = ORDER_STATUS;

/**
 * The WHERE of a task list. Own share: a stocker gets the orders waiting for a stocker and those HE is
 * preparing; a courier gets the orders of his kind's statuses that are his (`courierOrders`: the packed
 * orders nobody has taken or that are his, and HIS deliveries, never another courier's). Every kind's
 * statuses come from the contract (TASK_STATUSES).
 */
function taskWhere(filter: TaskFilter) {
  return (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>) => {
    const statuses = [...TASK_STATUSES[filter.kind]];
    if (filter.scope === 'all') return eb('o.status', 'in', statuses);
    const me = filter.employeeId;
    if (filter.kind === 'packing') {
      return eb.or([
        eb('o.status', '=', S.AGUARDANDO_ESTOQUISTA),
        eb.and([eb('o.status', '=', S.EM_PREPARACAO), eb('o.stocker_id', '=', me)]),
      ]);
    }
    return eb.and([eb('o.status', 'in', statuses), courierOrders(me)(eb)]);
  };
}

/** Started work first, then fast deliveries, then the order waiting longest. */
const inProgressFirst = sql<number>`case when o.status in (${sql.join([...TASK_IN_PROGRESS])}) then 0 else 1 end`;

/** SQL of the task lists. Every function takes `db` or a transaction. */
/**
 * A courier's run sets the order he delivers in (issue 19 §2: the run sheet's order): the orders of an open
 * run come by its departure, then as the dispatcher put them in; the others after, as before.
 */
const runOrder = sql`(
  select r.departure_at from courier_run_orders ro join courier_runs r on r.id = ro.run_id
  where ro.order_id = o.id and r.settled_at is null order by r.departure_at limit 1
) asc nulls last, (
  select ro.position from courier_run_orders ro join courier_runs r on r.id = ro.run_id
  where ro.order_id = o.id and r.settled_at is null order by r.departure_at limit 1
) asc nulls last`;

export const tasksRepository = {
  async count(db: Executor, filter: TaskFilter): Promise<number> {
    const row = await db
      .selectFrom('orders as o')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(taskWhere(filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  page(db: Executor, filter: TaskFilter, offset: number, limit: number): Promise<TaskRow[]> {
    return orderQuery(db)
      .select([
        'c.phone as customer_phone',
        'c.street',
        'c.number',
        'c.complement',
        'c.neighborhood as customer_neighborhood',
        'c.city',
        'c.state',
        'c.zip_code',
      ])
      .where(taskWhere(filter))
      .orderBy(inProgressFirst)
      .orderBy(runOrder)
      .orderBy('o.fast_delivery', 'desc')
      .orderBy('o.updated_at', 'asc')
      .orderBy('o.id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  /** The items of the listed orders, in one query. */
  items(db: Executor, orderIds: number[]) {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('order_items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['i.order_id', 'i.product_id', 'i.product_name', 'i.quantity', 'p.serialized'])
      .where('i.order_id', 'in', orderIds)
      .orderBy('i.order_id')
      .orderBy('i.id')
      .execute();
  },
};
