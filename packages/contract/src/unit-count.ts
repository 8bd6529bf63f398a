import { z } from 'zod';
import { MAX_IMEIS_PER_CHECK, UNIT_STATUSES } from './imei';

/** Texts of the shelf count of a serialized product (issue 17 §2). */
export const UNIT_COUNT_TEXTS = {
  /** A product that does not control IMEI is counted by quantity (PATCH /products/inventory/{code}). */
  notSerialized: (product: string) =>
    `${product} não controla IMEI: registre a contagem pela quantidade (PATCH /products/inventory/{code}).`,
  /**
   * Writing off the missing units would leave fewer units than the unpacked orders hold (409): those
   * orders would have no phone to pack (decision 0010).
   */
  heldByOrders: (product: string, held: number, left: number) =>
    `A contagem deixaria ${left} ${left === 1 ? 'unidade' : 'unidades'} de ${product}, mas ${held} ${
      held === 1 ? 'está reservada' : 'estão reservadas'
    } por pedidos ainda não embalados. Embale ou cancele esses pedidos, ou confira a contagem.`,
  /** The note of the INVENTORY ledger row. */
  note: (imeis: ReadonlyArray<string>) => `Contagem por IMEI: baixados ${imeis.join(', ')}`,
  imeisRequired: 'Informe ao menos um IMEI lido na prateleira.',
} as const;

/** Body of POST /products/{code}/count-units: the IMEIs read on the shelf (scanned, typed or pasted). */
export const unitCountBodySchema = z.strictObject({
  imeis: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{1,32}$/, 'IMEI deve conter apenas dígitos.'),
    )
    .max(MAX_IMEIS_PER_CHECK, `No máximo ${MAX_IMEIS_PER_CHECK} IMEIs por contagem.`),
});
export type UnitCountBody = z.infer<typeof unitCountBodySchema>;

/** Query of POST /products/{code}/count-units: `dryRun=true` answers what the count finds and writes nothing. */
export const unitCountQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});

/**
 * What a shelf count found: the units in stock in the system that were not read (missing), the codes read
 * that are not an in-stock unit of this product (unknown: invalid, unregistered, or registered elsewhere,
 * said), and the stock before and after writing the missing ones off. `written` is false on a dry run.
 */
export const unitCountResultSchema = z.object({
  product: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  dryRun: z.boolean(),
  /** The count was written: the missing units are WRITTEN_OFF and the ledger row names them. */
  written: z.boolean(),
  /** Units in stock in the system before the count (on the shelf, some held by unpacked orders). */
  unitsInStock: z.number().int(),
  /** Units held by orders not yet packed (decision 0010): in stock, not in the stock figure. */
  heldByOrders: z.number().int(),
  /** Units read that are in stock for this product. */
  found: z.number().int(),
  missing: z.array(z.object({ imei: z.string(), imei2: z.string().nullable() })),
  unknown: z.array(
    z.object({
      imei: z.string(),
      /** The check digit holds. */
      valid: z.boolean(),
      /** The unit this IMEI belongs to, if registered (another product, or this one sold/returned/written off). */
      registered: z
        .object({ productCode: z.string(), productName: z.string(), status: z.enum(UNIT_STATUSES) })
        .nullable(),
    }),
  ),
  stockBefore: z.number().int(),
  stockAfter: z.number().int(),
});
export type UnitCountResult = z.infer<typeof unitCountResultSchema>;
