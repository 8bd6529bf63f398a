import { EMPLOYEE_FUNCS, type EmployeeFunc } from './employees';
import {
  ORDER_STATUS,
  type OrderAction,
  type OrderEffect,
  type OrderRequirement,
  type OrderStatusKey,
} from './order-status';
import { PERMISSIONS, type PermissionKey } from './permissions';

/**
 * Test fixture (not exported from the package's index; import as `@backoffice/contract/expected-order-moves`):
 * every allowed move of the order workflow, written out by hand from the spec (section 4) and
 * docs/order-workflow.md ("Who may make each move"), never computed from `ORDER_TRANSITIONS`. The
 * conformance tests compare the table and the API with this list, so a wrong entry in the table fails.
 * Change it only together with the documented workflow.
 */
export interface ExpectedOrderMove {
  from: OrderStatusKey;
  action: OrderAction;
  to: OrderStatusKey;
  permissions: readonly PermissionKey[];
  functions: readonly EmployeeFunc[];
  requires: readonly OrderRequirement[];
  does: readonly OrderEffect[];
}

const S = ORDER_STATUS;
const ORDERS = [PERMISSIONS.orders];
const ORDERS_OR_PRODUCTS = [PERMISSIONS.orders, PERMISSIONS.products];
const ATENDENTE = [EMPLOYEE_FUNCS.ATTENDANT];
const ATENDENTE_ESTOQUISTA = [EMPLOYEE_FUNCS.ATTENDANT, EMPLOYEE_FUNCS.STOCKER];
const ATENDENTE_MOTOBOY = [EMPLOYEE_FUNCS.ATTENDANT, EMPLOYEE_FUNCS.DELIVERER];
const SELLERS = [PERMISSIONS.internalSales];
const CREDIT = [PERMISSIONS.credit];
const ANY_FUNCTION = [EMPLOYEE_FUNCS.ATTENDANT, EMPLOYEE_FUNCS.DELIVERER, EMPLOYEE_FUNCS.STOCKER];

function row(
  from: OrderStatusKey,
  action: OrderAction,
  to: OrderStatusKey,
  permissions: readonly PermissionKey[],
  functions: readonly EmployeeFunc[],
  requires: readonly OrderRequirement[] = [],
  does: readonly OrderEffect[] = [],
): ExpectedOrderMove {
  return { from, action, to, permissions, functions, requires, does };
}

const cancelFrom = (from: OrderStatusKey) =>
  row(from, 'cancel', S.CANCELADO, ORDERS, ATENDENTE, ['reason'], ['releaseStock']);

export const EXPECTED_ORDER_MOVES: readonly ExpectedOrderMove[] = [
  // Payment by Pix with automatic confirmation.
  row(S.PROCESSANDO, 'confirmPayment', S.AGUARDANDO_ESTOQUISTA, ORDERS, ATENDENTE),
  row(S.PROCESSANDO, 'failPayment', S.ERRO, ORDERS, ATENDENTE),
  row(S.ERRO, 'retryPayment', S.PROCESSANDO, ORDERS, ATENDENTE),
  // Transfer or manual Pix: the proof, then its check.
  row(
    S.AGUARDANDO_COMPROVANTE,
    'attachReceipt',
    S.AGUARDANDO_APROVACAO,
    ORDERS,
    ATENDENTE,
    ['receipt'],
    ['storeReceipt'],
  ),
  row(S.AGUARDANDO_APROVACAO, 'approve', S.AGUARDANDO_ESTOQUISTA, ORDERS, ATENDENTE),
  // A Pix received from the bank for exactly the order's total, before any proof came.
  row(S.AGUARDANDO_COMPROVANTE, 'confirmPix', S.AGUARDANDO_ESTOQUISTA, ORDERS, ATENDENTE, ['pixReceived']),
  row(S.AGUARDANDO_APROVACAO, 'refuse', S.REPROVADOS, ORDERS, ATENDENTE, [], ['releaseStock']),
  // A sale on credit above the limit or of a customer late (issue 40 §1): 'Crédito e cobrança' decides, any
  // function, the reason recorded either way.
  row(S.AGUARDANDO_APROVACAO_CREDITO, 'approveCredit', S.AGUARDANDO_ESTOQUISTA, CREDIT, ANY_FUNCTION, ['reason']),
  row(S.AGUARDANDO_APROVACAO_CREDITO, 'refuseCredit', S.REPROVADOS, CREDIT, ANY_FUNCTION, ['reason'], ['releaseStock']),
  // Separating and packing.
  row(
    S.AGUARDANDO_ESTOQUISTA,
    'startPreparation',
    S.EM_PREPARACAO,
    ORDERS_OR_PRODUCTS,
    ATENDENTE_ESTOQUISTA,
    [],
    ['setStocker'],
  ),
  row(
    S.EM_PREPARACAO,
    'readyForCourier',
    S.AGUARDANDO_MOTOBOY,
    ORDERS_OR_PRODUCTS,
    ATENDENTE_ESTOQUISTA,
    ['packagingPhotos', 'matchingDelivery'],
    ['storePackagingPhotos', 'takeUnits'],
  ),
  row(
    S.EM_PREPARACAO,
    'readyForFastCourier',
    S.ENTREGA_IMEDIATA,
    ORDERS_OR_PRODUCTS,
    ATENDENTE_ESTOQUISTA,
    ['packagingPhotos', 'matchingDelivery'],
    ['storePackagingPhotos', 'takeUnits'],
  ),
  row(
    S.EM_PREPARACAO,
    'readyForPickup',
    S.AGUARDANDO_CLIENTE,
    ORDERS_OR_PRODUCTS,
    ATENDENTE_ESTOQUISTA,
    ['packagingPhotos', 'matchingDelivery'],
    ['storePackagingPhotos', 'takeUnits'],
  ),
  // Collecting ("retirando"), delivering, nobody home.
  row(
    S.AGUARDANDO_MOTOBOY,
    'withdraw',
    S.EM_ENTREGA,
    ORDERS,
    ATENDENTE_MOTOBOY,
    ['deliverer', 'ownDelivery'],
    ['setDeliverer'],
  ),
  row(
    S.ENTREGA_IMEDIATA,
    'withdraw',
    S.EM_ENTREGA_IMEDIATA,
    ORDERS,
    ATENDENTE_MOTOBOY,
    ['deliverer', 'ownDelivery'],
    ['setDeliverer'],
  ),
  row(S.EM_ENTREGA, 'deliver', S.ENTREGUE, ORDERS, ATENDENTE_MOTOBOY, ['signature', 'ownDelivery'], ['storeSignature']),
  row(
    S.EM_ENTREGA_IMEDIATA,
    'deliver',
    S.ENTREGUE,
    ORDERS,
    ATENDENTE_MOTOBOY,
    ['signature', 'ownDelivery'],
    ['storeSignature'],
  ),
  row(S.EM_ENTREGA, 'customerAbsent', S.AGUARDANDO_CLIENTE, ORDERS, ATENDENTE_MOTOBOY, ['ownDelivery']),
  row(S.EM_ENTREGA_IMEDIATA, 'customerAbsent', S.AGUARDANDO_CLIENTE, ORDERS, ATENDENTE_MOTOBOY, ['ownDelivery']),
  // Closing.
  row(S.ENTREGUE, 'finalize', S.FINALIZADOS, ORDERS, ATENDENTE, [], ['setFinishedAt']),
  row(S.AGUARDANDO_CLIENTE, 'finalize', S.FINALIZADOS, ORDERS, ATENDENTE, [], ['setFinishedAt']),
  // Cancelling, with a reason, from each of the thirteen statuses that are not final (not CANCELADO,
  // REPROVADOS or FINALIZADOS).
  cancelFrom(S.AGUARDANDO_ESTOQUISTA),
  cancelFrom(S.EM_PREPARACAO),
  cancelFrom(S.AGUARDANDO_MOTOBOY),
  cancelFrom(S.EM_ENTREGA),
  cancelFrom(S.ENTREGUE),
  cancelFrom(S.AGUARDANDO_CLIENTE),
  cancelFrom(S.ERRO),
  cancelFrom(S.PROCESSANDO),
  cancelFrom(S.AGUARDANDO_COMPROVANTE),
  cancelFrom(S.AGUARDANDO_APROVACAO),
  cancelFrom(S.ENTREGA_IMEDIATA),
  cancelFrom(S.EM_ENTREGA_IMEDIATA),
  cancelFrom(S.AGUARDANDO_APROVACAO_CREDITO),
  // The payment method changed by 'Editar pedido' before separation (decision 0044), only there: a seller
  // (internal sales), any function. Cash/card on delivery ↔ Pix (automatic: Processando; manual: comprovante).
  row(S.AGUARDANDO_ESTOQUISTA, 'changePayment', S.PROCESSANDO, SELLERS, ANY_FUNCTION, ['newPayment']),
  row(S.PROCESSANDO, 'changePayment', S.AGUARDANDO_ESTOQUISTA, SELLERS, ANY_FUNCTION, ['newPayment']),
  row(S.AGUARDANDO_ESTOQUISTA, 'changePayment', S.AGUARDANDO_COMPROVANTE, SELLERS, ANY_FUNCTION, ['newPayment']),
  row(S.AGUARDANDO_COMPROVANTE, 'changePayment', S.AGUARDANDO_ESTOQUISTA, SELLERS, ANY_FUNCTION, ['newPayment']),
  // A repair's bill once paid goes on to the counter (decision 0060): the system's move, nobody's button.
  row(S.AGUARDANDO_ESTOQUISTA, 'awaitPickup', S.AGUARDANDO_CLIENTE, [], [], ['nothingToPack']),
];

/** The expected move of `action` from `status`, or undefined when the workflow has none. */
export function expectedOrderMove(status: number, action: OrderAction): ExpectedOrderMove | undefined {
  return EXPECTED_ORDER_MOVES.find((move) => move.from === status && move.action === action);
}
