import { z } from 'zod';
import { businessDay, businessTimeOn, shiftDay, weekdayOf } from './clock';
import { noteDocumentSchema } from './customers';
import { DISCOUNT_APPROVAL_TEXTS, preCheckoutApprovalSchema } from './discount-approvals';
import { saleDiscountsQuerySchema, saleDiscountsSchema } from './discounts';
import { idParamSchema, idSchema } from './ids';
import { cardDataSchema, splitCardAmountSchema } from './order-payments';
import {
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  type DeliveryType,
  ORDER_STATUS_KEYS,
  PAYMENT_METHODS,
} from './order-status';
import { CREDIT_TEXTS, parseCreditTerms } from './receivables';

/**
 * Internal selling (spec sections 2 "Selling", 3 "Cart", 4 "Selling", 7 "Selling", 8, 9): an employee with
 * `internal_sales` sells on behalf of a customer. The cart lives on the server, one per customer; every
 * price is recomputed by the server from the customer's level and settings — the client's figures are
 * never trusted.
 */

/** Limits of the selling API. */
export const SELLING_LIMITS = {
  /** Products answered by one search (the most relevant first). */
  searchResults: 50,
  /** Characters of a product search. */
  maxSearch: 200,
  /** Characters of an e-mail in the path. */
  maxEmail: 254,
  /** Units of one product in one cart (no shop holds more of one product). */
  maxQuantity: 1_000_000,
  /** Different products in one cart. */
  maxCartItems: 100,
  /** Bytes of the transfer proof picture as sent (the orders module's limit for photos). */
  maxReceiptBytes: 4 * 1024 * 1024,
  /** Default quantity of the "Alterar quantidade" modal (section 9). */
  defaultQuantity: 1,
} as const;

/** Delivery options of section 9 (the orders' delivery types): 1 Motoboy, 2 Retirada na loja. */
export const SELLING_DELIVERY_OPTIONS: ReadonlyArray<{ value: DeliveryType; label: string }> = [
  { value: DELIVERY_TYPES.MOTOBOY, label: DELIVERY_TYPE_LABELS[DELIVERY_TYPES.MOTOBOY] },
  { value: DELIVERY_TYPES.PICKUP, label: DELIVERY_TYPE_LABELS[DELIVERY_TYPES.PICKUP] },
];

/** Payment options of section 9: cash (default) and bank transfer ('Depósito', proof image required). */
export const SELLING_PAYMENT_OPTIONS = [
  { value: 'cash', label: 'Dinheiro' },
  { value: 'bankTransfer', label: 'Depósito' },
  /** The order's own Pix (issue 18): its QR code on the confirmation, confirmed by the bank's webhook. */
  { value: 'pix', label: 'Pix' },
  /** A card (issue 38): charged now at the shop's machine (its receipt's fields), or on delivery ('Levar maquininha'). */
  { value: 'card', label: 'Cartão' },
] as const;
export type SellingPaymentOption = (typeof SELLING_PAYMENT_OPTIONS)[number]['value'];

/**
 * The couriers' departures of a week, São Paulo time: index = JavaScript weekday (0 Sunday … 6 Saturday),
 * each day's times as 'HH:MM' in order. Kept in Configurações (issue 21, decision 0019): every use reads
 * the shop's schedule (the server: the settings module's `deliverySchedule`; the web: GET
 * /settings/departures) and passes it to the functions below.
 */
export type DeliverySchedule = readonly (readonly string[])[];

/**
 * Section 9's departures, the defaults of a new shop and of a shop that never changed them: Monday to
 * Friday 10:40 and 14:10; Saturday 12:00. The one copy of these times.
 */
export const DEFAULT_DELIVERY_DEPARTURES: DeliverySchedule = [
  [],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['10:40', '14:10'],
  ['12:00'],
];

export const WEEKDAY_LABELS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;

export const DEPARTURE_LIMITS = { perDay: 8 } as const;

export const DEPARTURE_TEXTS = {
  timeInvalid: (time: string) => `Horário de saída inválido: ${time}. Use HH:MM, de 00:00 a 23:59 (ex.: 10:40).`,
  tooMany: `No máximo ${DEPARTURE_LIMITS.perDay} saídas por dia.`,
  noneInWeek: 'Informe ao menos um horário de saída na semana.',
  weekInvalid: 'Informe os horários de saída dos 7 dias da semana, de domingo a sábado.',
  saved: 'Horários de saída salvos com sucesso.',
} as const;

const DEPARTURE_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A week of departures as typed (PUT /settings/departures, POST /setup): 7 days, Sunday first, each with
 * up to 8 times 'HH:MM' (9:5 is refused; a time repeated is kept once; sorted), at least one in the week.
 */
export const deliveryScheduleSchema = z
  .array(
    z
      .array(z.string().trim(), { error: DEPARTURE_TEXTS.weekInvalid })
      .max(DEPARTURE_LIMITS.perDay, DEPARTURE_TEXTS.tooMany)
      .superRefine((times, ctx) => {
        for (const time of times) {
          if (!DEPARTURE_TIME.test(time)) ctx.addIssue({ code: 'custom', message: DEPARTURE_TEXTS.timeInvalid(time) });
        }
      })
      .transform((times) => [...new Set(times)].sort()),
    { error: DEPARTURE_TEXTS.weekInvalid },
  )
  .length(7, DEPARTURE_TEXTS.weekInvalid)
  .refine((week) => week.some((times) => times.length > 0), DEPARTURE_TEXTS.noneInWeek);

/** The departures of a business calendar day (`YYYY-MM-DD`) in `schedule`, in order (the business's time). */
export function departuresOn(day: string, schedule: DeliverySchedule): Date[] {
  return (schedule[weekdayOf(day)] ?? []).map((time) => businessTimeOn(day, time));
}

/** Whether `at` is one of the departures of `schedule` (a weekday and time of it, the business's time). */
export function isDeliveryDeparture(at: Date, schedule: DeliverySchedule): boolean {
  return departuresOn(businessDay(at), schedule).some((departure) => departure.getTime() === at.getTime());
}

/** The business's calendar day (`YYYY-MM-DD`) of an instant (`clock.ts`'s `businessDay`; the name is history). */
export const saoPauloDay = (at: Date): string => businessDay(at);

/**
 * The next motoboy departure of `schedule` strictly after `now` (the business's time). A schedule has at least
 * one departure in the week (`deliveryScheduleSchema`), so one is always found within 8 days.
 */
export function nextDeliveryDeparture(now: Date, schedule: DeliverySchedule): Date {
  const today = businessDay(now);
  for (let ahead = 0; ahead < 8; ahead++) {
    for (const at of departuresOn(shiftDay(today, ahead), schedule)) {
      if (at.getTime() > now.getTime()) return at;
    }
  }
  throw new Error('no departure within a week');
}

/**
 * The last motoboy departure of `schedule` strictly before `at` (the business's time), found within 8 days back:
 * an order packed after it and up to `at` makes the departure at `at` (the dispatch board's windows).
 */
export function previousDeliveryDeparture(at: Date, schedule: DeliverySchedule): Date {
  const today = businessDay(at);
  for (let back = 0; back < 8; back++) {
    for (const departure of departuresOn(shiftDay(today, -back), schedule).reverse()) {
      if (departure.getTime() < at.getTime()) return departure;
    }
  }
  throw new Error('no departure within a week');
}

/**
 * The schedule in words for the selling screen: days with the same times grouped ('segunda a sexta às
 * 10:40 e às 14:10; sábado às 12:00'), Monday first, Sunday last.
 */
export function describeDepartures(schedule: DeliverySchedule): string {
  const names = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];
  const order = [1, 2, 3, 4, 5, 6, 0];
  const groups: { days: number[]; times: readonly string[] }[] = [];
  for (const day of order) {
    const times = schedule[day] ?? [];
    if (times.length === 0) continue;
    const last = groups.at(-1);
    const previous = last?.days.at(-1);
    const consecutive = previous !== undefined && order.indexOf(day) === order.indexOf(previous) + 1;
    if (last && consecutive && last.times.join() === times.join()) last.days.push(day);
    else groups.push({ days: [day], times });
  }
  return groups
    .map(({ days, times }) => {
      const first = names[days[0] as number];
      const span =
        days.length === 1
          ? first
          : days.length === 2
            ? `${first} e ${names[days[1] as number]}`
            : `${first} a ${names[days.at(-1) as number]}`;
      return `${span} ${times.map((time) => `às ${time}`).join(' e ')}`;
    })
    .join('; ');
}

/** Portuguese texts of the selling screen (section 2) and API (section 8 verbatim; ours where it is silent). */
export const SELLING_TEXTS = {
  // ---------- screen (section 2) ----------
  customerSearchPlaceholder: 'Pesquisar cliente por nome ou email',
  customerSearchEmpty: 'Nenhum resultado encontrado',
  customersEmpty: 'Não existem clientes para serem exibidos.',
  productSearchPlaceholder: 'Pesquisar produto por nome, tag, referencia ou marca',
  selectedCustomer: 'Cliente selecionado:',
  quantityTitle: 'Alterar quantidade',
  add: 'Adicionar',
  cartTitle: 'Produtos no carrinho de:',
  delivery: 'Entrega',
  warranty: 'Garantia',
  fastDelivery: 'Entrega rápida',
  paymentMethods: 'Meios de pagamento',
  backToProducts: 'Voltar para produtos',
  changeForInvalid: 'Valor de troco inválido.',
  changeForBelowTotal: (total: string) => `O valor para troco deve ser ao menos o total do pedido (${total}).`,
  changeForCashOnly: 'Troco só existe no pagamento em dinheiro.',
  changeForLabel: 'Troco para',
  changeForHelp: 'Opcional: a nota com que o cliente vai pagar; o motoboy leva o troco.',
  finishOrder: 'Finalizar Pedido',
  orderDone: (customer: string) => `Ordem para: ${customer} concluída`,
  copyCode: 'Copiar Código do pedido',
  codeCopied: 'Código Copiado',
  goToOrders: 'Ir para Pedidos',
  // ---------- section 8, verbatim ----------
  productAdded: 'Produto adicionado com sucesso',
  addToCartFailed: 'Algo deu errado, tente novamente mais tarde',
  orderFailed: 'Erro no servidor, por favor, tente novamente mais tarde',
  cartLoadFailed: 'Algum erro aconteceu no servidor, tente novamente mais tarde',
  // ---------- API answers and validation (our wording) ----------
  cartChanged: 'Carrinho alterado com sucesso.',
  /** The note of the order's first history row. */
  historyNote: 'Venda interna (em nome do cliente)',
  productRemoved: 'Produto removido do carrinho.',
  customerInvalid: 'Informe um cliente válido.',
  customerNotFound: 'Cliente não encontrado.',
  customerNotApproved: (name: string) =>
    `O cliente ${name} não está aprovado ou está bloqueado: não é possível vender para ele.`,
  emailInvalid: 'Informe um e-mail válido',
  searchRequired: 'Informe o que deseja pesquisar.',
  searchTooLong: `A pesquisa pode ter no máximo ${SELLING_LIMITS.maxSearch} caracteres.`,
  productInvalid: 'Informe um produto válido.',
  productNotFound: 'Produto não encontrado.',
  productArchived: (name: string) => `O produto ${name} está arquivado e não pode ser vendido.`,
  quantityInvalid: 'Informe uma quantidade inteira de no mínimo 1.',
  newQuantityInvalid: 'Informe uma quantidade inteira de 0 ou mais.',
  quantityAboveStock: (name: string, stock: number) =>
    stock === 0
      ? `O produto ${name} está sem estoque.`
      : `Quantidade indisponível do produto ${name}: há ${stock} em estoque.`,
  tooManyItems: `O carrinho pode ter no máximo ${SELLING_LIMITS.maxCartItems} produtos diferentes.`,
  notInCart: 'Este produto não está no carrinho.',
  cartEmpty: 'O carrinho está vazio: adicione produtos antes de finalizar o pedido.',
  deliveryInvalid: 'Escolha a entrega: 1 (Motoboy) ou 2 (Retirada na loja).',
  choiceInvalid: 'Escolha sim ou não.',
  fastDeliveryPickup: 'A entrega rápida só está disponível com entrega por motoboy.',
  /** A delivery to a customer without an address (a counter customer, decision 0073): 409. */
  deliveryNeedsAddress: (name: string) =>
    `${name} não tem endereço cadastrado: complete o endereço do cliente para entregar por motoboy, ou escolha retirada na loja.`,
  fastDeliveryUnavailable: 'Este cliente não tem entrega rápida (taxa de entrega rápida não definida).',
  warrantyUnavailable: 'Este cliente não tem garantia (percentual de garantia não definido).',
  receiptRequired: 'Envie a imagem do comprovante.',
  idempotencyKeyInvalid: 'Identificador da finalização inválido; recarregue a página e tente novamente.',
  idempotencyKeyReused:
    'Esta finalização já foi usada para outro pedido ou outros dados. Recarregue a página e tente novamente.',
  totalInvalid: 'Total esperado inválido.',
  totalChanged: (total: string) =>
    `Os preços mudaram desde que o carrinho foi exibido: o novo total é ${total}. Confira e finalize de novo.`,
} as const;

// ---------- shared pieces ----------

/** Booleans in a query string: 'true' or 'false' (absent: false). */
const queryBoolean = z
  .enum(['true', 'false'], { error: SELLING_TEXTS.choiceInvalid })
  .default('false')
  .transform((value) => value === 'true');

const deliveryTypeSchema = z.union([z.literal(1), z.literal(2)], { error: SELLING_TEXTS.deliveryInvalid });

/** The customer id of every cart, pre-checkout and checkout path. */
export const sellingCustomerParamsSchema = z.object({ id: idParamSchema(SELLING_TEXTS.customerInvalid) });

/** Money answered by the API: reais with two decimals. */
const reais = z.number();

// ---------- GET /shop/products/full/search/{param}/email/{email} → { products } ----------

export const sellingProductSearchParamsSchema = z.object({
  param: z
    .string({ error: SELLING_TEXTS.searchRequired })
    .trim()
    .min(1, SELLING_TEXTS.searchRequired)
    .max(SELLING_LIMITS.maxSearch, SELLING_TEXTS.searchTooLong),
  /** The customer's e-mail as stored (any case). Only its shape is checked: the shop app registered it. */
  email: z
    .string({ error: SELLING_TEXTS.emailInvalid })
    .trim()
    .max(SELLING_LIMITS.maxEmail, SELLING_TEXTS.emailInvalid)
    .regex(/^[^@\s]+@[^@\s]+$/, SELLING_TEXTS.emailInvalid),
});
export type SellingProductSearchParams = z.infer<typeof sellingProductSearchParamsSchema>;

/** A product as the selling search shows it (section 3 "Product in selling search", plus code, brand, reference). */
export const sellingProductSchema = z.object({
  productId: z.number().int(),
  code: z.string(),
  name: z.string(),
  brand: z.string(),
  reference: z.string().nullable(),
  imagesUrl: z.array(z.string()),
  /** The customer's level price: gold, silver or bronze price, or the sell price for level 0. */
  priceDiscounted: reais,
  stock: z.number().int(),
  /** A phone sold by its units: each unit's IMEI is named when it is handed over ('Balcão', decision 0074). */
  serialized: z.boolean().optional(),
});
export type SellingProduct = z.infer<typeof sellingProductSchema>;

export const sellingProductSearchResponseSchema = z.object({ products: z.array(sellingProductSchema) });
export type SellingProductSearchResponse = z.infer<typeof sellingProductSearchResponseSchema>;

// ---------- the cart ----------

export const cartItemSchema = z.object({
  productId: z.number().int(),
  code: z.string(),
  name: z.string(),
  imageUrls: z.array(z.string()),
  quantity: z.number().int(),
  /** The customer's level price of one unit, now. */
  unitPrice: reais,
  /** quantity × unitPrice. */
  totalPrice: reais,
  /** Units in stock now (a line above it cannot be sold: checkout answers STOCK_INSUFFICIENT). */
  stock: z.number().int(),
  /** Archived since it was added (checkout refuses it until removed). */
  archived: z.boolean(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  customerId: z.number().int(),
  /** Oldest added first. */
  items: z.array(cartItemSchema),
  /** Sum of the items' totalPrice. */
  totalAmount: reais,
  /** totalAmount plus the customer's warranty over it (what the goods cost with warranty). */
  totalAmountWarranty: reais,
});
export type Cart = z.infer<typeof cartSchema>;

// POST /orders/cart/add/{id}, body { productId, quantity }: adds to the line's quantity.
export const cartAddBodySchema = z.object({
  productId: idSchema(SELLING_TEXTS.productInvalid),
  quantity: z
    .number({ error: SELLING_TEXTS.quantityInvalid })
    .int(SELLING_TEXTS.quantityInvalid)
    .min(1, SELLING_TEXTS.quantityInvalid)
    .max(SELLING_LIMITS.maxQuantity, SELLING_TEXTS.quantityInvalid),
});
export type CartAddBody = z.infer<typeof cartAddBodySchema>;

// PATCH /orders/cart/change/{id}, body { productId, newQuantity }: sets the quantity; 0 removes the line.
export const cartChangeBodySchema = z.object({
  productId: idSchema(SELLING_TEXTS.productInvalid),
  newQuantity: z
    .number({ error: SELLING_TEXTS.newQuantityInvalid })
    .int(SELLING_TEXTS.newQuantityInvalid)
    .min(0, SELLING_TEXTS.newQuantityInvalid)
    .max(SELLING_LIMITS.maxQuantity, SELLING_TEXTS.newQuantityInvalid),
});
export type CartChangeBody = z.infer<typeof cartChangeBodySchema>;

/** Answer of add and change: the message to show and the cart as it is now. */
export const cartResponseSchema = z.object({ message: z.string(), cart: cartSchema });
export type CartResponse = z.infer<typeof cartResponseSchema>;

// ---------- GET /orders/pre/checkout/{id}?typeOfDelivery=&withWarranty=&isFastDelivery= ----------

/** The delivery choices the totals are computed for (defaults of section 4: motoboy, no warranty, no fast). */
export const preCheckoutQuerySchema = z.object({
  typeOfDelivery: z
    .enum(['1', '2'], { error: SELLING_TEXTS.deliveryInvalid })
    .default('1')
    .transform((value) => Number(value) as DeliveryType),
  withWarranty: queryBoolean,
  isFastDelivery: queryBoolean,
  /** Optional (issue 38): the sale's discounts as JSON text (`saleDiscountsSchema`); the totals answered apply them. */
  discounts: saleDiscountsQuerySchema.optional(),
});
export type PreCheckoutQuery = z.input<typeof preCheckoutQuerySchema>;

export const deliveryChoicesSchema = z.object({
  typeOfDelivery: deliveryTypeSchema,
  withWarranty: z.boolean(),
  isFastDelivery: z.boolean(),
});
export type DeliveryChoices = z.infer<typeof deliveryChoicesSchema>;

/**
 * `{ cart, ...price fields }` (section 3 "Cart"). Section 4's rule, with the fast-delivery tax replacing
 * the shipping cost: total = cart.totalAmount + (motoboy and not fast: shippingCost) + (motoboy and fast:
 * fastDeliveryTax) + (withWarranty: warrantyAmount).
 */
export const preCheckoutResponseSchema = z.object({
  cart: cartSchema,
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    /** 0 none, 1 Ouro, 2 Prata, 3 Bronze. */
    level: z.number().int(),
    /** Only an approved, unblocked customer can be sold to (checkout refuses the others). */
    canBuy: z.boolean(),
    /** True for a 'Consumidor final' (decision 0040): pickup only, with an optional CPF on the note. */
    walkIn: z.boolean().optional(),
    /** True for a customer without a delivery address (decision 0073): pickup only until it is completed. */
    addressMissing: z.boolean().optional(),
  }),
  /** The choices these totals are for (the query's, defaults filled in). */
  choices: deliveryChoicesSchema,
  /** The customer's shipping cost (charged only with delivery 1 without fast delivery). */
  shippingCost: reais,
  /** True when the customer has a warranty percentage above 0. */
  hasWarranty: z.boolean(),
  warrantyPercentage: z.number(),
  /** The warranty over the cart's goods (cart.totalAmountWarranty − cart.totalAmount). */
  warrantyAmount: reais,
  /** True when the customer has a fast-delivery tax above 0 (and then only with delivery 1). */
  fastDeliveryEnabled: z.boolean(),
  fastDeliveryTax: reais,
  /** What the delivery choice adds: the shipping cost, the fast-delivery tax, or 0. */
  deliveryCharge: reais,
  /** What the order costs with these choices: what checkout charges. */
  total: reais,
  /** The same delivery choice with warranty (the "Garantia" option's figure). */
  totalWithWarranty: reais,
  /**
   * The shop's static Pix BR Code for exactly `total` (txid '***': no order yet), for payment by
   * 'Depósito'; null when the cart is empty, no Pix key is active or the merchant name/city is not set.
   */
  pix: z.object({ payload: z.string(), amount: reais }).nullable(),
  /** Next motoboy departure (ISO), for delivery 1; null for store pickup. */
  nextDeparture: z.string().nullable(),
  /**
   * Issue 38, present when the query asked for discounts: what they take off (`total` already has them
   * off), each line's share (own + its part of the order's), and `refusal`, the reason checkout would refuse
   * them (above the seller's role maximum, above a line's value…) or null.
   */
  discounts: z
    .object({
      lines: z.array(z.object({ productId: z.number().int(), discount: reais })),
      /** The lines' own discounts. */
      linesDiscount: reais,
      /** The order's discount (over the goods after the lines' own). */
      orderDiscount: reais,
      /** linesDiscount + orderDiscount. */
      discount: reais,
      refusal: z.string().nullable(),
      /** True when `refusal` is the seller's role maximum (a manager may approve it: decision 0045). */
      aboveMaximum: z.boolean().optional(),
      /**
       * Decision 0045, when the seller is known and has asked: the seller's newest approval request for this
       * customer (absent: none), and whether it covers this cart and these discounts now (then `refusal` is null and the checkout
       * sends its id as `discountApprovalId`).
       */
      approval: preCheckoutApprovalSchema.nullable().optional(),
    })
    .optional(),
  /** Issue 38: the seller's maximum discount (%), null when unlimited (full:access). */
  maxDiscountPercentage: z.number().nullable().optional(),
});
export type PreCheckoutResponse = z.infer<typeof preCheckoutResponseSchema>;

// ---------- POST /orders/checkout/{id} and /orders/checkout/bank/transfer/{id} → { code } ----------

const checkoutFields = {
  typeOfDelivery: deliveryTypeSchema,
  withWarranty: z.boolean({ error: SELLING_TEXTS.choiceInvalid }),
  isFastDelivery: z.boolean({ error: SELLING_TEXTS.choiceInvalid }),
  /**
   * Optional: a UUID the client makes once per checkout attempt (kept across retries of the same
   * attempt): the same key answers the same order code and never creates a second order. The
   * `Idempotency-Key` header, when sent, wins over it; without either, each request is its own attempt.
   */
  idempotencyKey: z.uuid({ error: SELLING_TEXTS.idempotencyKeyInvalid }).optional(),
  /** The total the screen showed; when given and the server's differs, 409 STALE_DATA and no order. */
  expectedTotal: z.number({ error: SELLING_TEXTS.totalInvalid }).min(0, SELLING_TEXTS.totalInvalid).optional(),
  /** 'Troco para' (cash only): the note the customer will pay with, at least the total; the courier brings the change. */
  changeFor: z
    .number({ error: SELLING_TEXTS.changeForInvalid })
    .positive(SELLING_TEXTS.changeForInvalid)
    .max(1_000_000, SELLING_TEXTS.changeForInvalid)
    .optional(),
  /**
   * Optional, a walk-in's sale only ('Consumidor final', decision 0040): the CPF or CNPJ the customer asks on
   * the note (check digits verified), kept on the order for the NFC-e; blank or absent: none.
   */
  noteDocument: noteDocumentSchema.optional(),
  /**
   * Optional (issue 38, decision 0041): discounts per line and/or on the whole order, in R$ or %, taken off
   * the goods (never freight or warranty); refused above the seller's role maximum (403). `expectedTotal`,
   * when sent, is the total after them.
   */
  discounts: saleDiscountsSchema.optional(),
  /**
   * Optional (decision 0045): a manager's approval of these discounts above the seller's maximum, APPROVED for
   * this seller, customer, cart and discounts, unused and within DISCOUNT_APPROVAL_VALID_MINUTES; used by the
   * order. Otherwise the discount above the maximum is refused (403) as without it.
   */
  discountApprovalId: idSchema(DISCOUNT_APPROVAL_TEXTS.approvalIdInvalid).optional(),
};

/** Cash ('Dinheiro'): the order starts in AGUARDANDO_ESTOQUISTA. */
export const checkoutCashBodySchema = z.object(checkoutFields);
export type CheckoutCashBody = z.infer<typeof checkoutCashBodySchema>;

/**
 * The order's own Pix, optionally split (decision 0042's amendment): with `cardOnDeliveryAmount` (reais, more
 * than 0 and less than the total) the Pix is for the rest only — a Pix part with its own txid and BR Code,
 * answered in `pixPart` — and that amount is charged by card at the door or the counter ('Levar maquininha');
 * the order goes to the stocker once its Pix part is paid. Without it, section 7's Pix checkout as before.
 */
export const checkoutPixBodySchema = z.object({
  ...checkoutFields,
  cardOnDeliveryAmount: splitCardAmountSchema.optional(),
});
export type CheckoutPixBody = z.infer<typeof checkoutPixBodySchema>;

/** Bank transfer ('Depósito'): the proof is required; the order waits for approval (AGUARDANDO_APROVACAO). */
export const checkoutTransferBodySchema = z.object({
  ...checkoutFields,
  /** The proof picture, base64 without the data-URL prefix (JPEG, PNG, WebP or HEIF; at most 4 MB). */
  receipt: z.string({ error: SELLING_TEXTS.receiptRequired }).min(1, SELLING_TEXTS.receiptRequired),
});
export type CheckoutTransferBody = z.infer<typeof checkoutTransferBodySchema>;

/**
 * On credit ('A prazo', issue 40 §1): `terms` is one of the customer's plans ('28', '30/60/90'); the instalments
 * are made when the order is delivered. Within his limit the order goes to the stocker; above it, or for a customer
 * late beyond the setting, it waits in 'Aguardando aprovação de crédito' for a manager.
 */
export const checkoutCreditBodySchema = z.object({
  ...checkoutFields,
  terms: z
    .string({ error: CREDIT_TEXTS.termsInvalid })
    .max(60, CREDIT_TEXTS.termsInvalid)
    .transform((text, ctx) => {
      const days = parseCreditTerms(text);
      if (!days) {
        ctx.addIssue({ code: 'custom', message: CREDIT_TEXTS.termsInvalid });
        return z.NEVER;
      }
      return days;
    }),
});
export type CheckoutCreditBody = z.input<typeof checkoutCreditBodySchema>;
export type CheckoutCreditInput = z.output<typeof checkoutCreditBodySchema>;

/**
 * Card ('Cartão', issue 38, decision 0042): with `card` (the machine's receipt at the counter: kind, brand,
 * instalments, NSU, authorisation code) the order is paid with the sale, one confirmed card part for its
 * total; without it, the card is charged on delivery or at pickup ('Levar maquininha'). Either way the order
 * starts in AGUARDANDO_ESTOQUISTA, as cash does. Anything that looks like a card number is refused before this
 * schema (the API's input guard, its route's `refusesCardData`).
 */
export const checkoutCardBodySchema = z.object({ ...checkoutFields, card: cardDataSchema.optional() });
export type CheckoutCardBody = z.infer<typeof checkoutCardBodySchema>;

export const checkoutResponseSchema = z.object({
  /** The order code (section 7: data.code). */
  code: z.string(),
  orderId: z.number().int(),
  /** The status the order starts in (1 AGUARDANDO_ESTOQUISTA, 11 AGUARDANDO_APROVACAO). */
  statusKey: z
    .number()
    .int()
    .refine((key) => (ORDER_STATUS_KEYS as number[]).includes(key)),
  total: reais,
  /** How it is paid (issue 35: the confirmation says what is still due and how). */
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  /** 1 Motoboy, 2 Retirada na loja: where a cash order is paid. */
  deliveryType: z.number().int().optional(),
  /** A card to be charged at the door or the counter ('Levar maquininha', issue 38); absent otherwise. */
  cardOnDelivery: z.boolean().optional(),
  /** A split Pix checkout's Pix part: its amount, txid and BR Code (null when the shop's Pix receiver is not set). */
  pixPart: z.object({ amount: reais, txid: z.string(), payload: z.string().nullable() }).optional(),
  /** True when this answer repeats an earlier checkout with the same idempotency key. */
  replayed: z.boolean(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;
