import { z } from 'zod';
import { EMPLOYEE_FUNCS } from './employees';
import {
  FINAL_ORDER_STATUSES,
  mayMake,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  type OrderAction,
  type OrderActor,
  type OrderStatusKey,
} from './order-status';
import { orderSummarySchema, postalAddressSchema } from './orders-api';
import { pageQueryParams } from './paging';
import { hasFullAccess } from './permissions';
import { TASK_ACTIONS, TASK_KINDS, TASK_LIMITS, type TaskKind } from './task-access';

export {
  REPAIR_TASKS_ACCESS,
  TASK_ACTIONS,
  TASK_KINDS,
  TASK_LIMITS,
  TASKS_ACCESS,
  type TaskKind,
} from './task-access';

/** The statuses an order of each kind can be in (the `from` of its moves). */
export const TASK_STATUSES: Record<TaskKind, readonly OrderStatusKey[]> = {
  packing: statusesOf('packing'),
  delivery: statusesOf('delivery'),
};

function statusesOf(kind: TaskKind): OrderStatusKey[] {
  const from = ORDER_TRANSITIONS.filter((t) => TASK_ACTIONS[kind].includes(t.action)).map((t) => t.from);
  return [...new Set(from)].filter((status) => !FINAL_ORDER_STATUSES.includes(status)).sort((a, b) => a - b);
}

/** Statuses in which the work has started (listed first: finish what you began). */
export const TASK_IN_PROGRESS: readonly OrderStatusKey[] = [
  ORDER_STATUS.EM_PREPARACAO,
  ORDER_STATUS.EM_ENTREGA,
  ORDER_STATUS.EM_ENTREGA_IMEDIATA,
];

/** The kinds of task this employee may do: those with at least one move the table allows them. */
export function taskKindsOf(actor: Pick<OrderActor, 'permissions' | 'func'>): TaskKind[] {
  return TASK_KINDS.filter((kind) =>
    ORDER_TRANSITIONS.some((t) => TASK_ACTIONS[kind].includes(t.action) && mayMake(t, actor.permissions, actor.func)),
  );
}

/**
 * Who sees only their own share of a kind: a stocker sees every order waiting for a stocker and the ones
 * HE is preparing; a courier sees the packed orders nobody has taken or that are his, and HIS deliveries.
 * Attendants and full:access see every order of the kind.
 */
export function taskScopeOf(actor: Pick<OrderActor, 'permissions' | 'func'>, kind: TaskKind): 'own' | 'all' {
  if (hasFullAccess(actor.permissions)) return 'all';
  if (kind === 'packing' && actor.func === EMPLOYEE_FUNCS.STOCKER) return 'own';
  if (kind === 'delivery' && actor.func === EMPLOYEE_FUNCS.DELIVERER) return 'own';
  return 'all';
}

/**
 * Who reads only his own orders (every order read, the lists, counts and the live stream): whoever sees only
 * his own share of the deliveries, a courier without full:access (issue 15, part 2).
 */
export function readsOnlyOwnOrders(actor: Pick<OrderActor, 'permissions' | 'func'>): boolean {
  return taskScopeOf(actor, 'delivery') === 'own';
}

/** Texts of the API (the screen's are in the web app's features/field/texts.ts). */
export const TASK_TEXTS = {
  kindInvalid: 'Tipo de tarefa inválido (use packing ou delivery).',
  kindNotYours: 'Sua função não faz este tipo de tarefa.',
  pageInvalid: 'Página inválida.',
  itemsInvalid: `Informe de 1 a ${TASK_LIMITS.maxPageSize} pedidos por página.`,
} as const;

const taskPaging = pageQueryParams(TASK_TEXTS, { maxPage: TASK_LIMITS.maxPage, maxItems: TASK_LIMITS.maxPageSize });
export const tasksQuerySchema = z.object({
  /** Which kind to list; without it, the first kind the employee does (packing before delivery). */
  kind: z.enum(TASK_KINDS, { error: TASK_TEXTS.kindInvalid }).optional(),
  page: taskPaging.page.default(0),
  items: taskPaging.items.default(TASK_LIMITS.pageSize),
});
export type TasksQuery = z.input<typeof tasksQuerySchema>;

const taskActionSchema = z.enum([...TASK_ACTIONS.packing, ...TASK_ACTIONS.delivery] as [OrderAction, ...OrderAction[]]);

/** One order of the task list: the Order, what to separate, where to deliver, and the moves available now. */
export const taskOrderSchema = orderSummarySchema.extend({
  /** The moves of the listed kind this employee can make now (`availableActions`), never empty. */
  actions: z.array(taskActionSchema),
  /**
   * What to separate: product names and quantities, in the order's order; a serialized line ('Controla
   * IMEI') is packed by naming one unit per unit (its IMEIs scanned into the box).
   */
  items: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      serialized: z.boolean(),
    }),
  ),
  customerPhone: z.string(),
  /** The customer's address (each part null when unknown); the neighbourhood is the order's. */
  address: postalAddressSchema,
});
export type TaskOrder = z.infer<typeof taskOrderSchema>;

export const taskListSchema = z.object({
  /** The kind listed (null when the employee does no task). */
  kind: z.enum(TASK_KINDS).nullable(),
  /** Every kind this employee does (a screen shows a tab per kind when there are two). */
  kinds: z.array(z.enum(TASK_KINDS)),
  orders: z.array(taskOrderSchema),
  total: z.number().int(),
});
export type TaskList = z.infer<typeof taskListSchema>;
