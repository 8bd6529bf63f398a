import { z } from 'zod';
import { productFiscalFields } from './fiscal';
import { barcodeSchema } from './gtin';
import { idSchema } from './ids';
import { unitInputSchema } from './imei';
import { labelledValues } from './labelled-values';
import { hasTwoDecimals } from './money';
import { pagedSchema } from './paging';
import { PERIOD_TEXTS } from './period';

/** Messages of the product domain (sections 5 and 8 of the spec, plus the server's own refusals). */
export const PRODUCT_TEXTS = {
  nameRequired: 'Informe o nome do produto',
  brandRequired: 'Informe a marca do produto',
  sellPriceRequired: 'Informe o preço de venda',
  costRequired: 'Informe o preço do produto',
  percentageRange: 'Informe o percentual de 0 a 100',
  stockRequired: 'Informe a quantidade do produto em estoque',
  stockEntryPositive: 'A quantidade de entrada deve ser maior que zero.',
  stockAlertRange: 'O alerta de estoque deve estar entre 0 e 10000.',
  warrantyMonthsRange: 'A garantia deve ter de 3 a 120 meses (o mínimo legal é de 90 dias).',
  serializedChangeNeedsZeroStock: "Só é possível mudar 'Controla IMEI' com o estoque zerado.",
  gradeOnlyUsed: 'Só um produto seminovo tem grau (A, B ou C).',
  twoDecimals: 'Informe um valor com no máximo duas casas decimais.',
  priceTooHigh: 'O valor máximo é R$ 1.000.000,00.',
  /** A price below zero says so (issue 35 §10: it said 'Informe o preço de venda', as if nothing were typed). */
  priceNegative: 'O preço não pode ser negativo.',
  stockNegative: 'A quantidade não pode ser negativa.',
  stockNotWhole: 'Informe a quantidade em unidades inteiras.',
  sourceRequired: 'Informe a operação',
  referenceRequired: 'Informe a referência que deseja criar',
  brandNameRequired: 'Informe a marca que deseja criar',
  brandDialogNameRequired: 'Informe o nome',
  duplicateReference: 'Já existe uma referencia com este nome.',
  duplicateBrand: 'Já existe uma marca com este nome.',
  invalidName: 'O nome não pode conter "/".',
  reservedBrandName: 'Este nome é reservado pelo sistema, escolha outro.',
  productNotFound: 'Produto não encontrado.',
  idInvalid: 'Identificador de produto inválido.',
  productsNotFound: 'Produto(s) não encontrado(s): ',
  brandNotFound: 'Marca não encontrada.',
  referenceNotFound: 'Referência não encontrada para esta marca.',
  sourceNotFound: 'Operação desconhecida.',
  brandInUse: 'Não é possível remover a marca: existem produtos cadastrados com ela.',
  referenceInUse: 'Não é possível remover a referência: existem produtos cadastrados com ela.',
  codeMismatch: 'O código informado não corresponde ao produto do endereço.',
  stockChangedMeanwhile: (stock: number) =>
    `O estoque do produto mudou enquanto você editava (agora ${stock}). Confira e salve de novo.`,
  costChangedMeanwhile: (cost: string) =>
    `O preço de compra do produto mudou enquanto você editava (agora ${cost}). Confira e salve de novo.`,
  codesRequired: 'Informe os códigos dos produtos.',
  entriesRequired: 'Informe ao menos um produto.',
  imageRequired: 'Envie a imagem.',
  imageInvalid: 'O arquivo enviado não é uma imagem válida.',
  imageTooLarge: 'A imagem deve ter no máximo 2 MB.',
  tooManyImages: 'Um produto pode ter no máximo 10 imagens.',
  invalidPeriod: PERIOD_TEXTS.invalid,
  searchTooLong: 'A pesquisa deve ter no máximo 200 caracteres.',
  stockTooHigh: 'O estoque de um produto não pode passar de 1.000.000 unidades.',
  quantityTooHigh: 'A quantidade máxima é de 1.000.000 unidades.',
  periodOrder: PERIOD_TEXTS.reversed,
  // success messages (section 8)
  created: 'Produto criado com sucesso.',
  edited: 'Produto editado com sucesso.',
  stockEntered: 'Produto(s) editado(s) com sucesso.',
  archived: 'Produto arquivado com sucesso.',
  unarchived: 'Produto desarquivado com sucesso.',
  imageUpdated: 'Imagem atualizada com sucesso.',
  referenceCreated: 'Referencia criada com sucesso.',
  brandCreated: 'Marca criada com sucesso.',
  brandDeleted: 'Marca deletada com sucesso.',
  referenceDeleted: 'Referência deletada com sucesso.',
  inventoryUpdated: 'Inventário atualizado com sucesso.',
} as const;

/** Limits of section 9 and of the server. */
export const PRODUCT_LIMITS = {
  pageSize: 100,
  maxPageSize: 200,
  stockAlertMax: 10000,
  /** Units (IMEIs) one stock entry line takes. */
  maxUnitsPerEntry: 1000,
  maxStock: 1_000_000,
  maxPrice: 1_000_000,
  maxImages: 10,
  maxImageBytes: 2 * 1024 * 1024,
  imageSide: 300,
  imageQuality: 85,
  maxTags: 30,
  historyPageSize: 10,
  searchResults: 50,
  maxSearch: 200,
} as const;

/**
 * A price in reais at the API edge: positive (section 5: cost and sell price are "a positive number";
 * a zero cost would also make the gold and silver prices zero), at most two decimals.
 */
export function moneySchema(requiredMessage: string) {
  return z
    .number({ error: requiredMessage })
    .min(0, { error: PRODUCT_TEXTS.priceNegative, abort: true })
    .gt(0, requiredMessage)
    .max(PRODUCT_LIMITS.maxPrice, PRODUCT_TEXTS.priceTooHigh)
    .refine(hasTwoDecimals, PRODUCT_TEXTS.twoDecimals);
}

const percentageSchema = z
  .number({ error: PRODUCT_TEXTS.percentageRange })
  .min(0, PRODUCT_TEXTS.percentageRange)
  .max(100, PRODUCT_TEXTS.percentageRange);

/**
 * A quantity of units (stock, a count, a stock entry from `min` up): each problem says what is wrong —
 * missing, not whole, negative (or zero for an entry), above the limit — never 'Informe…' for a number
 * that was typed. The web forms check what is typed with the same schema.
 */
export const stockQuantitySchema = (min: 0 | 1 = 0) =>
  z
    .number({ error: PRODUCT_TEXTS.stockRequired })
    .int(PRODUCT_TEXTS.stockNotWhole)
    .min(min, min === 0 ? PRODUCT_TEXTS.stockNegative : PRODUCT_TEXTS.stockEntryPositive)
    .max(PRODUCT_LIMITS.maxStock, PRODUCT_TEXTS.quantityTooHigh);

const stockSchema = stockQuantitySchema(0);

const stockAlertSchema = z
  .number({ error: PRODUCT_TEXTS.stockAlertRange })
  .int(PRODUCT_TEXTS.stockAlertRange)
  .min(0, PRODUCT_TEXTS.stockAlertRange)
  .max(PRODUCT_LIMITS.stockAlertMax, PRODUCT_TEXTS.stockAlertRange);

/** A brand or reference name: trimmed, 1 to 80 characters, no "/" (it travels in URL paths). */
export function catalogueNameSchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(80)
    .refine((name) => !name.includes('/'), PRODUCT_TEXTS.invalidName);
}

const tagsSchema = z
  .array(z.string().max(50).nullable())
  .max(PRODUCT_LIMITS.maxTags)
  .default([])
  .transform((tags) => {
    const seen = new Set<string>();
    const result: string[] = [];
    for (const tag of tags) {
      const value = tag?.trim();
      if (!value || seen.has(value.toLowerCase())) continue;
      seen.add(value.toLowerCase());
      result.push(value);
    }
    return result;
  });

/** The level percentages of a new product that the form (its fields start at 0) or a spreadsheet leaves out. */
export const NEW_PRODUCT_DISCOUNT = { silverPercentage: 0, goldPercentage: 0, bronzePercentage: 0 } as const;

export const discountSchema = z
  .object({
    silverPercentage: percentageSchema,
    goldPercentage: percentageSchema,
    bronzePercentage: percentageSchema.default(0),
  })
  .strict();

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

const productFields = {
  name: z.string({ error: PRODUCT_TEXTS.nameRequired }).trim().min(1, PRODUCT_TEXTS.nameRequired).max(200),
  description: optionalText(4000),
  brand: z.string({ error: PRODUCT_TEXTS.brandRequired }).trim().min(1, PRODUCT_TEXTS.brandRequired).max(80),
  reference: optionalText(80),
  cost: moneySchema(PRODUCT_TEXTS.costRequired),
  sellPrice: moneySchema(PRODUCT_TEXTS.sellPriceRequired),
  discount: discountSchema,
  stock: stockSchema,
  tags: tagsSchema,
  stockAlert: stockAlertSchema.default(0),
  /** 'Código de barras' (GTIN/EAN, check digit verified; unique): absent keeps it (none on create), blank removes it. */
  barcode: barcodeSchema,
  /** Fiscal fields (issue 21, `fiscal.ts`): NCM, CEST, unit, ICMS origin; absent keeps them (none on create), null removes. */
  ...productFiscalFields,
};

/** A product's warranty in months: the consumer code's 90 days at least, 10 years at most. */
const warrantyMonthsSchema = z
  .number({ error: PRODUCT_TEXTS.warrantyMonthsRange })
  .int(PRODUCT_TEXTS.warrantyMonthsRange)
  .min(3, PRODUCT_TEXTS.warrantyMonthsRange)
  .max(120, PRODUCT_TEXTS.warrantyMonthsRange);

/** A picture as base64 (JPEG from the web app, any common format accepted), without the data-URL prefix. */
export const base64ImageSchema = z.string({ error: PRODUCT_TEXTS.imageRequired }).min(1, PRODUCT_TEXTS.imageRequired);

/** A seminovo's grade: A (like new), B (light marks), C (visible marks). */
export const PRODUCT_GRADES = ['A', 'B', 'C'] as const;
export type ProductGrade = (typeof PRODUCT_GRADES)[number];

/** Body of POST /products. */
export const productCreateSchema = z
  .object({
    ...productFields,
    images: z.array(base64ImageSchema).max(PRODUCT_LIMITS.maxImages, PRODUCT_TEXTS.tooManyImages).default([]),
    /** 'Controla IMEI': the stock is its units (phones yes, accessories no). */
    serialized: z.boolean().default(false),
    /** How many months a unit is covered from its delivery (12 unless told; 3 to 120). */
    warrantyMonths: warrantyMonthsSchema.optional(),
    /** A serialized product's initial units, one per unit of `stock`. */
    units: z.array(unitInputSchema).max(PRODUCT_LIMITS.maxUnitsPerEntry).optional(),
    /** 'Seminovo' (issue 42 §1): used phones taken in are its units; with its grade (A, B, C). */
    used: z.boolean().default(false),
    grade: z.enum(PRODUCT_GRADES).nullable().optional(),
  })
  .strict()
  .refine((p) => p.used || !p.grade, { path: ['grade'], message: PRODUCT_TEXTS.gradeOnlyUsed });
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreate = z.output<typeof productCreateSchema>;

/**
 * Body of PUT /products/{code}. `code`, when sent, must be the code of the path. `previousStock` and
 * `previousCost` are the stock and cost the edit form was opened with: when sent, a stock or cost that
 * changed meanwhile (a sale, a stock entry) is kept if the form left it as it was, and the edit is
 * refused (409) if the form changed it too, so a form opened earlier never undoes those movements.
 */
export const productUpdateSchema = z
  .object({
    code: z.string().optional(),
    ...productFields,
    previousStock: z.number().int().min(0).optional(),
    previousCost: z.number().min(0).optional(),
    /** 'Controla IMEI'; unchanged when absent. Changes only while the stock is zero. */
    serialized: z.boolean().optional(),
    /** The warranty in months (3 to 120); unchanged when absent. */
    warrantyMonths: warrantyMonthsSchema.optional(),
    /** 'Seminovo' and its grade; unchanged when absent. */
    used: z.boolean().optional(),
    grade: z.enum(PRODUCT_GRADES).nullable().optional(),
  })
  .strict();
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdate = z.output<typeof productUpdateSchema>;

/** One line of PATCH /products/menu/purchase/batch: `stock` units come in at the unit `cost`. */
export const stockEntryItemSchema = z
  .object({
    productId: idSchema(PRODUCT_TEXTS.productNotFound),
    cost: moneySchema(PRODUCT_TEXTS.costRequired),
    stock: stockQuantitySchema(1),
    /** The key of a product source (GET /products/sources). */
    source: z.string({ error: PRODUCT_TEXTS.sourceRequired }).trim().min(1, PRODUCT_TEXTS.sourceRequired),
    /** A serialized product's units, by IMEI: their count must be `stock`. */
    units: z.array(unitInputSchema).max(PRODUCT_LIMITS.maxUnitsPerEntry).optional(),
  })
  .strict();
export type StockEntryItem = z.infer<typeof stockEntryItemSchema>;

export const stockEntryBatchSchema = z
  .object({
    products: z
      .array(stockEntryItemSchema, { error: PRODUCT_TEXTS.entriesRequired })
      .min(1, PRODUCT_TEXTS.entriesRequired)
      .max(200),
  })
  .strict();
export type StockEntryBatch = z.infer<typeof stockEntryBatchSchema>;

/** Body of PATCH /products/inventory/{code}: the counted stock. */
export const inventorySchema = z.object({ code: z.string().optional(), newStock: stockSchema }).strict();
export type InventoryInput = z.input<typeof inventorySchema>;

export const imageUploadSchema = z.object({ image: base64ImageSchema }).strict();

/** "reference" is refused as a brand: `DELETE /products/brand/reference` is the path that removes a reference. */
export const brandCreateSchema = z
  .object({
    name: catalogueNameSchema(PRODUCT_TEXTS.brandNameRequired).refine(
      (name) => name.toLowerCase() !== 'reference',
      PRODUCT_TEXTS.reservedBrandName,
    ),
  })
  .strict();
/** Body of PATCH /products/brand: adds `reference` to the brand `name`. */
export const referenceCreateSchema = z
  .object({
    name: z.string({ error: PRODUCT_TEXTS.brandRequired }).trim().min(1, PRODUCT_TEXTS.brandRequired),
    reference: catalogueNameSchema(PRODUCT_TEXTS.referenceRequired),
  })
  .strict();
export const referenceDeleteSchema = z
  .object({
    brand: z.string({ error: PRODUCT_TEXTS.brandRequired }).trim().min(1, PRODUCT_TEXTS.brandRequired),
    reference: z.string({ error: PRODUCT_TEXTS.referenceRequired }).trim().min(1, PRODUCT_TEXTS.referenceRequired),
  })
  .strict();

/**
 * GET /products query: `offset` rows skipped, `limit` rows (100 by default), optional search, and optional
 * `countUpTo` (issue 36): a search's matches are counted only up to it (or to the page's end, if further), and
 * the answer's `totalCapped` says more match than `total`. Without it every match is counted (section 7).
 */
export const productListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(PRODUCT_LIMITS.maxPageSize).default(PRODUCT_LIMITS.pageSize),
  search: z.string().max(PRODUCT_LIMITS.maxSearch, PRODUCT_TEXTS.searchTooLong).optional(),
  countUpTo: z.coerce.number().int().min(PRODUCT_LIMITS.maxPageSize).max(1_000_000).optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

// ---------- responses ----------
export const productImageSchema = z.object({ url: z.string(), name: z.string() });
export type ProductImage = z.infer<typeof productImageSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  brand: z.string(),
  reference: z.string().nullable(),
  cost: z.number(),
  sellPrice: z.number(),
  stock: z.number().int(),
  stockAlert: z.number().int(),
  tags: z.array(z.string()),
  imagesUrl: z.array(z.string()),
  images: z.array(productImageSchema),
  discount: z.object({ silverPercentage: z.number(), goldPercentage: z.number(), bronzePercentage: z.number() }),
  archived: z.boolean(),
  /** 'Controla IMEI': the stock is its units in stock. */
  serialized: z.boolean(),
  /** How many months a unit is covered from its delivery. */
  warrantyMonths: z.number().int().optional(),
  /** 'Seminovo' (issue 42 §1) and its grade. */
  used: z.boolean().optional(),
  grade: z.enum(PRODUCT_GRADES).nullable().optional(),
  /** 'Código de barras': the GTIN/EAN of its box, or null. */
  barcode: z.string().nullable().optional(),
  /** NCM: 8 digits, or null (issue 21). */
  ncm: z.string().nullable().optional(),
  /** CEST: 7 digits, or null. */
  cest: z.string().nullable().optional(),
  /** Its fiscal profile (or the default) is of ICMS-ST: the note needs its CEST, the form asks for it (issue 55). */
  cestRequired: z.boolean().optional(),
  /** Commercial unit (UN, CX, PC, KG…: 1 to 6 letters), or null. */
  unit: z.string().nullable().optional(),
  /** ICMS origin of the goods, 0 to 8 (`PRODUCT_ORIGINS`), or null. */
  origin: z.number().int().nullable().optional(),
  /** cost + goldPercentage % of cost. */
  goldPrice: z.number(),
  /** cost + silverPercentage % of cost. */
  silverPrice: z.number(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * GET /products: a page of products (`page` is offset / limit); `totalCapped` (only with `countUpTo`): more
 * products match than `total`.
 */
export const productPageSchema = pagedSchema(productSchema).extend({ totalCapped: z.boolean().optional() });
export type ProductPage = z.infer<typeof productPageSchema>;

/**
 * A row of the products list (GET /products/list, issue 36): what the table, its actions and 'Imprimir' read.
 * The description, tags, pictures and fiscal fields are read with the product when it is opened: a page of
 * 100 full products was 82 KB, most of the list's time at scale 100 went into writing it.
 */
export const productListItemSchema = productSchema.pick({
  id: true,
  code: true,
  name: true,
  brand: true,
  reference: true,
  cost: true,
  sellPrice: true,
  discount: true,
  stock: true,
  stockAlert: true,
  barcode: true,
  serialized: true,
  archived: true,
  goldPrice: true,
  silverPrice: true,
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** GET /products/list: the page of GET /products with the list's rows. */
export const productListPageSchema = pagedSchema(productListItemSchema).extend({ totalCapped: z.boolean().optional() });
export type ProductListPage = z.infer<typeof productListPageSchema>;

export const brandSchema = z.object({ name: z.string(), references: z.array(z.string()) });
export type Brand = z.infer<typeof brandSchema>;

export const referenceSchema = z.object({ brand: z.string(), name: z.string() });
export type BrandReference = z.infer<typeof referenceSchema>;

export const productSourceSchema = z.object({ key: z.string(), name: z.string() });
export type ProductSource = z.infer<typeof productSourceSchema>;

// ---------- histories (section 3) ----------
export const PRODUCT_HISTORY_TYPES = { SALES: 1, PURCHASES: 2, INVENTORY: 3, STOCK_CHANGES: 4 } as const;
export type ProductHistoryType = (typeof PRODUCT_HISTORY_TYPES)[keyof typeof PRODUCT_HISTORY_TYPES];
export const PRODUCT_HISTORY_LABELS: Record<ProductHistoryType, string> = {
  1: 'Vendas',
  2: 'Compras',
  3: 'Inventário',
  4: 'Alterações de estoque',
};

/** How each kind of ledger row reads in the stock-changes history. */
export const STOCK_MOVEMENT_LABELS = {
  SALE: 'Venda',
  PURCHASE: 'Entrada de mercadoria',
  INVENTORY: 'Inventário',
  CANCELLATION: 'Cancelamento de pedido',
  EXCHANGE: 'Troca',
  RETURN: 'Devolução',
  ADJUSTMENT: 'Ajuste de estoque',
  IMPORT: 'Importação de planilha',
  TRADE_IN: 'Aparelho usado recebido',
  /** Parts used by a repair (issue 42 §2): the row names its service order. */
  REPAIR: 'Peças de assistência técnica',
};
export const STOCK_MOVEMENT_KINDS = labelledValues(STOCK_MOVEMENT_LABELS);
export type StockMovementKindKey = (typeof STOCK_MOVEMENT_KINDS)[number];

export const salesHistoryRowSchema = z.object({
  orderCode: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  salesDate: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  totalSold: z.number(),
  /** A phone: the IMEI of each unit that went to this order (once packed; issue 17 §3). */
  imeis: z.array(z.string()).optional(),
});
export type SalesHistoryRow = z.infer<typeof salesHistoryRowSchema>;

export const purchaseHistoryRowSchema = z.object({
  costBefore: z.number(),
  costAfter: z.number(),
  /**
   * The entry's own unit cost (reais), beside the average it made (`costAfter`, decision 0046); null for an entry
   * recorded before the ledger kept it (migration 0066) (issue 54).
   */
  entryUnitCost: z.number().nullable(),
  quantity: z.number().int(),
  quantityBefore: z.number().int(),
  actualQuantity: z.number().int(),
  source: z.string().nullable(),
  who: z.string().nullable(),
  when: z.string(),
});
export type PurchaseHistoryRow = z.infer<typeof purchaseHistoryRowSchema>;

export const inventoryHistoryRowSchema = z.object({
  stockBefore: z.number().int(),
  stockAfter: z.number().int(),
  who: z.string().nullable(),
  when: z.string(),
});
export type InventoryHistoryRow = z.infer<typeof inventoryHistoryRowSchema>;

export const stockChangeRowSchema = z.object({
  stockBefore: z.number().int(),
  input: z.number().int(),
  output: z.number().int(),
  stockAfter: z.number().int(),
  eventType: z.string(),
  note: z.string().nullable(),
  who: z.string().nullable(),
  when: z.string(),
});
export type StockChangeRow = z.infer<typeof stockChangeRowSchema>;

/** {start} and {end} of the history paths: YYYY-MM-DDTHH:mm:ss, read as São Paulo local time. */
export { PERIOD_TIMESTAMP as API_TIMESTAMP } from './period';
