import {
  availableActions,
  type OrderActor,
  TASK_ACTIONS,
  TASK_TEXTS,
  type TaskKind,
  type TaskList,
  taskKindsOf,
  taskScopeOf,
} from '@backoffice/contract';
import type { DB } from '../../db/database';
import { forbidden, unauthorized } from '../../lib/errors';
import type { Principal } from '../../plugins/auth';
import { toOrderSummary } from './order-summary';
import { ordersRepository } from './orders.repository';
import { tasksRepository as repo, type TaskRow } from './tasks.repository';

/**
 * "Minhas tarefas": the orders the signed-in employee can move now, for the stocker's and the courier's
 * phone. The kinds an employee does and the buttons of each order come from the workflow table
 * (`taskKindsOf`, `availableActions`), so the list never offers a move the server would refuse for who
 * the employee is; the server still checks every move.
 */
export function createTasksService(db: DB) {
  return {
    async list(principal: Principal, query: { kind?: TaskKind; page: number; items: number }): Promise<TaskList> {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          const employee = await ordersRepository.employee(trx, principal.employeeId);
          if (!employee || employee.blocked) throw unauthorized();
          const actor: OrderActor = {
            employeeId: employee.id,
            permissions: principal.permissions,
            func: employee.func,
          };
          const kinds = taskKindsOf(actor);
          if (query.kind && !kinds.includes(query.kind)) throw forbidden(TASK_TEXTS.kindNotYours);
          const kind = query.kind ?? kinds[0];
          if (!kind) return { kind: null, kinds, orders: [], total: 0 };
          const filter = { kind, scope: taskScopeOf(actor, kind), employeeId: actor.employeeId };
          const total = await repo.count(trx, filter);
          const offset = query.page * query.items;
          if (offset >= total) return { kind, kinds, orders: [], total };
          const rows = await repo.page(trx, filter, offset, query.items);
          const items = await repo.items(
            trx,
            rows.map((row) => row.id),
          );
          return {
            kind,
            kinds,
            total,
            orders: rows.map((row) => ({
              ...toOrderSummary(row),
              actions: actionsOf(row, actor, kind),
              items: items
                .filter((item) => item.order_id === row.id)
                .map((item) => ({
                  productId: item.product_id,
                  name: item.product_name,
                  quantity: item.quantity,
                  serialized: item.serialized,
                })),
              customerPhone: row.customer_phone,
              address: {
                street: row.street,
                number: row.number,
                complement: row.complement,
                neighborhood: row.neighborhood ?? row.customer_neighborhood,
                city: row.city,
                state: row.state,
                zipCode: row.zip_code,
              },
            })),
          };
        });
    },
  };
}

function actionsOf(row: TaskRow, actor: OrderActor, kind: TaskKind) {
  const state = {
    status: row.status,
    deliveryType: row.delivery_type,
    fastDelivery: row.fast_delivery,
    delivererId: row.deliverer_id,
  };
  return availableActions(state, actor).filter((action) => TASK_ACTIONS[kind].includes(action));
}
