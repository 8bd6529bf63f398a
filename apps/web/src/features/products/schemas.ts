import {
  barcodeSchema,
  cestSchema,
  moneySchema,
  NEW_PRODUCT_DISCOUNT,
  ncmSchema,
  PRODUCT_GRADES,
  PRODUCT_LIMITS,
  type Product,
  type ProductCreateInput,
  parseBrazilianNumber,
  parseProductOrigin,
  productOriginSchema,
  productUnitSchema,
  stockQuantitySchema,
} from '@backoffice/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';
import { tierPrice, toField, toPercentField } from './lib/pricing';
import { PRODUCTS_TEXTS } from './texts';

const V = PRODUCTS_TEXTS.validation;

/**
 * A price typed by a person, checked by the server's own rule (the contract's `moneySchema`): required,
 * above zero (section 5: "a positive number"), at most two decimals, not beyond the price limit.
 */
function money(message: string) {
  const rule = moneySchema(message);
  return z
    .string()
    .trim()
    .min(1, message)
    .superRefine((value, ctx) => {
      if (!value) return;
      const issue = rule.safeParse(parseBrazilianNumber(value)).error?.issues[0];
      if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
    });
}

const percentage = z
  .string()
  .trim()
  .min(1, V.percentage)
  .refine((value) => {
    const n = parseBrazilianNumber(value);
    return Number.isFinite(n) && n >= 0 && n <= 100;
  }, V.percentage);

/** A derived price (gold/silver/bronze): may be empty while the cost is; otherwise a number ≥ 0. */
const derivedPrice = z.string().refine((value) => {
  if (!value.trim()) return true;
  const n = parseBrazilianNumber(value);
  return Number.isFinite(n) && n >= 0;
}, V.cost);

/**
 * A quantity of units typed by a person (the field holds text), checked by the server's own rule (the
 * contract's `stockQuantitySchema`): empty says 'Informe…'; −3, 2,5 or 99999999999 say what is wrong.
 */
function quantity(requiredMessage: string, min: 0 | 1) {
  const rule = stockQuantitySchema(min);
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .superRefine((value, ctx) => {
      if (!value) return;
      const issue = rule.safeParse(parseBrazilianNumber(value)).error?.issues[0];
      if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
    });
}

function integer(message: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .min(1, message)
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, message);
}

/** A text field checked by the server's own schema (the contract's): its first issue is the field's message. */
function checkedBy(rule: z.ZodType) {
  return z.string().superRefine((value, ctx) => {
    const issue = rule.safeParse(value).error?.issues[0];
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
  });
}

/** Create and edit product forms (section 5). Numbers stay text while typed. */
export const productFormSchema = z.object({
  name: z.string().trim().min(1, V.name).max(200),
  description: z.string().max(4000),
  brand: z.string().min(1, V.brand),
  reference: z.string(),
  cost: money(V.cost),
  sellPrice: money(V.sellPrice),
  goldPercentage: percentage,
  goldPrice: derivedPrice,
  silverPercentage: percentage,
  silverPrice: derivedPrice,
  bronzePercentage: percentage,
  bronzePrice: derivedPrice,
  stock: quantity(V.stock, 0),
  stockAlert: integer(V.stockAlert, 0, PRODUCT_LIMITS.stockAlertMax),
  tags: z.array(z.string()),
  /** 'Controla IMEI' (issue 17). */
  serialized: z.boolean(),
  /** 'Seminovo' and its grade (issue 42 §1); '' is no grade. */
  used: z.boolean(),
  grade: z.enum(['', ...PRODUCT_GRADES]),
  /** 'Código de barras' (GTIN/EAN), checked by the server's own rule (check digit); empty is none. */
  barcode: checkedBy(barcodeSchema),
  /** Fiscal fields (issue 21), by the contract's schemas (`fiscal.ts`); empty is none. */
  ncm: checkedBy(ncmSchema),
  cest: checkedBy(cestSchema),
  unit: checkedBy(productUnitSchema),
  /** '' (none) or the code '0'…'8' of the select. */
  origin: z.string().superRefine((value, ctx) => {
    const issue = productOriginSchema.safeParse(parseProductOrigin(value)).error?.issues[0];
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
  }),
});
export type ProductFormValues = z.infer<typeof productFormSchema>;

export const emptyProductForm: ProductFormValues = {
  name: '',
  description: '',
  brand: '',
  reference: '',
  cost: '',
  sellPrice: '',
  goldPercentage: String(NEW_PRODUCT_DISCOUNT.goldPercentage),
  goldPrice: '',
  silverPercentage: String(NEW_PRODUCT_DISCOUNT.silverPercentage),
  silverPrice: '',
  bronzePercentage: String(NEW_PRODUCT_DISCOUNT.bronzePercentage),
  bronzePrice: '',
  stock: '0',
  stockAlert: '0',
  tags: [],
  serialized: false,
  used: false,
  grade: '',
  barcode: '',
  ncm: '',
  cest: '',
  unit: '',
  origin: '',
};

export function productToForm(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? '',
    brand: product.brand,
    reference: product.reference ?? '',
    cost: toField(product.cost),
    sellPrice: toField(product.sellPrice),
    // The percentages as stored (to the sixth decimal): two decimals would move a typed price by a cent.
    goldPercentage: toPercentField(product.discount.goldPercentage),
    goldPrice: toField(product.goldPrice),
    silverPercentage: toPercentField(product.discount.silverPercentage),
    silverPrice: toField(product.silverPrice),
    bronzePercentage: toPercentField(product.discount.bronzePercentage),
    bronzePrice: toField(tierPrice(product.cost, product.discount.bronzePercentage)),
    stock: String(product.stock),
    stockAlert: String(product.stockAlert),
    tags: product.tags,
    serialized: product.serialized,
    used: product.used ?? false,
    grade: product.grade ?? '',
    barcode: product.barcode ?? '',
    ncm: product.ncm ?? '',
    cest: product.cest ?? '',
    unit: product.unit ?? '',
    origin: product.origin === null || product.origin === undefined ? '' : String(product.origin),
  };
}

/** The body of POST /products (without images) and PUT /products/{code} (plus code). */
export function formToBody(values: ProductFormValues): Omit<ProductCreateInput, 'images'> {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    brand: values.brand,
    reference: values.reference || null,
    cost: parseBrazilianNumber(values.cost),
    sellPrice: parseBrazilianNumber(values.sellPrice),
    discount: {
      goldPercentage: parseBrazilianNumber(values.goldPercentage),
      silverPercentage: parseBrazilianNumber(values.silverPercentage),
      bronzePercentage: parseBrazilianNumber(values.bronzePercentage),
    },
    stock: parseBrazilianNumber(values.stock),
    stockAlert: Number(values.stockAlert),
    tags: values.tags.filter((tag) => tag.trim()),
    serialized: values.serialized,
    used: values.used,
    // Only a seminovo has a grade (the server refuses one on another product).
    grade: values.used && values.grade ? values.grade : null,
    barcode: values.barcode.trim() || null,
    // The server drops the dots of an NCM or CEST and uppercases the unit (the same schemas).
    ncm: ncmSchema.parse(values.ncm) ?? null,
    cest: cestSchema.parse(values.cest) ?? null,
    unit: productUnitSchema.parse(values.unit) ?? null,
    origin: parseProductOrigin(values.origin),
  };
}

/** 'Informar entrada do produto': quantity in, unit purchase price and the operation. */
export const stockEntryFormSchema = z.object({
  stock: quantity(V.stock, 1),
  cost: money(V.cost),
  source: z.string().min(1, V.source),
});
export type StockEntryFormValues = z.infer<typeof stockEntryFormSchema>;

const catalogueName = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(80)
    .refine((value) => !value.includes('/'), V.invalidName);

export const brandDialogSchema = z.object({ name: catalogueName(V.dialogName) });
export const newBrandSchema = z.object({ name: catalogueName(V.newBrand) });
export const newReferenceSchema = z.object({ name: catalogueName(V.newReference) });
export type NameFormValues = { name: string };

const isDate = (value: unknown) => dayjs.isDayjs(value) && value.isValid();

/** Product history form: type 1–4, start and end dates. */
export const historyFormSchema = z
  .object({
    type: z.string().min(1, PRODUCTS_TEXTS.history.typeRequired),
    start: z.custom<Dayjs | null>(isDate, PRODUCTS_TEXTS.history.startRequired),
    end: z.custom<Dayjs | null>(isDate, PRODUCTS_TEXTS.history.endRequired),
  })
  .refine((values) => !values.start || !values.end?.isBefore(values.start, 'day'), {
    message: PRODUCTS_TEXTS.history.endBeforeStart,
    path: ['end'],
  });
export type HistoryFormValues = z.infer<typeof historyFormSchema>;
