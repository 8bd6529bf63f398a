import { z } from 'zod';
import { calendarDaySchema } from './calendar-day';
import { idSchema } from './ids';
import { hasTwoDecimals } from './money';
import { PAYMENT_METHODS } from './order-status';
import { pagedSchema } from './paging';

/**
 * Courier runs (issue 19): the dispatch board of the fixed departures, a run per courier and departure, and
 * the courier's cash settlement. Money is in reais with two decimals at the edge (integer cents inside).
 */

export const DISPATCH_TEXTS = {
  dateInvalid: 'Data inválida: use AAAA-MM-DD.',
  departureInvalid: 'Horário de saída inválido: escolha uma das saídas dos motoboys.',
  departurePast: 'Esta saída já passou: escolha uma próxima.',
  courierInvalid: 'O funcionário escolhido não é um motoboy ativo.',
  ordersRequired: 'Escolha ao menos um pedido.',
  orderNotWaiting: (code: string) => `O pedido ${code} não está aguardando motoboy.`,
  orderInRun: (code: string) => `O pedido ${code} já está na rota de outro motoboy.`,
  orderNotFound: 'Pedido não encontrado.',
  runNotFound: 'Rota não encontrada.',
  runOrderOut: (code: string) => `O pedido ${code} ainda não foi entregue nem devolvido à loja.`,
  runSettled: 'Esta rota já foi acertada.',
  differenceNoteRequired: 'Explique a diferença entre o dinheiro esperado e o entregue.',
  declaredCashInvalid: 'Informe o dinheiro entregue pelo motoboy.',
  couriersOnly: 'Motoboys não montam rotas: use "Minhas tarefas".',
} as const;

export const dispatchDateSchema = calendarDaySchema(DISPATCH_TEXTS.dateInvalid);

/** An order on the board or in a run. */
export const dispatchOrderSchema = z.object({
  orderId: z.number(),
  code: z.string(),
  customer: z.string(),
  phone: z.string().nullable(),
  neighborhood: z.string().nullable(),
  address: z.string().nullable(),
  itemsCount: z.number(),
  payment: z.string(),
  /** How it is paid: the run sheet's payment line reads it (`courierPaymentLine`, payment-due.ts). */
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  /** What the courier collects at the door: a cash order's total less its paid parts, else 0 (`amountToCollect`). */
  cashToCollect: z.number(),
  /**
   * A card charged at the door ('Levar maquininha', issue 38) and its amount: the total less the parts already
   * paid (`dueAtHandoverCents`).
   */
  cardOnDelivery: z.boolean().optional(),
  cardToCollect: z.number().optional(),
  /** 'Troco para': the note the customer pays with, or null; the courier brings `changeFor − cashToCollect`. */
  changeFor: z.number().nullable(),
  status: z.number(),
  fastDelivery: z.boolean(),
  packedAt: z.string(),
  /** Packed for a departure that has already left. */
  late: z.boolean(),
  /** Who received it, once delivered (decision 0039): the run sheet's 'Recebido por'. */
  receivedBy: z.object({ name: z.string(), document: z.string().nullable() }).nullable().optional(),
});
export type DispatchOrder = z.infer<typeof dispatchOrderSchema>;

export const courierRunSchema = z.object({
  id: z.number(),
  departureAt: z.string(),
  deliverer: z.object({ id: z.number(), name: z.string() }),
  orders: z.array(dispatchOrderSchema),
  cashToCollect: z.number(),
  settledAt: z.string().nullable(),
});
export type CourierRun = z.infer<typeof courierRunSchema>;

export const departureSchema = z.object({
  /** null: the immediate deliveries, which do not wait for a departure (always first). */
  departureAt: z.string().nullable(),
  orders: z.array(dispatchOrderSchema),
  runs: z.array(courierRunSchema),
});
export const departuresSchema = z.object({ data: z.array(departureSchema) });
export type Departure = z.infer<typeof departureSchema>;

/**
 * The board at a shop's size (issue 36): what the screen shows first, without any order's row. Each departure
 * of the day (the immediate deliveries first, `departureAt: null`) with how many orders wait for it, how many
 * of them are late, the cash to collect from them, and its runs (their orders by code only).
 */
export const runSummarySchema = z.object({
  id: z.number(),
  departureAt: z.string(),
  deliverer: z.object({ id: z.number(), name: z.string() }),
  ordersCount: z.number().int(),
  /** The codes of its orders, in the run's order. */
  codes: z.array(z.string()),
  cashToCollect: z.number(),
  settledAt: z.string().nullable(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const departureSummarySchema = z.object({
  departureAt: z.string().nullable(),
  ordersCount: z.number().int(),
  lateCount: z.number().int(),
  cashToCollect: z.number(),
  runs: z.array(runSummarySchema),
});
export type DepartureSummary = z.infer<typeof departureSummarySchema>;
export const boardSummarySchema = z.object({ data: z.array(departureSummarySchema) });

/** Rows a page of a departure's orders on the board, unless asked otherwise (1 to 100). */
export const BOARD_PAGE_SIZE = 50;

/** GET /dispatch/board/orders: a departure (`immediate`, or the instant of one of the schedule), a page of it. */
export const boardOrdersQuerySchema = z.object({
  departure: z.union(
    [z.literal('immediate'), z.iso.datetime({ offset: true, error: DISPATCH_TEXTS.departureInvalid })],
    {
      error: DISPATCH_TEXTS.departureInvalid,
    },
  ),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  items: z.coerce.number().int().min(1).max(100).default(BOARD_PAGE_SIZE),
});
export const boardOrdersSchema = pagedSchema(dispatchOrderSchema);

export const createRunBodySchema = z.strictObject({
  departureAt: z.iso.datetime({ offset: true, error: DISPATCH_TEXTS.departureInvalid }),
  delivererId: idSchema(DISPATCH_TEXTS.courierInvalid),
  orderIds: z.array(idSchema(DISPATCH_TEXTS.orderNotFound)).min(1, DISPATCH_TEXTS.ordersRequired).max(100),
});
export type CreateRunBody = z.infer<typeof createRunBodySchema>;

/** Cash typed the Brazilian way reaches the API as a number with at most two decimals. */
const money = z
  .number({ error: DISPATCH_TEXTS.declaredCashInvalid })
  .min(0, DISPATCH_TEXTS.declaredCashInvalid)
  .max(1_000_000, DISPATCH_TEXTS.declaredCashInvalid)
  .refine(hasTwoDecimals, DISPATCH_TEXTS.declaredCashInvalid);

export const settlementBodySchema = z.strictObject({
  declaredCash: money,
  note: z.string().trim().max(500).optional(),
  /**
   * The register the declared cash goes into (decision 0053): it must be the one the caller has open. Absent,
   * the cash lands in the caller's open register, if any.
   */
  cashRegisterId: z.number().int().positive().optional(),
});

export const settlementSchema = z.object({
  runId: z.number(),
  expectedCash: z.number(),
  declaredCash: z.number(),
  /** declared − expected: negative when cash is missing. */
  difference: z.number(),
  note: z.string().nullable(),
  settledAt: z.string(),
  settledBy: z.object({ id: z.number(), name: z.string() }),
  delivered: z.number(),
  broughtBack: z.number(),
  /** The register the declared cash went into (decision 0053), null when none was open. */
  cashRegister: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
});
export type Settlement = z.infer<typeof settlementSchema>;

export const settlementsQuerySchema = z.object({
  start: dispatchDateSchema,
  end: dispatchDateSchema,
  delivererId: z.coerce.number().int().positive().optional(),
  /** A page of the period's settlements (from 0), `items` a page (1 to 100, 20 unless told). */
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  items: z.coerce.number().int().min(1).max(100).default(20),
});
/** The period's settlements, a page at a time; `total` and `totals` are the whole period's. */
export const settlementsSchema = z.object({
  data: z.array(
    settlementSchema.extend({ deliverer: z.object({ id: z.number(), name: z.string() }), departureAt: z.string() }),
  ),
  total: z.number().int(),
  totals: z.object({ expectedCash: z.number(), declaredCash: z.number(), difference: z.number() }),
});
