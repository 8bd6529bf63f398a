import { z } from 'zod';
import {
  isValidDocument,
  isValidPhone,
  isValidStateRegistration,
  normalizeDocument,
  normalizeStateRegistration,
  onlyDigits,
} from './documents';
import { idSchema } from './ids';
import { IMPORT_TEXTS } from './imports';
import { labelledValues } from './labelled-values';
import { hasTwoDecimals } from './money';
import { pageQueryParams } from './paging';
import { PERIOD_TEXTS } from './period';

/** Customer levels (price tiers). 0 means "no level yet" (a customer waiting for approval). */
export const CUSTOMER_LEVELS = { NONE: 0, GOLD: 1, SILVER: 2, BRONZE: 3 } as const;
export const CUSTOMER_LEVEL_LABELS: Record<number, string> = { 1: 'Ouro', 2: 'Prata', 3: 'Bronze' };

/** The label of a level code, '' for 0 or an unknown code. */
export function customerLevelLabel(level: number | null | undefined): string {
  return CUSTOMER_LEVEL_LABELS[level ?? 0] ?? '';
}

/** The spec's rule: Ouro 1, Prata 2, Bronze 3, anything else 0. */
export function customerLevelValue(text: string | null | undefined): number {
  const found = Object.entries(CUSTOMER_LEVEL_LABELS).find(([, label]) => label === text);
  return found ? Number(found[0]) : 0;
}

/**
 * Customer status strings of the API. Waiting → Approved or Reproved; any of those → Blocked (with a note);
 * Blocked → Approved (unblock); Reproved → Approved (re-approval).
 */
export const CUSTOMER_STATUS_LABELS = {
  Awaiting: 'Aguardando aprovação',
  Approved: 'Aprovado',
  Reproved: 'Reprovado',
  Blocked: 'Bloqueado',
};
export const CUSTOMER_STATUSES = labelledValues(CUSTOMER_STATUS_LABELS);
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
/** The statuses PATCH /administrator/customer/{id}/status accepts. */
export const CUSTOMER_STATUS_CHANGES = ['Approved', 'Blocked', 'Reproved'] as const;

export const CUSTOMER_LIMITS = { maxMoney: 100_000, maxNote: 1000, maxSearch: 200 } as const;

/** Validation and rule messages shared by the API and the screen. */
export const CUSTOMER_TEXTS = {
  shippingCostRequired: 'Informe o preço do frete para o cliente',
  shippingCostInvalid: 'Informe um preço de frete válido',
  levelRequired: 'Informe o nível do cliente',
  levelInvalid: 'Nível de cliente inválido.',
  warrantyRange: 'Informe a garantia de 0 a 100',
  warrantyMin: 'A garantia não pode ser negativa',
  fastDeliveryTaxInvalid: 'Informe uma taxa de entrega rápida válida',
  delivererRequired: 'Informe o entregador',
  historyTypeRequired: 'Informe o tipo de histórico',
  startRequired: 'Informe a data inicial',
  endRequired: 'Informe a data final',
  periodInvalid: PERIOD_TEXTS.reversed,
  timestampInvalid: PERIOD_TEXTS.invalid,
  noteRequired: 'Preencha o campo',
  noteTooLong: `O motivo deve ter no máximo ${CUSTOMER_LIMITS.maxNote} caracteres.`,
  statusInvalid: 'Situação inválida: use Approved, Blocked ou Reproved.',
  emailRequired: 'Informe o e-mail do cliente',
  customerRequired: 'Informe o cliente',
  idInvalid: 'Identificador de cliente inválido.',
  notFound: 'Cliente não encontrado.',
  emailMismatch: 'O e-mail informado não corresponde ao cliente.',
  cannotDelete: 'Cliente não pode ser deletado.',
  /**
   * The spec's text, then why and what to do instead (issue 35 §10, decision 0036): a customer with orders keeps
   * them (reports, warranty, fiscal records); blocking stops new purchases.
   */
  cannotDeleteWithOrders: (orders: number) =>
    `Cliente não pode ser deletado. Ele tem ${orders.toLocaleString('pt-BR')} ${orders === 1 ? 'pedido registrado, que precisa ser mantido' : 'pedidos registrados, que precisam ser mantidos'}; para que não compre mais, bloqueie-o.`,
  delivererInvalid: 'O funcionário informado não é um motoboy ativo.',
  delivererNotAllowed: 'Só é possível associar um motoboy a clientes aprovados ou aguardando aprovação.',
  alreadyApproved: 'O cliente já está aprovado.',
  alreadyReproved: 'O cliente já está reprovado.',
  alreadyBlocked: 'O cliente já está bloqueado.',
  blockedCannotApprove: 'O cliente está bloqueado: desbloqueie-o antes de aprová-lo ou reprová-lo.',
  approveNeedsLevel: 'Para aprovar um cliente que aguarda aprovação, informe o nível, o frete e a garantia.',
  transitionRefused: (from: CustomerStatus, to: CustomerStatus) =>
    `Não é possível alterar a situação do cliente de "${CUSTOMER_STATUS_LABELS[from]}" para "${CUSTOMER_STATUS_LABELS[to]}".`,
  searchTooShort: 'Informe ao menos 2 caracteres para pesquisar.',
  searchTooLong: `A pesquisa deve ter no máximo ${CUSTOMER_LIMITS.maxSearch} caracteres.`,
  twoDecimals: 'Informe um valor com no máximo duas casas decimais.',
  stateRegistrationInvalid: 'Inscrição estadual inválida: informe só os números (2 a 14) ou ISENTO.',
} as const;

/** True when a number of reais has at most two decimals (19.99 yes, 10.005 no), despite binary floats. */

/** Reais at the edge: 0 to the limit with at most two decimals (never silently rounded to the cent). */
const money = (required: string, invalid: string = CUSTOMER_TEXTS.shippingCostInvalid) =>
  z
    .number({ error: required })
    .finite(invalid)
    .min(0, invalid)
    .max(CUSTOMER_LIMITS.maxMoney, invalid)
    .refine(hasTwoDecimals, CUSTOMER_TEXTS.twoDecimals);

const warranty = z
  .number({ error: CUSTOMER_TEXTS.warrantyRange })
  .min(0, CUSTOMER_TEXTS.warrantyRange)
  .max(100, CUSTOMER_TEXTS.warrantyRange);

const levelCode = z
  .number({ error: CUSTOMER_TEXTS.levelRequired })
  .int(CUSTOMER_TEXTS.levelInvalid)
  .min(0, CUSTOMER_TEXTS.levelInvalid)
  .max(3, CUSTOMER_TEXTS.levelInvalid);

const customerEmail = z
  .string({ error: CUSTOMER_TEXTS.emailRequired })
  .trim()
  .min(1, CUSTOMER_TEXTS.emailRequired)
  .max(254)
  .transform((email) => email.toLowerCase());

/**
 * Body of PATCH /administrator/customers/approve. `approve: true` needs level (1 to 3), shipping cost
 * (reais) and warranty (0 to 100); `approve: false` reproves and ignores them.
 */
export const customerApproveSchema = z
  .object({
    email: customerEmail,
    approve: z.boolean({ error: 'Informe se o cliente é aprovado ou reprovado' }),
    level: levelCode.nullish(),
    shippingCost: money(CUSTOMER_TEXTS.shippingCostRequired).nullish(),
    warrantyPercentage: warranty.nullish(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!body.approve) return;
    if (body.level == null || body.level < 1)
      ctx.addIssue({ code: 'custom', path: ['level'], message: CUSTOMER_TEXTS.levelRequired });
    if (body.shippingCost == null)
      ctx.addIssue({ code: 'custom', path: ['shippingCost'], message: CUSTOMER_TEXTS.shippingCostRequired });
  });
export type CustomerApproveInput = z.input<typeof customerApproveSchema>;

/**
 * The customer's state registration ('Inscrição estadual', issue 41): optional; typed as its digits with or without
 * punctuation, or 'ISENTO' in any case; kept normalised (`normalizeStateRegistration`: '86.123.456' is '86123456',
 * 'isento' is 'ISENTO'); blank or null is none (null). Absent (undefined) stays absent: an edit without it keeps
 * the customer's. On the NF-e: digits make the customer an ICMS taxpayer (indIEDest 1, its IE), 'ISENTO' exempt
 * (2), none a non-taxpayer (9).
 */
export const customerStateRegistrationSchema = z
  .string({ error: CUSTOMER_TEXTS.stateRegistrationInvalid })
  .max(40, CUSTOMER_TEXTS.stateRegistrationInvalid)
  .nullish()
  .transform((value) => (value == null ? value : value.trim() === '' ? null : normalizeStateRegistration(value)))
  .refine((value) => value == null || isValidStateRegistration(value), CUSTOMER_TEXTS.stateRegistrationInvalid);

/**
 * Body of PATCH /customers (the edit modal). `customerId` identifies; `email`, when sent, must match it.
 * Level 0 is allowed even when approved (retail customers without a price level).
 */
export const customerEditSchema = z
  .object({
    customerId: idSchema(CUSTOMER_TEXTS.customerRequired),
    email: customerEmail.nullish(),
    level: levelCode,
    warrantyPercentage: z
      .number({ error: CUSTOMER_TEXTS.warrantyMin })
      .min(0, CUSTOMER_TEXTS.warrantyMin)
      .max(100, CUSTOMER_TEXTS.warrantyRange),
    shippingCost: money(CUSTOMER_TEXTS.shippingCostRequired),
    approve: z.boolean({ error: 'Informe se o cliente está aprovado' }),
    fastDeliveryTax: money(CUSTOMER_TEXTS.fastDeliveryTaxInvalid, CUSTOMER_TEXTS.fastDeliveryTaxInvalid).nullish(),
    /** 'Inscrição estadual': absent keeps the customer's, null or '' removes it. */
    stateRegistration: customerStateRegistrationSchema,
  })
  .strict();
export type CustomerEditInput = z.input<typeof customerEditSchema>;

/** Body of PATCH /administrator/customer/{id}/status. 'Blocked' needs the reason in `note`. */
export const customerStatusChangeSchema = z
  .object({
    status: z.enum(CUSTOMER_STATUS_CHANGES, { error: CUSTOMER_TEXTS.statusInvalid }),
    note: z.string().trim().max(CUSTOMER_LIMITS.maxNote, CUSTOMER_TEXTS.noteTooLong).nullish(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.status === 'Blocked' && !body.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: CUSTOMER_TEXTS.noteRequired });
  });
export type CustomerStatusChangeInput = z.input<typeof customerStatusChangeSchema>;

/** Body of PUT /employees/deliverer/sign/customer. */
export const associateDelivererSchema = z
  .object({
    delivererId: idSchema(CUSTOMER_TEXTS.delivererRequired),
    customerId: idSchema(CUSTOMER_TEXTS.customerRequired),
  })
  .strict();
export type AssociateDelivererInput = z.input<typeof associateDelivererSchema>;

export const customerAddressSchema = z.object({
  street: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  zipCode: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  /** Reais, two decimals (the same value as the customer's shippingCost). */
  shippingCost: z.number(),
});

const personRef = z.object({ id: z.number().int(), name: z.string() });

/** A customer as every list and action answers it. Money in reais with two decimals. */
export const customerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Digits only; format with formatPhone. */
  phone: z.string(),
  /** CPF (11 digits) or CNPJ (14, possibly alphanumeric), no punctuation; format with formatDocument. */
  document: z.string(),
  /** 'Inscrição estadual': its digits (2 to 14, no punctuation), 'ISENTO', or null when the customer has none. */
  stateRegistration: z.string().nullable(),
  level: z.number().int(),
  /** 'Ouro' | 'Prata' | 'Bronze', or '' for level 0. */
  levelName: z.string(),
  status: z.enum(CUSTOMER_STATUSES),
  /** Approved now, or approved before being blocked. */
  approved: z.boolean(),
  isBlocked: z.boolean(),
  /** The reason of the last block or reproval. */
  statusNote: z.string().nullable(),
  deliverer: personRef.nullable(),
  /** The name of the associated courier, or null. */
  delivererAssociated: z.string().nullable(),
  warrantyPercentage: z.number(),
  shippingCost: z.number(),
  fastDeliveryTax: z.number(),
  notes: z.string().nullable(),
  /** Sum of the customer's orders that were not cancelled nor refused, in reais. */
  totalPurchase: z.number(),
  address: customerAddressSchema,
  createdAt: z.iso.datetime(),
});
export type Customer = z.infer<typeof customerSchema>;

/** GET /administrator/customer/{email}: the customer plus who approved / changed it and order counts. */
export const customerDetailsSchema = customerSchema.extend({
  approvedBy: personRef.nullable(),
  approvedAt: z.iso.datetime().nullable(),
  statusChangedBy: personRef.nullable(),
  statusChangedAt: z.iso.datetime().nullable(),
  ordersCount: z.number().int(),
  lastPurchaseAt: z.iso.datetime().nullable(),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

export const customerLevelOptionSchema = z.object({ value: z.number().int(), text: z.string() });
export type CustomerLevelOption = z.infer<typeof customerLevelOptionSchema>;

export const customerHistoryItemSchema = z.object({
  /** The order item's id. */
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  total: z.number(),
  /** A phone line: the IMEI of each unit the customer got (once the order was packed; issue 17 §3). */
  imeis: z.array(z.string()).optional(),
});
export const customerHistoryOrderSchema = z.object({
  orderId: z.number().int(),
  code: z.string(),
  /** Portuguese label of the order status. */
  status: z.string(),
  statusKey: z.number().int(),
  purchasedAt: z.iso.datetime(),
  totalOrder: z.number(),
  items: z.array(customerHistoryItemSchema),
});
export const customerHistorySchema = z.object({
  orders: z.array(customerHistoryOrderSchema),
  /** Sum of totalOrder of the listed orders. */
  total: z.number(),
});
export type CustomerHistoryOrder = z.infer<typeof customerHistoryOrderSchema>;
export type CustomerHistory = z.infer<typeof customerHistorySchema>;

/** The YYYY-MM-DDTHH:mm:ss timestamps of the period routes (local time of the business, `clock.ts`). */
export { PERIOD_TIMESTAMP as CUSTOMER_HISTORY_TIMESTAMP } from './period';

// ---------- paged lists and CSV export (issue 8) ----------
/** The lists of the customers screen, as the CSV export names them. */
export const CUSTOMER_LISTS = ['active', 'blocked', 'reproved', 'awaiting'] as const;
export type CustomerList = (typeof CUSTOMER_LISTS)[number];
/** The status each list shows. */
export const CUSTOMER_LIST_STATUS: Record<CustomerList, CustomerStatus> = {
  active: 'Approved',
  blocked: 'Blocked',
  reproved: 'Reproved',
  awaiting: 'Awaiting',
};
/** Fields a paged list can be sorted by (`sort=name:asc`); ties are broken by id. */
export const CUSTOMER_SORT_FIELDS = [
  'id',
  'name',
  'email',
  'phone',
  'document',
  'levelName',
  'city',
  'statusNote',
  'shippingCost',
  'warrantyPercentage',
  'createdAt',
] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];
/** Text fields a list can be filtered by, and the operators of the filter (the data grid's own names). */
export const CUSTOMER_FILTER_FIELDS = ['name', 'email', 'phone', 'document', 'city', 'statusNote'] as const;
export type CustomerFilterField = (typeof CUSTOMER_FILTER_FIELDS)[number];
export const CUSTOMER_FILTER_OPERATORS = [
  'contains',
  'equals',
  'startsWith',
  'endsWith',
  'isEmpty',
  'isNotEmpty',
] as const;
export type CustomerFilterOperator = (typeof CUSTOMER_FILTER_OPERATORS)[number];
export const CUSTOMER_PAGING = { defaultItems: 10, maxItems: 100 } as const;
export const CUSTOMER_PAGING_TEXTS = {
  pageInvalid: 'Página inválida: informe um número inteiro a partir de 0.',
  itemsInvalid: `Itens por página inválidos: informe de 1 a ${CUSTOMER_PAGING.maxItems}.`,
  sortInvalid: `Ordenação inválida: use campo:asc ou campo:desc, com o campo entre ${CUSTOMER_SORT_FIELDS.join(', ')}.`,
  listInvalid: `Lista inválida: use ${CUSTOMER_LISTS.join(', ')}.`,
  filterInvalid: `Filtro inválido: use campo:operador:valor, com o campo entre ${CUSTOMER_FILTER_FIELDS.join(', ')} e o operador entre ${CUSTOMER_FILTER_OPERATORS.join(', ')}.`,
} as const;

const SORT_PATTERN = new RegExp(`^(${CUSTOMER_SORT_FIELDS.join('|')}):(asc|desc)$`);
const sortParam = z
  .string({ error: CUSTOMER_PAGING_TEXTS.sortInvalid })
  .regex(SORT_PATTERN, CUSTOMER_PAGING_TEXTS.sortInvalid);
const FILTER_PATTERN = new RegExp(
  `^(${CUSTOMER_FILTER_FIELDS.join('|')}):(${CUSTOMER_FILTER_OPERATORS.join('|')})(:[\\s\\S]*)?$`,
);
/** `field:operator:value`, e.g. `city:equals:Niterói` or `statusNote:isEmpty` (case-insensitive). */
const filterParam = z
  .string({ error: CUSTOMER_PAGING_TEXTS.filterInvalid })
  .max(CUSTOMER_LIMITS.maxSearch + 40, CUSTOMER_PAGING_TEXTS.filterInvalid)
  .regex(FILTER_PATTERN, CUSTOMER_PAGING_TEXTS.filterInvalid);
const searchParam = z
  .string({ error: CUSTOMER_TEXTS.searchTooLong })
  .max(CUSTOMER_LIMITS.maxSearch, CUSTOMER_TEXTS.searchTooLong);

const customerPaging = pageQueryParams(CUSTOMER_PAGING_TEXTS, {
  maxPage: 1_000_000,
  maxItems: CUSTOMER_PAGING.maxItems,
});
/**
 * Query of GET /customers, /customers/blocked, /customers/reproved and /administrator/customers/unnaproved.
 * Without any of these the answer is the whole list `{customers}` (section 7); with any, one page
 * `{customers, total}`: `page` 0-based (default 0), `items` 1–100 (default 10), `search` (name, e-mail,
 * document, phone; accent- and case-free), `sort` `field:asc|desc` (default name:asc), `filter`
 * `field:operator:value` (the data grid's filter panel).
 */
export const customerListQuerySchema = z.object({
  page: customerPaging.page.optional(),
  items: customerPaging.items.optional(),
  search: searchParam.optional(),
  sort: sortParam.optional(),
  filter: filterParam.optional(),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

/** Query of GET /customers/export.csv: which list, and the same search and sort as the screen. */
export const customerExportQuerySchema = z.object({
  list: z.enum(CUSTOMER_LISTS, { error: CUSTOMER_PAGING_TEXTS.listInvalid }),
  search: searchParam.optional(),
  sort: sortParam.optional(),
  filter: filterParam.optional(),
});
export type CustomerExportQuery = z.input<typeof customerExportQuerySchema>;

/** A list answer: the whole list (`total` absent) or one page of it with the count of every match. */
export const customerListSchema = z.object({
  customers: z.array(customerSchema),
  total: z.number().int().optional(),
});
export type CustomerListAnswer = z.infer<typeof customerListSchema>;

// ---------- a customer's registration, as a spreadsheet import brings it in (issue 21 §2) ----------
const optionalAddressText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

/**
 * One customer of an imported spreadsheet: the registration (name, e-mail, phone, CPF/CNPJ checked by
 * their digits, address) and what the edit modal sets (level, freight, warranty, fast-delivery tax,
 * approved, state registration), with the modal's own rules (`customerEditSchema`).
 */
export const customerImportSchema = customerEditSchema
  .omit({ customerId: true, email: true })
  .extend({
    name: z.string({ error: IMPORT_TEXTS.nameRequired }).trim().min(1, IMPORT_TEXTS.nameRequired).max(200),
    email: z
      .string({ error: CUSTOMER_TEXTS.emailRequired })
      .trim()
      .min(1, CUSTOMER_TEXTS.emailRequired)
      .max(254)
      .pipe(z.email(IMPORT_TEXTS.emailInvalid))
      .transform((email) => email.toLowerCase()),
    phone: z
      .string({ error: IMPORT_TEXTS.phoneInvalid })
      .trim()
      .refine(isValidPhone, IMPORT_TEXTS.phoneInvalid)
      .transform(onlyDigits),
    document: z
      .string({ error: IMPORT_TEXTS.documentRequired })
      .trim()
      .min(1, { error: IMPORT_TEXTS.documentRequired, abort: true })
      .refine(isValidDocument, IMPORT_TEXTS.documentInvalid)
      .transform(normalizeDocument),
    street: optionalAddressText(200),
    number: optionalAddressText(20),
    complement: optionalAddressText(200),
    neighborhood: optionalAddressText(120),
    zipCode: optionalAddressText(9).refine(
      (zip) => zip === null || /^\d{8}$/.test(onlyDigits(zip)),
      IMPORT_TEXTS.zipInvalid,
    ),
    city: optionalAddressText(120),
    state: optionalAddressText(2).refine((uf) => uf === null || /^[A-Za-z]{2}$/.test(uf), IMPORT_TEXTS.stateInvalid),
  })
  .strict();
export type CustomerImport = z.output<typeof customerImportSchema>;

// ---------- a customer registered by staff at the counter (issue 38 §1, decision 0040; issue 54, decision 0073) ----------
const requiredAddressText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

/** The address of a registration, each part with the message it answers when the address is incomplete. */
const REGISTER_ADDRESS_MESSAGES = {
  zipCode: IMPORT_TEXTS.zipInvalid,
  street: 'Informe a rua do endereço',
  number: 'Informe o número do endereço',
  neighborhood: 'Informe o bairro',
  city: 'Informe a cidade',
  state: IMPORT_TEXTS.stateInvalid,
} as const;
type RegisterAddressPart = keyof typeof REGISTER_ADDRESS_MESSAGES;
const REGISTER_ADDRESS_PARTS = Object.keys(REGISTER_ADDRESS_MESSAGES) as RegisterAddressPart[];

/** Blank or absent is none (null); anything typed is checked by `part`. */
const optionalPart = <T extends z.ZodType<unknown, string>>(part: T) =>
  z
    .string()
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(part.nullable());

/** Blank or absent is 0 (a counter customer without freight, level or warranty); a number is checked by `rule`. */
const zeroWhenAbsent = <T extends z.ZodType<number>>(rule: T) => rule.nullish().transform((value) => value ?? 0);

/**
 * Body of POST /api/customers: the registration of a customer by staff at the counter ("counter customer", issue
 * 54, decision 0073). Required: name, CPF or CNPJ (the alphanumeric CNPJ too) checked by its digits, and the phone
 * with DDD. Optional: the e-mail (valid when typed), the address (all of CEP, street, number, neighborhood, city and
 * UF, or none: it is needed only for a delivery, which checkout refuses without it), the level, freight, warranty
 * and fast-delivery tax (0 when absent), the state registration and the courier. The customer is approved at once
 * by whoever registers him. The public sign-up keeps its own rules.
 */
export const customerRegisterSchema = customerImportSchema
  .omit({ approve: true })
  .extend({
    email: optionalPart(
      z
        .string()
        .max(254, IMPORT_TEXTS.emailInvalid)
        .pipe(z.email(IMPORT_TEXTS.emailInvalid))
        .transform((email) => email.toLowerCase()),
    ),
    zipCode: optionalPart(
      z
        .string()
        .refine((zip) => /^\d{8}$/.test(onlyDigits(zip)), IMPORT_TEXTS.zipInvalid)
        .transform(onlyDigits),
    ),
    street: optionalPart(requiredAddressText(200, REGISTER_ADDRESS_MESSAGES.street)),
    number: optionalPart(requiredAddressText(20, REGISTER_ADDRESS_MESSAGES.number)),
    neighborhood: optionalPart(requiredAddressText(120, REGISTER_ADDRESS_MESSAGES.neighborhood)),
    city: optionalPart(requiredAddressText(120, REGISTER_ADDRESS_MESSAGES.city)),
    state: optionalPart(
      z
        .string()
        .regex(/^[A-Za-z]{2}$/, IMPORT_TEXTS.stateInvalid)
        .transform((uf) => uf.toUpperCase()),
    ),
    level: zeroWhenAbsent(customerEditSchema.shape.level),
    shippingCost: zeroWhenAbsent(customerEditSchema.shape.shippingCost),
    warrantyPercentage: zeroWhenAbsent(customerEditSchema.shape.warrantyPercentage),
    /** The courier who serves this customer (an active motoboy), or none. */
    delivererId: idSchema(CUSTOMER_TEXTS.delivererRequired).nullish(),
  })
  .strict()
  .superRefine((body, ctx) => {
    // An address is whole or absent: a part typed asks for the others (a courier could not find half of one).
    if (REGISTER_ADDRESS_PARTS.every((part) => body[part] === null)) return;
    for (const part of REGISTER_ADDRESS_PARTS) {
      if (body[part] === null) ctx.addIssue({ code: 'custom', path: [part], message: REGISTER_ADDRESS_MESSAGES[part] });
    }
  });
export type CustomerRegisterInput = z.input<typeof customerRegisterSchema>;
export type CustomerRegister = z.output<typeof customerRegisterSchema>;

/** The customer a duplicate registration names (`details.customer` of its 409), so the screen can open him. */
export const existingCustomerSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type ExistingCustomer = z.infer<typeof existingCustomerSchema>;

export const CUSTOMER_REGISTER_TEXTS = {
  documentTaken: (name: string) => `Já existe um cliente com este CPF/CNPJ: ${name}.`,
  emailTaken: (name: string) => `Já existe um cliente com este e-mail: ${name}.`,
  registered: (name: string) => `Cliente ${name} cadastrado e aprovado.`,
} as const;

// ---------- 'Consumidor final': the walk-in sale at the counter (issue 38 §1, decision 0040) ----------
export const WALK_IN_TEXTS = {
  /** The name of every attendant's walk-in record, as orders and the cart show it. */
  name: 'Consumidor final',
  pickupOnly: 'Venda para consumidor final: somente retirada na loja.',
  noteDocumentInvalid: 'CPF/CNPJ na nota inválido: confira os dígitos.',
  noteDocumentOnlyWalkIn:
    'CPF/CNPJ na nota só se informa na venda para consumidor final; o cliente cadastrado já tem o seu.',
} as const;

/**
 * An e-mail that is only a placeholder, never an address of a person: the reserved `.invalid` top-level domain
 * (RFC 2606) the walk-in 'Consumidor final' (`consumidor-final-2@balcao.invalid`) and an anonymised customer keep
 * to stay unique. Never shown to a user (issue 54): `shownEmail` gives '' for it.
 */
export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return /\.invalid$/i.test((email ?? '').trim());
}

/** The e-mail as a screen shows it: '' for none or a placeholder (`isPlaceholderEmail`). */
export function shownEmail(email: string | null | undefined): string {
  return email && !isPlaceholderEmail(email) ? email : '';
}

/** Answer of POST /api/customers/walk-in: the caller's own 'Consumidor final' (made on first use). */
export const walkInCustomerSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type WalkInCustomer = z.infer<typeof walkInCustomerSchema>;

/**
 * The optional 'CPF na nota' of a walk-in's checkout: a CPF or CNPJ (alphanumeric too) checked by its digits,
 * kept without punctuation; blank means none.
 */
export const noteDocumentSchema = z
  .string({ error: WALK_IN_TEXTS.noteDocumentInvalid })
  .trim()
  .max(20, WALK_IN_TEXTS.noteDocumentInvalid)
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value === null || isValidDocument(value), WALK_IN_TEXTS.noteDocumentInvalid)
  .transform((value) => (value === null ? null : normalizeDocument(value)));
