import { EMPLOYEE_FUNCS, type EmployeeFunc } from './employee-funcs';
import { labelledValues } from './labelled-values';
import { type AccessRule, hasAnyPermission, hasFullAccess, PERMISSIONS, type PermissionKey } from './permissions';

/** The order statuses with their numeric keys (key 14 does not exist; 17 came with sales on credit). */
export const ORDER_STATUS = {
  AGUARDANDO_ESTOQUISTA: 1,
  EM_PREPARACAO: 2,
  AGUARDANDO_MOTOBOY: 3,
  EM_ENTREGA: 4,
  ENTREGUE: 5,
  AGUARDANDO_CLIENTE: 6,
  CANCELADO: 7,
  ERRO: 8,
  PROCESSANDO: 9,
  AGUARDANDO_COMPROVANTE: 10,
  AGUARDANDO_APROVACAO: 11,
  REPROVADOS: 12,
  FINALIZADOS: 13,
  ENTREGA_IMEDIATA: 15,
  EM_ENTREGA_IMEDIATA: 16,
  /** A sale on credit above the customer's limit, or of a customer late beyond the setting (issue 40 §1). */
  AGUARDANDO_APROVACAO_CREDITO: 17,
} as const;

export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatusKey = (typeof ORDER_STATUS)[OrderStatusName];

export const ORDER_STATUS_KEYS = Object.values(ORDER_STATUS) as OrderStatusKey[];

/** Portuguese labels shown on the status cards, tables and histories. */
export const ORDER_STATUS_LABELS: Record<OrderStatusKey, string> = {
  1: 'Aguardando estoquista',
  2: 'Em preparação',
  3: 'Aguardando motoboy',
  4: 'Em entrega',
  5: 'Entregue',
  6: 'Aguardando cliente',
  7: 'Cancelado',
  8: 'Erro',
  9: 'Processando',
  10: 'Aguardando comprovante',
  11: 'Aguardando aprovação',
  12: 'Reprovados',
  13: 'Finalizados',
  15: 'Entrega imediata',
  16: 'Em entrega imediata',
  17: 'Aguardando aprovação de crédito',
};

export function orderStatusName(key: number): OrderStatusName | undefined {
  return (Object.keys(ORDER_STATUS) as OrderStatusName[]).find((name) => ORDER_STATUS[name] === key);
}

export function isOrderStatusKey(value: number): value is OrderStatusKey {
  return (ORDER_STATUS_KEYS as number[]).includes(value);
}

/**
 * The business actions of an order: `create` places it (the checkout, ORDER_CREATION); every other one moves
 * it (ORDER_TRANSITIONS) and is made through one call of ORDER_COMMANDS (order-commands.ts).
 */
export type OrderAction =
  | 'create'
  | 'confirmPayment'
  | 'confirmPix'
  | 'failPayment'
  | 'retryPayment'
  | 'attachReceipt'
  | 'approve'
  | 'refuse'
  /** A sale on credit above the limit or of a customer late (issue 40 §1): a manager's decision. */
  | 'approveCredit'
  | 'refuseCredit'
  | 'startPreparation'
  | 'readyForCourier'
  | 'readyForFastCourier'
  | 'readyForPickup'
  | 'withdraw'
  | 'deliver'
  | 'customerAbsent'
  | 'finalize'
  | 'cancel'
  /** The payment method changed by the order's edit before separation (PATCH /orders/{id}, decision 0044). */
  | 'changePayment'
  /**
   * A repair's bill paid, on to the counter (decision 0060): nothing to separate, its parts are in the customer's
   * device. Made by the system right after the move that settled its payment, never a button.
   */
  | 'awaitPickup';

/** Portuguese names of the actions (buttons, audit trail, docs/order-workflow.md). */
export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  create: 'Criar pedido',
  confirmPayment: 'Confirmar pagamento',
  confirmPix: 'Confirmar Pix recebido',
  failPayment: 'Pagamento não confirmado',
  retryPayment: 'Tentar o pagamento de novo',
  attachReceipt: 'Anexar comprovante',
  approve: 'Aprovar',
  refuse: 'Reprovar',
  approveCredit: 'Aprovar crédito',
  refuseCredit: 'Reprovar crédito',
  startPreparation: 'Iniciar separação',
  readyForCourier: 'Pronto para o motoboy',
  readyForFastCourier: 'Pronto para entrega imediata',
  readyForPickup: 'Pronto para retirada na loja',
  withdraw: 'Retirando',
  deliver: 'Entregue ao cliente',
  customerAbsent: 'Cliente ausente',
  finalize: 'Finalizar',
  cancel: 'Cancelar',
  changePayment: 'Alterar a forma de pagamento',
  awaitPickup: 'Aguardar a retirada (nada a separar)',
};

/** What a move needs from the caller besides the permission and the function. */
export type OrderRequirement =
  /** A reason (history note), e.g. a cancellation's "Motivo". */
  | 'reason'
  /** One or more packaging photos (readyFor*). */
  | 'packagingPhotos'
  /** The customer's signature drawn on the courier's phone (deliver). */
  | 'signature'
  /** The payment proof picture (attachReceipt). */
  | 'receipt'
  /** A Pix the bank told us of, matched to this order for exactly its total (confirmPix). */
  | 'pixReceived'
  /** The packing move must match the order's delivery type and fast-delivery flag (packingAction). */
  | 'matchingDelivery'
  /** A courier must be known: the order's, the acting courier, or the customer's associated courier. */
  | 'deliverer'
  /** A courier acting alone may only touch orders that are his (or, to collect them, nobody's). */
  | 'ownDelivery'
  /**
   * The order's new payment method, which only the order's edit carries (PATCH /orders/{id}, decision 0044):
   * such a move is never a button (`availableActions`) nor reached by a status (`findTransition`, PUT
   * /orders/change/status); the edit writes the payment columns in the same event.
   */
  | 'newPayment'
  /**
   * The order is a repair's bill (`orders.repair_id`, decision 0060): its goods are the parts already in the
   * customer's device, so it never waits for a stocker. Only the system makes such a move (never a button).
   */
  | 'nothingToPack';

/** What the server does on a move, besides the status, its history row, the audit row and updated_at. */
export type OrderEffect =
  /** The order's goods leave stock through the stock module (SALE ledger rows): placing it. */
  | 'takeStock'
  /** The order's goods go back to stock through the stock module, once (CANCELLATION ledger rows). */
  | 'releaseStock'
  /** orders.stocker_id = the acting employee. */
  | 'setStocker'
  /** orders.deliverer_id = the courier found by the 'deliverer' requirement, when none is set. */
  | 'setDeliverer'
  /** orders.finished_at = now. */
  | 'setFinishedAt'
  /** The pictures are checked, re-encoded and stored (order_images RECEIPT, PACKAGING, SIGNATURE). */
  | 'storeReceipt'
  | 'storePackagingPhotos'
  | 'storeSignature'
  /** The units of the serialized lines, named by IMEI, go to the order (sold), through the stock module. */
  | 'takeUnits';

export interface OrderTransition {
  from: OrderStatusKey;
  to: OrderStatusKey;
  action: OrderAction;
  /** Any one of these permissions allows the move (full:access always does). */
  permissions: readonly PermissionKey[];
  /** The employee functions (1 Atendente, 2 Motoboy, 3 Estoquista) that may make it; full:access: any. */
  functions: readonly EmployeeFunc[];
  /**
   * The functions whose own field work the move is: an employee of one of them may make it without any of
   * `permissions` (the stocker packs, the courier collects and delivers, from "Minhas tarefas").
   */
  fieldFunctions: readonly EmployeeFunc[];
  requires: readonly OrderRequirement[];
  does: readonly OrderEffect[];
}

const S = ORDER_STATUS;
const ORDERS = [PERMISSIONS.orders] as const;
const STOCK = [PERMISSIONS.orders, PERMISSIONS.products] as const;
const F = EMPLOYEE_FUNCS;
/** Attendants: payments, approvals, finalizing, cancelling, changing the courier. */
const DESK = [F.ATTENDANT] as const;

/** Who makes a move: the permissions, the functions, and the functions whose own field work it is. */
type Who = Pick<OrderTransition, 'permissions' | 'functions' | 'fieldFunctions'>;
/** At the desk: an attendant holding orders. */
const AT_DESK: Who = { permissions: ORDERS, functions: DESK, fieldFunctions: [] };
/** Separating and packing: the stocker (his function is enough), or an attendant holding orders or products. */
const PACKING: Who = { permissions: STOCK, functions: [F.ATTENDANT, F.STOCKER], fieldFunctions: [F.STOCKER] };
/**
 * Collecting and delivering: the courier (his function is enough), or an attendant holding orders recording
 * it ("retirando" in the back-office).
 */
const ROAD: Who = { permissions: ORDERS, functions: [F.ATTENDANT, F.DELIVERER], fieldFunctions: [F.DELIVERER] };
/**
 * Credit and collection (issue 40 §1): who holds 'Crédito e cobrança' decides a sale on credit held for approval,
 * whatever his function (a manager at the desk).
 */
const CREDIT: Who = {
  permissions: [PERMISSIONS.credit],
  functions: [F.ATTENDANT, F.DELIVERER, F.STOCKER],
  fieldFunctions: [],
};
/** The system alone (decision 0060): no employee may make the move, the server makes it as part of another. */
const SYSTEM: Who = { permissions: [], functions: [], fieldFunctions: [] };
/** Selling again (the order's edit, decision 0044): internal sales, any function, as the checkout. */
const SELLING: Who = {
  permissions: [PERMISSIONS.internalSales],
  functions: [F.ATTENDANT, F.DELIVERER, F.STOCKER],
  fieldFunctions: [],
};

/** Statuses from which an order can no longer move (except through an exchange or return). */
export const FINAL_ORDER_STATUSES: readonly OrderStatusKey[] = [S.CANCELADO, S.REPROVADOS, S.FINALIZADOS];

export function isFinalOrderStatus(status: number): boolean {
  return (FINAL_ORDER_STATUSES as readonly number[]).includes(status);
}

/**
 * A final move: the action leads to a final status (Cancelado, Reprovados, Finalizados), which nothing undoes.
 * The screens ask confirmation and a reason for each (decision 0036); the API keeps the reason optional
 * where section 7 has none.
 */
export function isFinalOrderAction(action: OrderAction): boolean {
  return ORDER_TRANSITIONS.some((t) => t.action === action && isFinalOrderStatus(t.to));
}

/** The statuses an order can start in (see initialOrderStatus). */
export const INITIAL_ORDER_STATUSES: readonly OrderStatusKey[] = [
  S.AGUARDANDO_ESTOQUISTA,
  S.PROCESSANDO,
  S.AGUARDANDO_COMPROVANTE,
];

const CANCELLABLE: readonly OrderStatusKey[] = ORDER_STATUS_KEYS.filter((key) => !FINAL_ORDER_STATUSES.includes(key));

/** Where each packing move leads. */
const PACKED_STATUS = {
  readyForCourier: S.AGUARDANDO_MOTOBOY,
  readyForFastCourier: S.ENTREGA_IMEDIATA,
  readyForPickup: S.AGUARDANDO_CLIENTE,
} as const;

function move(
  from: OrderStatusKey,
  to: OrderStatusKey,
  action: OrderAction,
  who: Who,
  requires: readonly OrderRequirement[] = [],
  does: readonly OrderEffect[] = [],
): OrderTransition {
  return { from, to, action, ...who, requires, does };
}

/**
 * The whole workflow: every allowed move, who may make it, and through which action.
 * See docs/order-workflow.md for the diagram and the reasons.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  // Payment: Pix with automatic confirmation waits in PROCESSANDO; a failure lands in ERRO.
  move(S.PROCESSANDO, S.AGUARDANDO_ESTOQUISTA, 'confirmPayment', AT_DESK),
  move(S.PROCESSANDO, S.ERRO, 'failPayment', AT_DESK),
  move(S.ERRO, S.PROCESSANDO, 'retryPayment', AT_DESK),
  // Bank transfer or manual Pix: the proof is attached, then an attendant checks it.
  move(S.AGUARDANDO_COMPROVANTE, S.AGUARDANDO_APROVACAO, 'attachReceipt', AT_DESK, ['receipt'], ['storeReceipt']),
  move(S.AGUARDANDO_APROVACAO, S.AGUARDANDO_ESTOQUISTA, 'approve', AT_DESK),
  move(S.AGUARDANDO_APROVACAO, S.REPROVADOS, 'refuse', AT_DESK, [], ['releaseStock']),
  // A sale on credit above the customer's limit, or of a customer late beyond the setting: a manager decides
  // (the reason recorded either way) before the stocker sees it; refused, its goods go back to stock.
  move(S.AGUARDANDO_APROVACAO_CREDITO, S.AGUARDANDO_ESTOQUISTA, 'approveCredit', CREDIT, ['reason']),
  move(S.AGUARDANDO_APROVACAO_CREDITO, S.REPROVADOS, 'refuseCredit', CREDIT, ['reason'], ['releaseStock']),
  // A Pix the bank told us of (the webhook) pays an order still waiting for its proof (awaiting approval,
  // the same Pix makes the 'approve' move; in PROCESSANDO, 'confirmPayment').
  move(S.AGUARDANDO_COMPROVANTE, S.AGUARDANDO_ESTOQUISTA, 'confirmPix', AT_DESK, ['pixReceived']),
  // The stocker separates and packs the goods (one or more photos of the package).
  move(S.AGUARDANDO_ESTOQUISTA, S.EM_PREPARACAO, 'startPreparation', PACKING, [], ['setStocker']),
  ...(['readyForCourier', 'readyForFastCourier', 'readyForPickup'] as const).map((action) =>
    move(
      S.EM_PREPARACAO,
      PACKED_STATUS[action],
      action,
      PACKING,
      ['packagingPhotos', 'matchingDelivery'],
      ['storePackagingPhotos', 'takeUnits'],
    ),
  ),
  // "Retirando": the courier collects the package at the store and leaves.
  move(S.AGUARDANDO_MOTOBOY, S.EM_ENTREGA, 'withdraw', ROAD, ['deliverer', 'ownDelivery'], ['setDeliverer']),
  move(S.ENTREGA_IMEDIATA, S.EM_ENTREGA_IMEDIATA, 'withdraw', ROAD, ['deliverer', 'ownDelivery'], ['setDeliverer']),
  move(S.EM_ENTREGA, S.ENTREGUE, 'deliver', ROAD, ['signature', 'ownDelivery'], ['storeSignature']),
  move(S.EM_ENTREGA_IMEDIATA, S.ENTREGUE, 'deliver', ROAD, ['signature', 'ownDelivery'], ['storeSignature']),
  // Nobody home: the package comes back to the store and waits for the customer.
  move(S.EM_ENTREGA, S.AGUARDANDO_CLIENTE, 'customerAbsent', ROAD, ['ownDelivery']),
  move(S.EM_ENTREGA_IMEDIATA, S.AGUARDANDO_CLIENTE, 'customerAbsent', ROAD, ['ownDelivery']),
  move(S.ENTREGUE, S.FINALIZADOS, 'finalize', AT_DESK, [], ['setFinishedAt']),
  move(S.AGUARDANDO_CLIENTE, S.FINALIZADOS, 'finalize', AT_DESK, [], ['setFinishedAt']),
  ...CANCELLABLE.map((from) => move(from, S.CANCELADO, 'cancel', AT_DESK, ['reason'], ['releaseStock'])),
  // The payment method changed by the order's edit before separation, nothing paid yet (decision 0044): the
  // order goes where the checkout would place it with the new method (initialOrderStatus). Cash or card on
  // delivery → Pix waits for the bank (Processando) or its proof (Aguardando comprovante); Pix → cash or card
  // goes to the stocker. Cash ↔ card stays in Aguardando estoquista (no move). After the other moves, so a
  // status reached (findTransition) never finds these.
  ...([S.PROCESSANDO, S.AGUARDANDO_COMPROVANTE] as const).flatMap((pix) => [
    move(S.AGUARDANDO_ESTOQUISTA, pix, 'changePayment', SELLING, ['newPayment']),
    move(pix, S.AGUARDANDO_ESTOQUISTA, 'changePayment', SELLING, ['newPayment']),
  ]),
  // A repair's bill (decision 0060) whose payment was settled goes on to the counter at once: there is nothing to
  // separate. The repair's delivery then finalizes it ('finalize' from Aguardando cliente).
  move(S.AGUARDANDO_ESTOQUISTA, S.AGUARDANDO_CLIENTE, 'awaitPickup', SYSTEM, ['nothingToPack']),
];

/**
 * A move only the server makes as part of another event: the order's edit (it carries the new payment method) or
 * the system's (a repair's bill on to the counter). Never a button nor a status reached.
 */
export function isEditOnlyMove(transition: Pick<OrderTransition, 'requires'>): boolean {
  return transition.requires.includes('newPayment') || transition.requires.includes('nothingToPack');
}

/**
 * Where a repair's bill is placed (decision 0060): where any sale paid so would start, except that one that would wait
 * for the stocker waits at the counter for the customer instead (cash, card: paid when the device is collected).
 */
export function repairBillStatus(initial: OrderStatusKey): OrderStatusKey {
  return initial === S.AGUARDANDO_ESTOQUISTA ? S.AGUARDANDO_CLIENTE : initial;
}

/** The table's move from `from` to `to` by `action` (the order's edit names all three). */
export function findMove(from: number, to: number, action: OrderAction): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to && t.action === action);
}

/**
 * The entry into the workflow: placing an order (`create`, the checkout; `orders.place()` on the server). It
 * comes from no status and lands in the order's initial status (initialOrderStatus), or, when the payment
 * proof comes with the sale, where attaching it leads from there (placedStatus). One event: one history
 * row, one audit row. Who may place one: internal sales (the selling routes check it).
 */
export interface OrderCreation {
  from: null;
  to: readonly OrderStatusKey[];
  action: 'create';
  permissions: readonly PermissionKey[];
  does: readonly OrderEffect[];
}

export const ORDER_CREATION: OrderCreation = {
  from: null,
  // Aguardando cliente: a repair's bill paid at the counter (repairBillStatus, decision 0060).
  to: [...INITIAL_ORDER_STATUSES, S.AGUARDANDO_APROVACAO, S.AGUARDANDO_APROVACAO_CREDITO, S.AGUARDANDO_CLIENTE],
  action: 'create',
  permissions: [PERMISSIONS.internalSales],
  does: ['takeStock', 'storeReceipt'],
};

/**
 * Where a new order lands: its initial status, or, with the payment proof attached in the same event,
 * where the table's `attachReceipt` leads from it (a transfer: AGUARDANDO_COMPROVANTE → AGUARDANDO_APROVACAO).
 */
export function placedStatus(initial: OrderStatusKey, withReceipt: boolean): OrderStatusKey {
  if (!withReceipt) return initial;
  return findTransitionByAction(initial, 'attachReceipt')?.to ?? initial;
}

/**
 * The status a new order starts in, by how it is paid: cash goes straight to the stocker; Pix with
 * automatic confirmation (company setting) waits for the bank; a transfer or a manual Pix waits for
 * its proof. (Internal selling requires the proof with a transfer, so its checkout records
 * AGUARDANDO_COMPROVANTE and, in the same transaction, attachReceipt to AGUARDANDO_APROVACAO.)
 */
export function initialOrderStatus(payment: PaymentMethod, pixAuto: boolean): OrderStatusKey {
  // A card is charged at the counter (paid with the sale) or at the door (paid on delivery, as cash is). A sale on
  // credit within the customer's limit goes to the stocker; the checkout holds one above it for approval.
  if (payment === 'CASH' || payment === 'CARD' || payment === 'CREDIT') return S.AGUARDANDO_ESTOQUISTA;
  if (payment === 'PIX' && pixAuto) return S.PROCESSANDO;
  return S.AGUARDANDO_COMPROVANTE;
}

/** The move that reaches `to` from `from` (PUT /orders/change/status): never one only the order's edit makes. */
export function findTransition(from: number, to: number): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to && !isEditOnlyMove(t));
}

export function findTransitionByAction(from: number, action: OrderAction): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.action === action);
}

/** Who acts on an order: what the server knows of the signed-in employee. */
export interface OrderActor {
  employeeId: number;
  permissions: readonly string[];
  /** 1 Atendente, 2 Motoboy, 3 Estoquista. */
  func: number;
}

/** The fields of an order the workflow rules read. */
export interface OrderWorkflowState {
  status: number;
  /** 1 Motoboy, 2 Retirada na loja. */
  deliveryType: number;
  fastDelivery: boolean;
  delivererId: number | null;
}

/** True when `held` permissions (and, when given, the employee's function) allow moving from `from` to `to`. */
export function canTransition(from: number, to: number, held: readonly string[], func?: number): boolean {
  const transition = findTransition(from, to);
  if (!transition) return false;
  return mayMake(transition, held, func);
}

/** One of the move's permissions, or (func given) a function whose own field work the move is. */
function opensTo(transition: OrderTransition, held: readonly string[], func?: number): boolean {
  if (hasAnyPermission(held, transition.permissions)) return true;
  return func !== undefined && (transition.fieldFunctions as readonly number[]).includes(func);
}

/** The permission and function rule of one move (full:access passes both). */
export function mayMake(transition: OrderTransition, held: readonly string[], func?: number): boolean {
  if (hasFullAccess(held)) return true;
  if (!opensTo(transition, held, func)) return false;
  return func === undefined || (transition.functions as readonly number[]).includes(func);
}

/**
 * Who may call the route of these moves (plugins/auth.ts checks it before the workflow does): any of their
 * permissions, or any of their field functions. The route rule is read from the table, never written twice.
 */
export function actionAccess(actions: readonly OrderAction[]): AccessRule {
  const moves = ORDER_TRANSITIONS.filter((t) => actions.includes(t.action));
  return {
    permissions: [...new Set(moves.flatMap((t) => t.permissions))],
    functions: [...new Set(moves.flatMap((t) => t.fieldFunctions))],
  };
}

/** The packing move an order needs: pickup → readyForPickup, fast delivery → readyForFastCourier, else readyForCourier. */
export function packingAction(order: Pick<OrderWorkflowState, 'deliveryType' | 'fastDelivery'>): OrderAction {
  if (isPickup(order.deliveryType)) return 'readyForPickup';
  return order.fastDelivery ? 'readyForFastCourier' : 'readyForCourier';
}

const PACKING_ACTIONS: readonly OrderAction[] = ['readyForCourier', 'readyForFastCourier', 'readyForPickup'];

/** Why a move that exists from the order's status is refused to this actor, or undefined when it is not. */
export type OrderRuleRefusal = 'permission' | 'function' | 'delivery' | 'notOwnDelivery';

/**
 * The rules of a move that do not need the request's input (permission, function, delivery type, the
 * courier's own orders). The server applies them in `transition`; `availableActions` uses them for screens.
 */
export function ruleRefusal(
  transition: OrderTransition,
  order: OrderWorkflowState,
  actor: OrderActor,
): OrderRuleRefusal | undefined {
  const full = hasFullAccess(actor.permissions);
  if (!full && !opensTo(transition, actor.permissions, actor.func)) return 'permission';
  if (!full && !(transition.functions as readonly number[]).includes(actor.func)) return 'function';
  if (transition.requires.includes('matchingDelivery') && packingAction(order) !== transition.action) return 'delivery';
  if (transition.requires.includes('ownDelivery') && !full && actor.func === EMPLOYEE_FUNCS.DELIVERER) {
    const mine = order.delivererId === actor.employeeId;
    // Collecting an order nobody has taken is allowed (it becomes his); delivering needs it to be his.
    if (!mine && !(transition.action === 'withdraw' && order.delivererId === null)) return 'notOwnDelivery';
  }
  return undefined;
}

/**
 * The moves this employee can make on this order now (a screen shows only these buttons). The server
 * enforces the same rules, plus what only the request carries (reason, pictures, signature).
 */
export function availableActions(order: OrderWorkflowState, actor: OrderActor): OrderAction[] {
  return ORDER_TRANSITIONS.filter(
    (t) => t.from === order.status && !isEditOnlyMove(t) && !ruleRefusal(t, order, actor),
  ).map((t) => t.action);
}

/**
 * Statuses in which the courier can be changed: the normal call where 'readyForCourier' leads
 * (AGUARDANDO_MOTOBOY), the fast one where 'readyForFastCourier' leads (ENTREGA_IMEDIATA).
 */
export const DELIVERER_CHANGE_STATUSES: Record<'normal' | 'fast', readonly OrderStatusKey[]> = {
  normal: ORDER_TRANSITIONS.filter((t) => t.action === 'readyForCourier').map((t) => t.to),
  fast: ORDER_TRANSITIONS.filter((t) => t.action === 'readyForFastCourier').map((t) => t.to),
};

/** Who may change an order's courier: orders permission and an attendant (full:access: anyone). */
export const DELIVERER_CHANGE_RULE = { permissions: ORDERS, functions: DESK } as const;

/** True when this employee may change this order's courier now (the normal or the fast call, by status). */
export function canChangeDeliverer(order: Pick<OrderWorkflowState, 'status'>, actor: OrderActor): boolean {
  const statuses: readonly number[] = [...DELIVERER_CHANGE_STATUSES.normal, ...DELIVERER_CHANGE_STATUSES.fast];
  if (!statuses.includes(order.status)) return false;
  if (hasFullAccess(actor.permissions)) return true;
  return (
    hasAnyPermission(actor.permissions, DELIVERER_CHANGE_RULE.permissions) &&
    (DELIVERER_CHANGE_RULE.functions as readonly number[]).includes(actor.func)
  );
}

/** True for the three packing moves (readyFor*). */
/**
 * A move that hands the goods over to the customer: delivered by the courier ('deliver'), or finalized from 'Aguardando
 * cliente' (picked up at the counter). A sale on credit's instalments start then (issue 40), and an order's note is
 * emitted by itself then when the shop asks for it (issue 41).
 */
export function isHandover(action: OrderAction, fromStatus: number): boolean {
  return action === 'deliver' || (action === 'finalize' && fromStatus === S.AGUARDANDO_CLIENTE);
}

export function isPackingAction(action: OrderAction): boolean {
  return PACKING_ACTIONS.includes(action);
}

export function nextStatuses(from: number): OrderStatusKey[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === from && !isEditOnlyMove(t)).map((t) => t.to);
}

/** Statuses in which the goods are back in stock (where the table's `releaseStock` moves lead: cancel, refusals). */
export const STOCK_RELEASED_ON: readonly OrderStatusKey[] = [
  ...new Set(ORDER_TRANSITIONS.filter((t) => t.does.includes('releaseStock')).map((t) => t.to)),
].sort((a, b) => a - b);

/** Orders that are no sale (cancelled or refused): reports, purchases, product sales, a customer's credit exposure. */
export const UNSOLD_ORDER_STATUSES: readonly OrderStatusKey[] = STOCK_RELEASED_ON;

/**
 * Packed and waiting for a courier to collect them (the normal and the fast call): where the table's
 * `withdraw` starts. The dispatch board, a run's orders and the reports' SQL read this list.
 */
export const AWAITING_COURIER_STATUSES: readonly OrderStatusKey[] = ORDER_TRANSITIONS.filter(
  (t) => t.action === 'withdraw',
).map((t) => t.from);

/** On the road with a courier (the normal and the fast delivery): where the table's `withdraw` leads. */
export const OUT_FOR_DELIVERY_STATUSES: readonly OrderStatusKey[] = ORDER_TRANSITIONS.filter(
  (t) => t.action === 'withdraw',
).map((t) => t.to);

/**
 * The moves that settle an order's payment: from where it waits for it to the stocker (Processando by
 * 'confirmPayment', Aguardando comprovante by 'confirmPix', Aguardando aprovação by 'approve'). A Pix
 * received pays an order only from these statuses, the bank makes only these moves, and making one confirms
 * the order's Pix received.
 */
export const PAYMENT_SETTLING_MOVES: readonly OrderTransition[] = ORDER_TRANSITIONS.filter(
  (t) => t.to === S.AGUARDANDO_ESTOQUISTA && !isEditOnlyMove(t),
);

/** The move that settles the payment of an order in `status`, if it waits for one there. */
export function paymentSettlingMove(status: number): OrderTransition | undefined {
  return PAYMENT_SETTLING_MOVES.find((t) => t.from === status);
}

/** True for a move that settles an order's payment (PAYMENT_SETTLING_MOVES). */
export function settlesPayment(move: Pick<OrderTransition, 'from' | 'to'>): boolean {
  return PAYMENT_SETTLING_MOVES.some((t) => t.from === move.from && t.to === move.to);
}

/**
 * How an order is paid. CASH, BANK_TRANSFER and PIX are section 7's and behave as they always did; CARD
 * (issue 38, decision 0042) is a card at the counter (its part recorded with the sale: paid) or the card
 * machine taken on delivery ('Levar maquininha': paid at the door, like cash). An order paid by several parts
 * keeps the method it was placed with; its parts say the rest (`order_payments`).
 */
export const PAYMENT_METHOD_LABELS = {
  CASH: 'Dinheiro',
  BANK_TRANSFER: 'Depósito',
  PIX: 'Pix',
  CARD: 'Cartão',
  CREDIT: 'A prazo',
};
export const PAYMENT_METHODS = labelledValues(PAYMENT_METHOD_LABELS);
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const DELIVERY_TYPES = { MOTOBOY: 1, PICKUP: 2 } as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[keyof typeof DELIVERY_TYPES];

/** True when the order is collected at the store ('Retirada na loja') instead of delivered. */
export function isPickup(deliveryType: number | null | undefined): boolean {
  return deliveryType === DELIVERY_TYPES.PICKUP;
}
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = { 1: 'Motoboy', 2: 'Retirada na loja' };
