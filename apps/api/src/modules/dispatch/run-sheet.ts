import {
  COURIER_PAYMENT_TEXTS,
  type CourierRun,
  courierPaymentLine,
  formatBusinessDateTimeMinutes,
  formatDocument,
  roundReais,
} from '@backoffice/contract';
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';

/** Texts of the run sheet (romaneio), issue 19 §2. */
export const RUN_SHEET_TEXTS = {
  title: 'Romaneio de entrega',
  courier: 'Motoboy',
  departure: 'Saída',
  orders: (count: number) => (count === 1 ? '1 pedido' : `${count} pedidos`),
  phone: 'Telefone',
  address: 'Endereço',
  items: (count: number) => (count === 1 ? '1 item' : `${count} itens`),
  changeFor: (note: string, change: string) => `Troco para ${note}: levar ${change} de troco`,
  receiver: 'Recebido por: ______________________________',
  /** Delivered: who received it, as the courier wrote it with the signature (decision 0039). */
  receivedBy: (name: string, document: string | null) =>
    `Recebido por: ${name}${document ? ` (documento ${formatDocument(document)})` : ''}`,
  signature: 'Assinatura: ______________________________',
  total: (amount: string) => `Total em dinheiro a receber: ${amount}`,
  footer: (when: string) => `BackOffice - romaneio gerado em ${when}`,
  notAvailable: 'não informado',
} as const;

const T = RUN_SHEET_TEXTS;
const money = (reais: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(reais).replace(/\s/g, ' ');
const dateTime = (at: Date | string) => formatBusinessDateTimeMinutes(new Date(at));

const styles = StyleSheet.create({
  page: { padding: 36, paddingBottom: 56, fontSize: 10, fontFamily: 'Helvetica' },
  title: { fontSize: 16, fontFamily: 'Helvetica-Bold', marginBottom: 6 },
  head: { marginBottom: 12, color: '#333333' },
  order: { borderWidth: 0.5, borderColor: '#999999', padding: 8, marginBottom: 8 },
  code: { fontSize: 12, fontFamily: 'Helvetica-Bold' },
  line: { marginTop: 2 },
  collect: { marginTop: 4, fontFamily: 'Helvetica-Bold' },
  sign: { marginTop: 10, color: '#333333' },
  total: { marginTop: 10, fontSize: 12, fontFamily: 'Helvetica-Bold' },
  footer: { position: 'absolute', bottom: 24, left: 36, right: 36, fontSize: 8, color: '#555555' },
});

function sheet(run: CourierRun, generatedAt: Date): ReactElement {
  return h(
    Document,
    { title: `${T.title} ${run.id}`, language: 'pt-BR' },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(Text, { style: styles.title }, T.title),
      h(
        Text,
        { style: styles.head },
        `${T.courier}: ${run.deliverer.name} · ${T.departure}: ${dateTime(run.departureAt)} · ${T.orders(run.orders.length)}`,
      ),
      ...run.orders.map((order) =>
        h(
          View,
          { key: order.orderId, style: styles.order, wrap: false },
          h(Text, { style: styles.code }, `${order.code} · ${order.customer}`),
          h(Text, { style: styles.line }, `${T.phone}: ${order.phone ?? T.notAvailable}`),
          h(Text, { style: styles.line }, `${T.address}: ${order.address ?? order.neighborhood ?? T.notAvailable}`),
          h(Text, { style: styles.line }, T.items(order.itemsCount)),
          h(
            Text,
            { style: styles.collect },
            // The courier's card says the same (payment-due.ts): 'Receber em dinheiro' or 'Pago (Pix): nada a receber'.
            order.paymentMethod
              ? courierPaymentLine(
                  {
                    paymentMethod: order.paymentMethod,
                    statusKey: order.status,
                    cardOnDelivery: order.cardOnDelivery,
                    cardToCollect: order.cardToCollect,
                    cashToCollect: order.cashToCollect,
                  },
                  { total: money(order.cardToCollect ?? order.cashToCollect), payment: order.payment },
                )
              : order.cashToCollect > 0
                ? COURIER_PAYMENT_TEXTS.cash(money(order.cashToCollect))
                : COURIER_PAYMENT_TEXTS.paid(order.payment),
          ),
          order.changeFor !== null && order.changeFor > order.cashToCollect
            ? h(
                Text,
                { style: styles.line },
                T.changeFor(money(order.changeFor), money(roundReais(order.changeFor - order.cashToCollect))),
              )
            : null,
          h(
            Text,
            { style: styles.sign },
            order.receivedBy ? T.receivedBy(order.receivedBy.name, order.receivedBy.document) : T.receiver,
          ),
          h(Text, { style: styles.sign }, T.signature),
        ),
      ),
      h(Text, { style: styles.total }, T.total(money(run.cashToCollect))),
      h(Text, { style: styles.footer, fixed: true }, T.footer(dateTime(generatedAt))),
    ),
  );
}

/** The run sheet as an A4 PDF, made on the server (the courier's list, printed from the board). */
export function runSheetPdf(run: CourierRun, generatedAt = new Date()): Promise<Buffer> {
  return renderToBuffer(sheet(run, generatedAt) as Parameters<typeof renderToBuffer>[0]);
}
