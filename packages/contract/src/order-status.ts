import { PERMISSIONS, type PermissionKey } from './permissions';

/** The order statuses with their numeric keys (key 14 does not exist). */
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
};

export function orderStatusName(key: number): OrderStatusName | undefined {
  return (Object.keys(ORDER_STATUS) as OrderStatusName[]).find((name) => ORDER_STATUS[name] === key);
}

export function isOrderStatusKey(value: number): value is OrderStatusKey {
  return (ORDER_STATUS_KEYS as number[]).includes(value);
}

/** The business actions that move an order. Each maps to one API call. */
export type OrderAction =
  | 'confirmPayment'
  | 'failPayment'
  | 'retryPayment'
  | 'attachReceipt'
  | 'approve'
  | 'refuse'
  | 'startPreparation'
  | 'readyForCourier'
  | 'readyForFastCourier'
  | 'readyForPickup'
  | 'withdraw'
  | 'deliver'
  | 'customerAbsent'
  | 'finalize'
  | 'cancel';

/** Portuguese names of the actions (buttons, audit trail, docs/order-workflow.md). */
export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  confirmPayment: 'Confirmar pagamento',
  failPayment: 'Pagamento não confirmado',
  retryPayment: 'Tentar o pagamento de novo',
  attachReceipt: 'Anexar comprovante',
  approve: 'Aprovar',
  refuse: 'Reprovar',
  startPreparation: 'Iniciar separação',
  readyForCourier: 'Pronto para o motoboy',
  readyForFastCourier: 'Pronto para entrega imediata',
  readyForPickup: 'Pronto para retirada na loja',
  withdraw: 'Retirando',
  deliver: 'Entregue ao cliente',
  customerAbsent: 'Cliente ausente',
  finalize: 'Finalizar',
  cancel: 'Cancelar',
};

export interface OrderTransition {
  from: OrderStatusKey;
  to: OrderStatusKey;
  action: OrderAction;
  /** Any one of these permissions allows the move (full:access always does). */
  permissions: readonly PermissionKey[];
}

const S = ORDER_STATUS;
const ORDERS = [PERMISSIONS.orders] as const;
const STOCK = [PERMISSIONS.orders, PERMISSIONS.products] as const;

/** Statuses from which an order can no longer move (except through an exchange or return). */
export const FINAL_ORDER_STATUSES: readonly OrderStatusKey[] = [S.CANCELADO, S.REPROVADOS, S.FINALIZADOS];

export function isFinalOrderStatus(status: number): boolean {
  return (FINAL_ORDER_STATUSES as readonly number[]).includes(status);
}

/** The statuses an order can start in (see initialOrderStatus). */
export const INITIAL_ORDER_STATUSES: readonly OrderStatusKey[] = [
  S.AGUARDANDO_ESTOQUISTA,
  S.PROCESSANDO,
  S.AGUARDANDO_COMPROVANTE,
];

const CANCELLABLE: readonly OrderStatusKey[] = ORDER_STATUS_KEYS.filter((key) => !FINAL_ORDER_STATUSES.includes(key));

/**
 * The whole workflow: every allowed move, who may make it, and through which action.
 * See docs/order-workflow.md for the diagram and the reasons.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  // Payment: Pix with automatic confirmation waits in PROCESSANDO; a failure lands in ERRO.
  { from: S.PROCESSANDO, to: S.AGUARDANDO_ESTOQUISTA, action: 'confirmPayment', permissions: ORDERS },
  { from: S.PROCESSANDO, to: S.ERRO, action: 'failPayment', permissions: ORDERS },
  { from: S.ERRO, to: S.PROCESSANDO, action: 'retryPayment', permissions: ORDERS },
  // Bank transfer or manual Pix: the proof is attached, then an attendant checks it.
  { from: S.AGUARDANDO_COMPROVANTE, to: S.AGUARDANDO_APROVACAO, action: 'attachReceipt', permissions: ORDERS },
  { from: S.AGUARDANDO_APROVACAO, to: S.AGUARDANDO_ESTOQUISTA, action: 'approve', permissions: ORDERS },
  { from: S.AGUARDANDO_APROVACAO, to: S.REPROVADOS, action: 'refuse', permissions: ORDERS },
  // The stocker separates and packs the goods.
  { from: S.AGUARDANDO_ESTOQUISTA, to: S.EM_PREPARACAO, action: 'startPreparation', permissions: STOCK },
  { from: S.EM_PREPARACAO, to: S.AGUARDANDO_MOTOBOY, action: 'readyForCourier', permissions: STOCK },
  { from: S.EM_PREPARACAO, to: S.ENTREGA_IMEDIATA, action: 'readyForFastCourier', permissions: STOCK },
  { from: S.EM_PREPARACAO, to: S.AGUARDANDO_CLIENTE, action: 'readyForPickup', permissions: STOCK },
  // "Retirando": the courier collects the package at the store and leaves.
  { from: S.AGUARDANDO_MOTOBOY, to: S.EM_ENTREGA, action: 'withdraw', permissions: ORDERS },
  { from: S.ENTREGA_IMEDIATA, to: S.EM_ENTREGA_IMEDIATA, action: 'withdraw', permissions: ORDERS },
  { from: S.EM_ENTREGA, to: S.ENTREGUE, action: 'deliver', permissions: ORDERS },
  { from: S.EM_ENTREGA_IMEDIATA, to: S.ENTREGUE, action: 'deliver', permissions: ORDERS },
  // Nobody home: the package comes back to the store and waits for the customer.
  { from: S.EM_ENTREGA, to: S.AGUARDANDO_CLIENTE, action: 'customerAbsent', permissions: ORDERS },
  { from: S.EM_ENTREGA_IMEDIATA, to: S.AGUARDANDO_CLIENTE, action: 'customerAbsent', permissions: ORDERS },
  { from: S.ENTREGUE, to: S.FINALIZADOS, action: 'finalize', permissions: ORDERS },
  { from: S.AGUARDANDO_CLIENTE, to: S.FINALIZADOS, action: 'finalize', permissions: ORDERS },
  ...CANCELLABLE.map((from) => ({ from, to: S.CANCELADO, action: 'cancel' as const, permissions: ORDERS })),
];

/**
 * The status a new order starts in, by how it is paid: cash goes straight to the stocker; Pix with
 * automatic confirmation (company setting) waits for the bank; a transfer or a manual Pix waits for
 * its proof. (Internal selling requires the proof with a transfer, so its checkout records
 * AGUARDANDO_COMPROVANTE and, in the same transaction, attachReceipt to AGUARDANDO_APROVACAO.)
 */
export function initialOrderStatus(payment: PaymentMethod, pixAuto: boolean): OrderStatusKey {
  if (payment === 'CASH') return S.AGUARDANDO_ESTOQUISTA;
  if (payment === 'PIX' && pixAuto) return S.PROCESSANDO;
  return S.AGUARDANDO_COMPROVANTE;
}

export function findTransition(from: number, to: number): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

export function findTransitionByAction(from: number, action: OrderAction): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.action === action);
}

/** True when `held` permissions allow moving an order from `from` to `to`. */
export function canTransition(from: number, to: number, held: readonly string[]): boolean {
  const transition = findTransition(from, to);
  if (!transition) return false;
  return held.includes('full:access') || transition.permissions.some((p) => held.includes(p));
}

export function nextStatuses(from: number): OrderStatusKey[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === from).map((t) => t.to);
}

/** Statuses in which the goods are out of stock on the order's account (stock returns on cancel/refusal). */
export const STOCK_RELEASED_ON: readonly OrderStatusKey[] = [S.CANCELADO, S.REPROVADOS];

export const PAYMENT_METHODS = ['CASH', 'BANK_TRANSFER', 'PIX'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CASH: 'Dinheiro',
  BANK_TRANSFER: 'Depósito',
  PIX: 'Pix',
};

export const DELIVERY_TYPES = { MOTOBOY: 1, PICKUP: 2 } as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[keyof typeof DELIVERY_TYPES];
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = { 1: 'Motoboy', 2: 'Retirada na loja' };

/** Letters and digits that cannot be confused when read aloud or on a phone screen (no 0/O, 1/I/L). */
export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A short order code staff can read aloud, e.g. "K7M-4QP". The caller retries on a (rare) clash. */
export function generateOrderCode(random: () => number = Math.random): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += ORDER_CODE_ALPHABET[Math.floor(random() * ORDER_CODE_ALPHABET.length)];
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}
