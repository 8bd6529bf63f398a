import { labelledValues } from './labelled-values';
import { type OrderStatusKey, ORDER_STATUS as S } from './order-status';

/** The stages an owner thinks in: each groups the status cards of one part of an order's life. */
export const ORDER_STAGE_LABELS = {
  pagamento: 'Pagamento',
  separacao: 'Separação',
  entrega: 'Entrega',
  concluidos: 'Concluídos',
  cancelados: 'Cancelados',
};
export const ORDER_STAGES = labelledValues(ORDER_STAGE_LABELS);
export type OrderStage = (typeof ORDER_STAGES)[number];

/**
 * The statuses of each stage, in the order the cards show them (the workflow's order). Every status is in
 * exactly one stage (order-status.test.ts checks it).
 */
export const ORDER_STAGE_STATUSES: Record<OrderStage, readonly OrderStatusKey[]> = {
  pagamento: [S.PROCESSANDO, S.ERRO, S.AGUARDANDO_COMPROVANTE, S.AGUARDANDO_APROVACAO, S.AGUARDANDO_APROVACAO_CREDITO],
  separacao: [S.AGUARDANDO_ESTOQUISTA, S.EM_PREPARACAO],
  entrega: [
    S.AGUARDANDO_MOTOBOY,
    S.ENTREGA_IMEDIATA,
    S.EM_ENTREGA,
    S.EM_ENTREGA_IMEDIATA,
    S.AGUARDANDO_CLIENTE,
    S.ENTREGUE,
  ],
  concluidos: [S.FINALIZADOS],
  cancelados: [S.CANCELADO, S.REPROVADOS],
};

/** The stage a status belongs to. */
export function orderStageOf(status: number): OrderStage | undefined {
  return ORDER_STAGES.find((stage) => (ORDER_STAGE_STATUSES[stage] as readonly number[]).includes(status));
}
