import { z } from 'zod';

/** The command palette's search (issue 20 §2): one query over the records an employee may read. */
export const SEARCH_KINDS = ['order', 'unit', 'customer', 'product', 'employee'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_LIMITS = { minLength: 2, maxLength: 100, defaultLimit: 10, maxLimit: 30 } as const;

export const SEARCH_TEXTS = {
  tooShort: `Digite ao menos ${SEARCH_LIMITS.minLength} caracteres para pesquisar.`,
  tooLong: `A pesquisa aceita até ${SEARCH_LIMITS.maxLength} caracteres.`,
  limitInvalid: `Informe um limite de 1 a ${SEARCH_LIMITS.maxLimit} resultados.`,
} as const;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_TEXTS.tooShort })
    .trim()
    .min(SEARCH_LIMITS.minLength, SEARCH_TEXTS.tooShort)
    .max(SEARCH_LIMITS.maxLength, SEARCH_TEXTS.tooLong)
    .describe(`O que procurar (de ${SEARCH_LIMITS.minLength} a ${SEARCH_LIMITS.maxLength} caracteres)`),
  limit: z.coerce
    .number({ error: SEARCH_TEXTS.limitInvalid })
    .int(SEARCH_TEXTS.limitInvalid)
    .min(1, SEARCH_TEXTS.limitInvalid)
    .max(SEARCH_LIMITS.maxLimit, SEARCH_TEXTS.limitInvalid)
    .default(SEARCH_LIMITS.defaultLimit)
    .describe(`Quantos resultados no máximo (1–${SEARCH_LIMITS.maxLimit}, padrão ${SEARCH_LIMITS.defaultLimit})`),
});

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The record's id: the order's, customer's, product's or employee's; the unit's first IMEI. */
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /**
   * Where the web app opens the record (e.g. /admin/orders?order=12, /admin/products?imei=…); null: no page
   * of the employee's shows it (a phone in stock, to someone who reads phones only through orders).
   */
  link: z.string().nullable(),
  /**
   * A thing to do with the record straight from the result, when the employee may (a sold phone's
   * 'Registrar troca', issue 35 §3): its label and where it opens.
   */
  action: z.object({ label: z.string(), link: z.string() }).optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The links the results open: each page opens the record's dialog from them. */
export const SEARCH_LINKS = {
  order: (id: number) => `/admin/orders?order=${id}`,
  /** By e-mail: the customers screen reads a customer's details by it (GET /administrator/customer/{email}). */
  customer: (email: string) => `/admin/customers?customer=${encodeURIComponent(email)}`,
  product: (code: string) => `/admin/products?code=${encodeURIComponent(code)}`,
  unit: (imei: string) => `/admin/products?imei=${imei}`,
  /** An order's details with its exchange ('Registrar troca') open over them. */
  orderExchange: (id: number) => `/admin/orders?order=${id}&adjust=exchange`,
  employee: (id: number) => `/admin/employees?employee=${id}`,
} as const;
