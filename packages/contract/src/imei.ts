import { z } from 'zod';
import { labelledValues } from './labelled-values';
import { PERMISSIONS } from './permissions';

/**
 * Who may read a phone by its IMEI (GET /units/{imei}, the units in analysis, the palette's IMEI search): the
 * stock (products) and the desk (orders: the attendant who registers exchanges and returns).
 */
export const UNIT_READ_PERMISSIONS = [PERMISSIONS.products, PERMISSIONS.orders] as const;

/** Texts of serialized products (shared: the web shows them as the server sends them). */
export const IMEI_TEXTS = {
  /** 'IMEI inválido: {imei} (dígito verificador não confere).' — one per bad IMEI (400 INVALID_IMEI). */
  invalid: (imei: string) => `IMEI inválido: ${imei} (dígito verificador não confere).`,
  /** 409 IMEI_DUPLICATE: the IMEI is already registered, naming the product it belongs to. */
  duplicate: (imei: string, productName: string) => `IMEI já cadastrado: ${imei} (${productName}).`,
  /** The IMEI was registered by another entry at the same moment. */
  registeredMeanwhile: (imei: string) => `IMEI já cadastrado: ${imei} (registrado agora por outra entrada).`,
  /** A unit's IMEI twice in one list. */
  repeated: (imeis: ReadonlyArray<string>) => `IMEI repetido na lista: ${imeis.join(', ')}.`,
  /** Units given for a product that is not serialized. */
  notSerialized: (product: string) => `${product} não controla IMEI: informe só a quantidade.`,
  /** A serialized product's stock moves only by its units. */
  unitsRequired: (product: string) => `${product} controla IMEI: informe as unidades (IMEI) movimentadas.`,
  /** The quantity of a serialized product is the count of its units. */
  unitsCount: (product: string, quantity: number, units: number) =>
    `${product} controla IMEI: a quantidade (${quantity}) deve ser o número de IMEIs informados (${units}).`,
  /** Packing: one IMEI per unit of each serialized line. */
  packUnitsCount: (product: string, quantity: number, given: number) =>
    `${product}: o pedido leva ${quantity} ${quantity === 1 ? 'unidade' : 'unidades'}; informe um IMEI por unidade (informados: ${given}).`,
  /** Packing: an IMEI no unit has. */
  unitUnknown: (imei: string) => `IMEI não cadastrado: ${imei}.`,
  /** Packing: the unit is of another product than the line it was given for. */
  unitOfAnotherProduct: (imei: string, product: string) => `O IMEI ${imei} é de outro produto (${product}).`,
  /** Packing: the unit went to another order (409). */
  unitInAnotherOrder: (imei: string, code: string) => `O IMEI ${imei} já está no pedido ${code}.`,
  /** Packing: the unit is not in stock (came back, written off). */
  unitNotInStock: (imei: string, status: string) => `O IMEI ${imei} não está em estoque (${status}).`,
  /** Packing: units for a product the order does not carry, or that does not control IMEI. */
  unitNotInOrder: (product: string) => `${product} não está neste pedido ou não controla IMEI.`,
  /** The field's label on a product ('Controla IMEI'). */
  serializedLabel: 'Controla IMEI',
} as const;

/** What a ledger row did to a unit it names, when it says so (stock_movement_units.event). */
export const UNIT_EVENTS = ['RETURNED', 'RELEASED', 'WRITTEN_OFF', 'SUPPLIER_RETURN', 'TRADED_IN'] as const;
export type UnitEvent = (typeof UNIT_EVENTS)[number];

/** Status of a unit (one phone): em estoque, vendido, devolvido/em análise, baixado. */
export const UNIT_STATUS_LABELS = {
  IN_STOCK: 'Em estoque',
  SOLD: 'Vendido',
  RETURNED: 'Devolvido/em análise',
  WRITTEN_OFF: 'Baixado',
  /** A seminovo taken in (issue 42 §1): not for sale until it is checked and released. */
  PREPARING: 'Em preparação',
};
export const UNIT_STATUSES = labelledValues(UNIT_STATUS_LABELS);
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** The Luhn check digit of a run of digits (the digit that makes the whole number pass Luhn). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // From the right of the body: the rightmost body digit is doubled (the check digit will sit after it).
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** An IMEI: 15 digits whose last is the Luhn check digit of the first 14. */
export function isValidImei(imei: string): boolean {
  return /^\d{15}$/.test(imei) && luhnCheckDigit(imei.slice(0, 14)) === Number(imei[14]);
}

/** The IMEIs of a list that are not valid, in the order given, each once. */
export function invalidImeis(imeis: ReadonlyArray<string>): string[] {
  return [...new Set(imeis.filter((imei) => !isValidImei(imei)))];
}

/**
 * A unit as typed, pasted or scanned: its IMEI and, for dual-SIM phones, the second. Only the shape is
 * checked here (digits); the check digit is verified by the server so that every bad IMEI is named at
 * once (400 INVALID_IMEI) instead of one schema error each.
 */
export const unitInputSchema = z.object({
  imei: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/, 'IMEI deve conter apenas dígitos.'),
  imei2: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/, 'IMEI deve conter apenas dígitos.')
    .optional(),
});
export type UnitInput = z.infer<typeof unitInputSchema>;

/** The most IMEIs one check takes (a stock entry's units). */
export const MAX_IMEIS_PER_CHECK = 1000;

/** Body of POST /units/check: the IMEIs typed, pasted or scanned, before they are sent with an entry. */
export const unitCheckBodySchema = z.strictObject({
  imeis: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{1,32}$/, 'IMEI deve conter apenas dígitos.'),
    )
    .min(1, 'Informe ao menos um IMEI.')
    .max(MAX_IMEIS_PER_CHECK, `No máximo ${MAX_IMEIS_PER_CHECK} IMEIs por consulta.`),
});
export type UnitCheckBody = z.infer<typeof unitCheckBodySchema>;

/**
 * One IMEI checked: whether its check digit holds, and the unit it is registered to (first or second IMEI
 * of a phone), if any: a unit that came back (RETURNED) may be entered again for its own product.
 */
export const unitCheckSchema = z.object({
  imei: z.string(),
  valid: z.boolean(),
  registered: z
    .object({
      productId: z.number().int(),
      productCode: z.string(),
      productName: z.string(),
      status: z.enum(UNIT_STATUSES),
    })
    .nullable(),
});
export type UnitCheck = z.infer<typeof unitCheckSchema>;

/** A unit named when an order is packed: the line's product and the unit's IMEI (first or second). */
export const packUnitSchema = z.strictObject({
  productId: z.number().int().positive(),
  imei: z
    .string()
    .trim()
    .regex(/^\d{15}$/, 'IMEI deve ter 15 dígitos.'),
});
export type PackUnit = z.infer<typeof packUnitSchema>;

/** GET /units/{imei}: no unit has this IMEI (first or second). */
export const UNIT_TEXTS = {
  notFound: 'Nenhum aparelho cadastrado com este IMEI.',
  delivered: 'Entregue ao cliente',
  /** The supplier and note a unit came by ('Entrada por XML'). */
  fromSupplier: (supplier: string, number: string, series: string) => `${supplier} · NF-e ${number}/${series}`,
  /** A repair of ours handed back (issue 42 §2): its service order's number. */
  repairDelivered: (number: number) => `Reparo entregue ao cliente (OS ${number})`,
  /** What a ledger row did to a unit, by the row's kind. */
  events: {
    PURCHASE: 'Entrada no estoque',
    SALE: 'Vendido',
    CANCELLATION: 'De volta ao estoque (pedido cancelado)',
    RETURN: 'Devolvido pelo cliente',
    EXCHANGE: 'Trocado',
    INVENTORY: 'Inventário',
    // A serialized stock is never edited: its only ADJUSTMENT row is the product's initial stock.
    ADJUSTMENT: 'Estoque inicial (cadastro do produto)',
    IMPORT: 'Importação de planilha',
    TRADE_IN: 'Liberado para venda (seminovo recebido como usado)',
    // A part is never a phone (a serialized product is refused as a repair part): here for the kinds' record.
    REPAIR: 'Peças de assistência técnica',
  },
  /** What a ledger row did to a unit when it says so (exchanges and returns, decision 0012): wins over the kind. */
  unitEvents: {
    RETURNED: 'Devolvido pelo cliente (em análise)',
    RELEASED: 'Liberado para o estoque (após análise)',
    WRITTEN_OFF: 'Baixado (após análise)',
    /** Sent back to its supplier (issue 39 §4): written off, its credit in 'Contas a pagar'. */
    SUPPLIER_RETURN: 'Devolvido ao fornecedor',
    /** A used phone taken in (issue 42 §1): a seminovo in preparation, not yet for sale. */
    TRADED_IN: 'Recebido como usado (em preparação)',
  },
} as const;

/** Months an order's paid extended warranty ('Garantia' at checkout) adds to the product's (decision 0011). */
export const EXTENDED_WARRANTY_MONTHS = 12;

/** One phone by its IMEI: where it is, whose it is, how long its warranty lasts, and what happened to it. */
/** GET /units/in-analysis: a page of the phones that came back and wait for a stocker's verdict. */
export const unitsInAnalysisQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  items: z.coerce.number().int().min(1).max(100).default(20),
});
export const unitInAnalysisSchema = z.object({
  imei: z.string(),
  imei2: z.string().nullable(),
  product: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  order: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When it came back (its last return or exchange). */
  returnedAt: z.string(),
});
export type UnitInAnalysis = z.infer<typeof unitInAnalysisSchema>;
export const unitsInAnalysisSchema = z.object({ data: z.array(unitInAnalysisSchema), total: z.number().int() });

export const unitSchema = z.object({
  imei: z.string(),
  imei2: z.string().nullable(),
  product: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  status: z.enum(UNIT_STATUSES),
  order: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  soldAt: z.iso.datetime().nullable(),
  /** The signature's time; a store pickup: when the order was finalized at the counter. */
  deliveredAt: z.iso.datetime().nullable(),
  /** deliveredAt + the product's warranty months (+ 12 with the order's extended warranty). */
  warrantyEndsAt: z.iso.datetime().nullable(),
  /** Whole days left (0 once over); null before delivery. */
  warrantyDaysLeft: z.number().int().nullable(),
  history: z.array(
    z.object({
      event: z.string(),
      at: z.iso.datetime(),
      employee: z.string().nullable(),
      orderCode: z.string().nullable(),
      /** The supplier and note of an entry by XML: 'DISTRIBUIDORA … · NF-e 4512/1' (issue 57 §8). */
      from: z.string().nullable().optional(),
    }),
  ),
  /**
   * The phone's repairs at our counter (issue 42 §2), oldest first: each service order's number and status, and
   * the repair warranty a delivered one gives (its own, beside the sale's).
   */
  repairs: z
    .array(
      z.object({
        id: z.number().int(),
        number: z.number().int(),
        status: z.string(),
        deliveredAt: z.iso.datetime().nullable(),
        warrantyEndsAt: z.iso.datetime().nullable(),
        warrantyDaysLeft: z.number().int().nullable(),
      }),
    )
    .optional(),
});
export type Unit = z.infer<typeof unitSchema>;
