import {
  type CardKind,
  centsToReais,
  describeCard,
  formatBRL,
  formatBusinessDateTimeMinutes,
  formatDocument,
  PART_METHOD_LABELS,
  type PartKind,
  COUNTER_RECEIPT_TEXTS as T,
} from '@backoffice/contract';
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';

/** 80 mm in points: the counter's thermal roll (the DANFE NFC-e's width). */
const WIDTH = (80 * 72) / 25.4;

/** A sale as its receipt prints it (cents). */
export interface SaleReceipt {
  shop: { name: string; cnpj: string | null; address: string | null };
  code: string;
  soldAt: Date;
  seller: string | null;
  /** The registered buyer's name and document; null for the walk-in ('Consumidor final'). */
  customer: { name: string; document: string } | null;
  /** 'CPF na nota' of a walk-in. */
  noteDocument: string | null;
  items: ReadonlyArray<{ code: string; name: string; quantity: number; unitCents: number; discountCents: number }>;
  itemsCents: number;
  /** Freight, fast delivery and warranty (none at the counter). */
  chargesCents: number;
  discountCents: number;
  totalCents: number;
  payments: ReadonlyArray<{
    method: PartKind;
    amountCents: number;
    receivedCents: number | null;
    card: { kind: CardKind; brand: string | null; instalments: number | null } | null;
  }>;
}

// Standard fonts write WinAnsi: a non-breaking space prints as a space.
const money = (cents: number) => formatBRL(centsToReais(cents)).replace(/\s/g, ' ');

const s = StyleSheet.create({
  page: { paddingVertical: 10, paddingHorizontal: 9, fontFamily: 'Helvetica', fontSize: 7.5 },
  shop: { fontFamily: 'Helvetica-Bold', fontSize: 9, textAlign: 'center', marginBottom: 1 },
  center: { textAlign: 'center', marginBottom: 0.8 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 9, textAlign: 'center', marginVertical: 2 },
  rule: { borderBottomWidth: 0.6, borderStyle: 'dashed', borderColor: '#000000', marginVertical: 4 },
  row: { flexDirection: 'row', justifyContent: 'space-between' },
  bold: { fontFamily: 'Helvetica-Bold' },
  item: { marginBottom: 2.5 },
  total: { fontFamily: 'Helvetica-Bold', fontSize: 9 },
  notice: { fontFamily: 'Helvetica-Bold', fontSize: 8, textAlign: 'center', marginTop: 2 },
});

const rule = () => h(View, { style: s.rule });
const pair = (label: string, value: string, style?: (typeof s)[keyof typeof s]) =>
  h(View, { style: s.row }, h(Text, { style }, label), h(Text, { style }, value));

function paymentRows(payment: SaleReceipt['payments'][number], index: number): ReactElement {
  const label = payment.card
    ? `${PART_METHOD_LABELS.CARD} ${describeCard(payment.card.kind, payment.card.instalments, payment.card.brand)}`
    : PART_METHOD_LABELS[payment.method];
  const received = payment.receivedCents;
  return h(
    View,
    { key: `p-${index}` },
    pair(label, money(payment.amountCents)),
    received !== null && received >= payment.amountCents
      ? h(View, null, pair(T.received, money(received)), pair(T.change, money(received - payment.amountCents)))
      : null,
  );
}

function receipt(sale: SaleReceipt): ReactElement {
  const buyer = sale.customer
    ? `${sale.customer.name}${sale.customer.document ? ` · ${formatDocument(sale.customer.document)}` : ''}`
    : null;
  return h(
    Document,
    { title: `${T.title} ${sale.code}`, language: 'pt-BR', author: sale.shop.name },
    h(
      Page,
      { size: { width: WIDTH }, style: s.page, wrap: false },
      h(Text, { style: s.shop }, sale.shop.name),
      sale.shop.cnpj ? h(Text, { style: s.center }, `CNPJ ${formatDocument(sale.shop.cnpj)}`) : null,
      sale.shop.address ? h(Text, { style: s.center }, sale.shop.address) : null,
      rule(),
      h(Text, { style: s.title }, T.title),
      pair(T.order(sale.code), formatBusinessDateTimeMinutes(sale.soldAt)),
      sale.seller ? pair(T.seller, sale.seller) : null,
      buyer ? h(Text, null, `${T.customer}: ${buyer}`) : null,
      sale.noteDocument ? h(Text, null, `${T.noteDocument}: ${formatDocument(sale.noteDocument)}`) : null,
      rule(),
      ...sale.items.map((item, index) =>
        h(
          View,
          { key: `i-${index}`, style: s.item, wrap: false },
          h(Text, null, `${item.code} ${item.name}`),
          pair(T.item(item.quantity, money(item.unitCents)), money(item.quantity * item.unitCents)),
          item.discountCents > 0 ? pair(T.itemDiscount, `- ${money(item.discountCents)}`) : null,
        ),
      ),
      rule(),
      pair(T.subtotal, money(sale.itemsCents + sale.chargesCents)),
      sale.discountCents > 0 ? pair(T.discount, `- ${money(sale.discountCents)}`) : null,
      pair(T.total, money(sale.totalCents), s.total),
      rule(),
      h(Text, { style: s.bold }, T.payments),
      ...sale.payments.map(paymentRows),
      rule(),
      h(Text, { style: s.notice }, T.noFiscalValue),
      h(Text, { style: s.center }, T.thanks),
    ),
  );
}

/** The counter's 'Comprovante de venda' as an 80 mm PDF, as tall as the sale needs (a non-fiscal receipt). */
export function saleReceiptPdf(sale: SaleReceipt): Promise<Buffer> {
  return renderToBuffer(receipt(sale) as Parameters<typeof renderToBuffer>[0]);
}
