/**
 * An order as its note says it (issue 41 §2): which model it takes, and the note's items, charges, recipient and
 * payments from the order's figures. Pure: the emission service reads the order, the issuer and the profiles and
 * hands them here; nfe-builder.ts writes the XML.
 *
 * - The model: an NF-e (55) for a company (a CNPJ), a recipient in another state, or a consumer's order delivered to
 *   his address (decision 0076: an NFC-e carries no freight unless it is a home delivery, indPres 4, which not every
 *   state accepts); an NFC-e (65) for a consumer (a CPF, a walk-in) buying at the counter in the shop's state —
 *   unless the user chose. A delivered order the user puts on an NFC-e is one of home delivery (indPres 4): the
 *   customer identified with his address, the shop (its couriers) the carrier.
 * - The order's freight (shipping and the fast-delivery tax) is the note's vFrete, its warranty the note's vOutro
 *   ('outras despesas acessórias'), its discount the note's vDesc, shared among the items by value; an item's own
 *   discount stays on it. The note's total must be the order's, to the cent.
 * - Payments (tPag): each confirmed part by its method (cash 01, credit card 03, debit card 04, deposit 16, Pix 20:
 *   every Pix the shop takes is paid to a static BR Code, its key in the QR code — contract's `buildPixPayload`, no
 *   PSP's charge location —, 'Pagamento Instantâneo (PIX) – Estático', NT 2023.004; 17 is a PSP's dynamic Pix),
 *   a sale on credit 05 ('crédito loja', deferred) with its instalments as the NF-e's duplicates; an order paid
 *   whole by its method, by it.
 * - The phones' IMEIs: the units the order took, one list per unit (a dual-SIM's two).
 * - A walk-in's 'CPF na nota' is the NFC-e's dest: his CPF (or CNPJ) alone.
 */
import { type CardBrand, centsToReais, formatBRL } from '@backoffice/contract';
import type {
  ItemTaxes,
  NfeAddress,
  NfeCarrier,
  NfeInstalment,
  NfeItem,
  NfePayment,
  NfeRecipient,
  PaymentType,
} from '../nfe/nfe-input';

export class OrderNoteError extends Error {}

export interface OrderForNote {
  code: string;
  totalCents: number;
  shippingCents: number;
  fastDeliveryTaxCents: number;
  warrantyCents: number;
  /**
   * The services the order bills besides its goods (a repair's labour, LC 116/2003 item 14.01): not on the goods
   * note (decision 0085), which then says the goods alone — their total, and the payments up to it.
   */
  servicesCents?: number;
  discountCents: number;
  /** 2: picked up at the counter (no freight); otherwise delivered. */
  deliveryType: number;
  /** A walk-in's 'CPF na nota' (decision 0040): the CPF or CNPJ he gave at the sale, or null. */
  noteDocument?: string | null;
  paymentMethod: 'CASH' | 'BANK_TRANSFER' | 'PIX' | 'CARD' | 'CREDIT';
  customer: {
    document: string;
    name: string;
    email: string | null;
    walkIn: boolean;
    stateRegistration?: string | null;
    address: NfeAddress | null;
  };
  items: {
    code: string;
    name: string;
    gtin: string | null;
    ncm: string | null;
    cest: string | null;
    origin: number | null;
    quantity: number;
    unitPriceCents: number;
    discountCents: number;
    taxes: ItemTaxes | null;
    imeis: string[][];
  }[];
  /** Confirmed parts; empty when the order is paid whole by its method. */
  parts: {
    method: 'CASH' | 'BANK_TRANSFER' | 'PIX' | 'CARD' | 'TRADE_IN';
    amountCents: number;
    cardKind?: 'DEBIT' | 'CREDIT' | null;
    cardBrand?: CardBrand | string | null;
    authorization?: string | null;
  }[];
  /** A sale on credit's instalments. */
  instalments: { seq: number; dueDate: string; amountCents: number }[];
}

/** tBand of the NF-e's card group. */
const CARD_BRAND_CODES: Readonly<Record<string, string>> = {
  Visa: '01',
  Mastercard: '02',
  'American Express': '03',
  Elo: '06',
  Hipercard: '07',
  Outra: '99',
};

const METHOD_TYPES: Readonly<Record<'CASH' | 'BANK_TRANSFER' | 'PIX', PaymentType>> = {
  CASH: '01',
  BANK_TRANSFER: '16',
  PIX: '20',
};

/** The order's delivery type of a counter pickup ('Retirada na loja'): no freight, no transport. */
const COUNTER_PICKUP = 2;

/** The model an order's note takes by default: NFC-e for a consumer at the counter in the shop's state, else NF-e. */
export function defaultModel(order: Pick<OrderForNote, 'customer' | 'deliveryType'>, issuerUf: string): 55 | 65 {
  const { customer } = order;
  if (customer.walkIn) return 65;
  if (customer.document.length === 14) return 55;
  if (customer.address && customer.address.uf !== issuerUf) return 55;
  // Delivered to the consumer's address (decision 0076): the NF-e, which carries the freight in every state.
  if (order.deliveryType !== COUNTER_PICKUP && customer.address) return 55;
  return 65;
}

export interface NoteParts {
  items: NfeItem[];
  recipient: NfeRecipient | null;
  freightCents: number;
  otherCents: number;
  discountCents: number;
  freightMode: 0 | 9;
  /** indPres 4 and the carrier: an NFC-e of a delivered order (decision 0076); else null (the builder's default). */
  presence: 4 | null;
  carrier: NfeCarrier | null;
  payments: NfePayment[];
  instalments: NfeInstalment[];
}

/** An NFC-e of a delivered order (indPres 4) names its customer, his address and the carrier (rules 786–788). */
function checkHomeDelivery(order: OrderForNote, shop: NfeCarrier | null): void {
  const { customer } = order;
  if (customer.walkIn)
    throw new OrderNoteError(
      `O pedido ${order.code} foi entregue: a NFC-e de entrega a domicílio precisa do cliente identificado (CPF) e do seu endereço.`,
    );
  if (!customer.address)
    throw new OrderNoteError(
      `O cliente ${customer.name} não tem endereço completo para a NFC-e de entrega a domicílio do pedido ${order.code}.`,
    );
  if (!shop) throw new OrderNoteError('A NFC-e de entrega a domicílio precisa do transportador.');
}

/**
 * The amounts of `parts`, in their order, up to `total` (the goods' share when the order also bills services): the
 * first ones whole, the one that reaches it cut, the rest left out. Unchanged when they do not pass it.
 */
function upTo<T extends { amountCents: number }>(parts: T[], total: number): T[] {
  let left = total;
  const kept: T[] = [];
  for (const part of parts) {
    if (left <= 0) break;
    kept.push(part.amountCents > left ? { ...part, amountCents: left } : part);
    left -= part.amountCents;
  }
  return kept;
}

/**
 * The note's parts of `order` (see the module's comment); throws OrderNoteError with what is missing. `shop` is the
 * carrier of an NFC-e delivered at home: the shop, whose couriers deliver.
 */
export function orderNoteParts(order: OrderForNote, model: 55 | 65, shop: NfeCarrier | null = null): NoteParts {
  const items: NfeItem[] = order.items.map((item) => {
    if (!item.ncm) throw new OrderNoteError(`O produto ${item.code} (${item.name}) não tem NCM.`);
    if (!item.taxes)
      throw new OrderNoteError(
        `O produto ${item.code} (${item.name}) não tem perfil fiscal, e a loja não tem um perfil padrão.`,
      );
    return {
      code: item.code,
      gtin: item.gtin,
      name: item.name,
      ncm: item.ncm,
      cest: item.cest,
      origin: item.origin ?? 0,
      unit: 'UN',
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      discountCents: item.discountCents,
      imeis: item.imeis.length === item.quantity ? item.imeis : [],
      taxes: item.taxes,
    };
  });
  const freightCents = order.shippingCents + order.fastDeliveryTaxCents;
  const gross = items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents - (item.discountCents ?? 0), 0);
  const noteTotal = gross + freightCents + order.warrantyCents - order.discountCents;
  const goodsTotal = order.totalCents - (order.servicesCents ?? 0);
  if (noteTotal !== goodsTotal)
    throw new OrderNoteError(
      `Os valores do pedido ${order.code} não fecham: itens, frete, garantia e desconto somam ${formatBRL(centsToReais(noteTotal))} e o total é ${formatBRL(centsToReais(goodsTotal))}.`,
    );

  const { customer } = order;
  const homeDelivery = model === 65 && order.deliveryType !== COUNTER_PICKUP;
  if (homeDelivery) checkHomeDelivery(order, shop);
  let recipient: NfeRecipient | null = null;
  if (!customer.walkIn) {
    if (model === 55 && !customer.address)
      throw new OrderNoteError(`O cliente ${customer.name} não tem endereço completo para a NF-e.`);
    recipient = {
      document: customer.document,
      name: customer.name,
      ie: customer.stateRegistration ?? null,
      email: customer.email,
      address: model === 55 || homeDelivery ? customer.address : null,
    };
  } else if (model === 55) {
    throw new OrderNoteError('Uma venda a consumidor não identificado é emitida como NFC-e.');
  } else if (order.noteDocument) {
    // 'CPF na nota': the NFC-e's dest is the document alone (no name, no address: MOC 7.0, grupo E, NFC-e), and
    // the DANFE says 'CONSUMIDOR - CPF …' instead of 'CONSUMIDOR NÃO IDENTIFICADO'.
    recipient = { document: order.noteDocument, name: '', ie: null, email: null, address: null };
  }

  let payments: NfePayment[];
  let instalments: NfeInstalment[] = [];
  if (order.paymentMethod === 'CREDIT') {
    payments = [{ type: '05', amountCents: goodsTotal, deferred: true }];
    if (model === 55)
      instalments = upTo(order.instalments, goodsTotal).map((d) => ({
        number: String(d.seq).padStart(3, '0'),
        dueDate: d.dueDate,
        amountCents: d.amountCents,
      }));
  } else if (order.parts.length > 0) {
    payments = upTo(order.parts, goodsTotal).map((part) =>
      part.method === 'CARD'
        ? {
            type: part.cardKind === 'DEBIT' ? '04' : '03',
            amountCents: part.amountCents,
            card: {
              integrated: false,
              brand: part.cardBrand ? (CARD_BRAND_CODES[part.cardBrand] ?? '99') : null,
              authorization: part.authorization ?? null,
            },
          }
        : part.method === 'TRADE_IN'
          ? // A used phone taken as part of the payment (decision 0058): 'Outros', said in xPag.
            { type: '99', amountCents: part.amountCents, description: 'Aparelho usado' }
          : { type: METHOD_TYPES[part.method], amountCents: part.amountCents },
    );
  } else if (order.paymentMethod === 'CARD') {
    payments = [{ type: '03', amountCents: goodsTotal, card: { integrated: false } }];
  } else {
    payments = [{ type: METHOD_TYPES[order.paymentMethod], amountCents: goodsTotal }];
  }
  return {
    items,
    recipient,
    freightCents,
    otherCents: order.warrantyCents,
    discountCents: order.discountCents,
    freightMode: order.deliveryType === COUNTER_PICKUP ? 9 : 0,
    presence: homeDelivery ? 4 : null,
    carrier: homeDelivery ? shop : null,
    payments,
    instalments,
  };
}
