import { z } from 'zod';
import { customerSchema } from './customers';

/**
 * LGPD (Lei 13.709/2018) requests of a customer, for administrators: everything held about the person as a
 * JSON file (art. 18 II, access), and anonymisation (art. 18 IV) that keeps orders, amounts and the stock
 * ledger for the accounting records the law requires (art. 16 I). Decision 0016.
 */
export const CUSTOMER_PRIVACY_TEXTS = {
  openOrders: (codes: readonly string[]) =>
    `O cliente tem pedidos em andamento (${codes.join(', ')}): conclua-os ou cancele-os antes de anonimizar os dados.`,
  alreadyAnonymised: 'Os dados deste cliente já foram anonimizados.',
  /** The name an anonymised customer keeps in orders and reports: tells two of them apart, names nobody. */
  anonymisedName: (id: number) => `Cliente anonimizado ${id}`,
  /** The block note of an anonymised customer. */
  anonymisedNote: 'Dados anonimizados a pedido do titular (LGPD).',
} as const;

/** The e-mail an anonymised customer keeps: unique (the id), undeliverable (the reserved `.invalid` TLD). */
export const anonymisedEmail = (id: number) => `anonimizado-${id}@anonimizado.invalid`;

/** True for a customer whose data were anonymised (its e-mail is the anonymised one). */
export const isAnonymisedEmail = (id: number, email: string) => email.toLowerCase() === anonymisedEmail(id);

const money = z.number().describe('Reais, duas casas decimais');
const isoDate = z.string().describe('Data e hora ISO 8601 (UTC)');

export const customerDataExportSchema = z.object({
  exportedAt: isoDate,
  /** The customer as every list answers it, with the status by its Portuguese name and when he was approved. */
  customer: customerSchema.extend({ status: z.string(), approvedAt: isoDate.nullable() }),
  orders: z.array(
    z.object({
      code: z.string(),
      createdAt: isoDate,
      status: z.string(),
      deliveryType: z.string(),
      paymentMethod: z.string(),
      neighborhood: z.string().nullable(),
      comments: z.string().nullable(),
      itemsTotal: money,
      shippingCost: money,
      fastDeliveryTax: money,
      warranty: money,
      discount: money,
      total: money,
      items: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          quantity: z.number().int(),
          unitPrice: money,
          total: money,
          imeis: z.array(z.string()).optional(),
        }),
      ),
      pixReceived: z.array(z.object({ amount: money, paidAt: isoDate, payer: z.string().nullable() })),
    }),
  ),
  signIns: z.array(isoDate),
  searches: z.array(z.object({ term: z.string(), at: isoDate })),
  productViews: z.array(z.object({ code: z.string(), name: z.string(), at: isoDate })),
  cart: z.array(z.object({ code: z.string(), name: z.string(), quantity: z.number().int(), addedAt: isoDate })),
  recordChanges: z.array(z.object({ at: isoDate, action: z.string() })),
});
export type CustomerDataExport = z.infer<typeof customerDataExportSchema>;
