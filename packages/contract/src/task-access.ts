import { EMPLOYEE_FUNCS } from './employee-funcs';
import { actionAccess, type OrderAction } from './order-status';
import { type AccessRule, PERMISSIONS } from './permissions';

/**
 * "Minhas tarefas" (GET /orders/tasks): the orders the signed-in employee can move now, in the field.
 * Two kinds of task: separating and packing (stockers), collecting and delivering (couriers). Attendants
 * and full:access may do both (they record what happened at the counter), so they choose the kind.
 */
export const TASK_KINDS = ['packing', 'delivery'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** The moves of each kind (the workflow table says who may make them). */
export const TASK_ACTIONS: Record<TaskKind, readonly OrderAction[]> = {
  packing: ['startPreparation', 'readyForCourier', 'readyForFastCourier', 'readyForPickup'],
  delivery: ['withdraw', 'deliver', 'customerAbsent'],
};

/**
 * Who may open "Minhas tarefas" (GET /orders/tasks and the menu entry): whoever may make one of its moves by
 * the workflow table — orders or products, or the stocker's and the courier's function by itself.
 * Its own module, without the task list's schemas: the web app's first download reads it (the landing page
 * of a courier, the sidebar) and must not carry the order schemas with it (decision 0021).
 */
export const TASKS_ACCESS = actionAccess([...TASK_ACTIONS.packing, ...TASK_ACTIONS.delivery]);

/** Paging of GET /orders/tasks (here, free of schemas, for the field screen's first download). */
export const TASK_LIMITS = { pageSize: 20, maxPageSize: 50, maxPage: 100_000 } as const;

/**
 * The technician's 'Minhas tarefas' (issue 42 §2): his queue of service orders (GET /repairs/tasks), opened by the
 * function Técnico by itself, or by 'Assistência técnica'. The technician makes no order move, so GET /orders/tasks
 * stays closed to him (TASKS_ACCESS). Here, free of schemas, for the landing page and the sidebar.
 */
export const REPAIR_TASKS_ACCESS: AccessRule = {
  permissions: [PERMISSIONS.repairs],
  functions: [EMPLOYEE_FUNCS.TECHNICIAN],
};
