import {
  formatBRL,
  formatBusinessDateTimeMinutes,
  formatDay,
  RECEIPT_TEXTS,
  RECEIVABLE_PAYMENT_METHOD_LABELS,
  type ReceivableDetails,
  type ReceivablePayment,
} from '@backoffice/contract';
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';

const T = RECEIPT_TEXTS;
const money = (reais: number) => formatBRL(reais).replace(/\s/g, ' ');

const styles = StyleSheet.create({
  page: { padding: 40, paddingBottom: 56, fontSize: 11, fontFamily: 'Helvetica' },
  company: { fontSize: 10, color: '#333333', marginBottom: 12 },
  title: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginBottom: 12 },
  body: { marginBottom: 14, lineHeight: 1.4 },
  row: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 3,
    borderBottomWidth: 0.5,
    borderColor: '#cccccc',
  },
  strong: { fontFamily: 'Helvetica-Bold' },
  undone: { marginTop: 12, color: '#991b1b', fontFamily: 'Helvetica-Bold' },
  sign: { marginTop: 40 },
  footer: { position: 'absolute', bottom: 24, left: 40, right: 40, fontSize: 8, color: '#555555' },
});

const line = (label: string, value: string, strong = false) =>
  h(View, { style: styles.row }, h(Text, null, label), h(Text, { style: strong ? styles.strong : undefined }, value));

function receipt(
  instalment: ReceivableDetails,
  payment: ReceivablePayment,
  company: { name: string; cnpj: string | null; address: string | null },
  generatedAt: Date,
): ReactElement {
  return h(
    Document,
    { title: `${T.title} ${instalment.order.code} ${instalment.seq}/${instalment.count}`, language: 'pt-BR' },
    h(
      Page,
      { size: 'A5', style: styles.page },
      h(Text, { style: styles.company }, [company.name, company.cnpj, company.address].filter(Boolean).join(' · ')),
      h(Text, { style: styles.title }, `${T.title} · ${money(payment.amount)}`),
      h(
        Text,
        { style: styles.body },
        T.body(
          instalment.customer.name,
          money(payment.amount),
          instalment.seq,
          instalment.count,
          instalment.order.code,
        ),
      ),
      line(T.dueDate, formatDay(instalment.dueDate)),
      line(T.paidOn, formatDay(payment.paidOn)),
      line(T.method, RECEIVABLE_PAYMENT_METHOD_LABELS[payment.method]),
      line(T.principal, money(payment.principal)),
      payment.fine > 0 ? line(T.fine, money(payment.fine)) : null,
      payment.interest > 0 ? line(T.interest, money(payment.interest)) : null,
      line(T.total, money(payment.amount), true),
      line(T.receivedBy, payment.employee?.name ?? T.bank),
      payment.undoneAt ? h(Text, { style: styles.undone }, T.undone(payment.undoReason ?? '')) : null,
      h(Text, { style: styles.sign }, '______________________________'),
      h(Text, null, company.name),
      h(Text, { style: styles.footer, fixed: true }, T.footer(formatBusinessDateTimeMinutes(generatedAt))),
    ),
  );
}

/** A payment's receipt as an A5 PDF, made on the server. */
export function receiptPdf(
  instalment: ReceivableDetails,
  payment: ReceivablePayment,
  company: { name: string; cnpj: string | null; address: string | null },
  generatedAt = new Date(),
): Promise<Buffer> {
  return renderToBuffer(receipt(instalment, payment, company, generatedAt) as Parameters<typeof renderToBuffer>[0]);
}
