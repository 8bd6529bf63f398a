import {
  CASH_ENTRY_KIND_LABELS,
  CASH_ENTRY_KINDS,
  CASH_SESSION_STATUS_LABELS,
  type CashSessionDetails,
  formatBRL,
  formatBusinessDateTimeMinutes,
  formatDocument,
  isCashOut,
} from '@backoffice/contract';
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';

/** Texts of the closing report ('Fechamento de caixa', issue 40 §3). */
export const CASH_REPORT_TEXTS = {
  title: 'Fechamento de caixa',
  register: 'Caixa',
  operator: 'Operador',
  opened: 'Aberto em',
  closed: 'Fechado em',
  closedBy: 'Fechado por',
  status: 'Situação',
  float: 'Troco inicial',
  expected: 'Esperado',
  counted: 'Contado',
  difference: 'Diferença',
  reason: 'Motivo da diferença',
  approvedBy: (name: string, when: string) => `Diferença aprovada por ${name} em ${when}`,
  approvalNote: 'Observação da aprovação',
  byMethod: 'Recebido por forma de pagamento',
  byMethodTotal: 'Total recebido',
  cnpj: (cnpj: string) => `CNPJ ${cnpj}`,
  entries: 'Lançamentos',
  noEntries: 'Nenhum lançamento.',
  stillOpen: 'ainda aberto',
  signatures: 'Operador: ______________________   Conferente: ______________________',
  footer: (when: string) => `BackOffice - relatório gerado em ${when}`,
} as const;

const T = CASH_REPORT_TEXTS;
const money = (reais: number) => formatBRL(reais).replace(/\s/g, ' ');
const dateTime = (at: Date | string) => formatBusinessDateTimeMinutes(new Date(at));

/** The shop heading the report ('Configurações'), and what the session took by method, in reais. */
export interface CashReportExtras {
  shop: { name: string; cnpj: string | null; address: string | null };
  byMethod: { label: string; amount: number }[];
}

const styles = StyleSheet.create({
  shop: { fontSize: 12, fontFamily: 'Helvetica-Bold' },
  shopLine: { color: '#333333' },
  shopBlock: { marginBottom: 10, paddingBottom: 6, borderBottomWidth: 0.5, borderColor: '#999999' },
  page: { padding: 36, paddingBottom: 56, fontSize: 10, fontFamily: 'Helvetica' },
  title: { fontSize: 16, fontFamily: 'Helvetica-Bold', marginBottom: 6 },
  head: { marginBottom: 2, color: '#333333' },
  section: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginTop: 12, marginBottom: 4 },
  row: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 2 },
  strong: { fontFamily: 'Helvetica-Bold' },
  entry: { flexDirection: 'row', borderBottomWidth: 0.5, borderColor: '#cccccc', paddingVertical: 3 },
  when: { width: 90 },
  kind: { width: 130 },
  what: { flexGrow: 1, flexShrink: 1 },
  amount: { width: 80, textAlign: 'right' },
  sign: { marginTop: 28, color: '#333333' },
  footer: { position: 'absolute', bottom: 24, left: 36, right: 36, fontSize: 8, color: '#555555' },
});

const line = (label: string, value: string, strong = false) =>
  h(View, { style: styles.row }, h(Text, null, label), h(Text, { style: strong ? styles.strong : undefined }, value));

function shopHeader({ name, cnpj, address }: CashReportExtras['shop']): ReactElement {
  return h(
    View,
    { style: styles.shopBlock },
    name.trim() ? h(Text, { style: styles.shop }, name.trim()) : null,
    cnpj ? h(Text, { style: styles.shopLine }, T.cnpj(formatDocument(cnpj))) : null,
    address ? h(Text, { style: styles.shopLine }, address) : null,
  );
}

function methodTotals(byMethod: CashReportExtras['byMethod']): ReactElement[] {
  const total = byMethod.reduce((sum, { amount }) => sum + Math.round(amount * 100), 0) / 100;
  return [
    h(Text, { key: 'title', style: styles.section }, T.byMethod),
    ...byMethod.map(({ label, amount }) => h(View, { key: label }, line(label, money(amount)))),
    h(View, { key: 'total' }, line(T.byMethodTotal, money(total), true)),
  ];
}

function report(session: CashSessionDetails, extras: CashReportExtras, generatedAt: Date): ReactElement {
  const totals = session.totals;
  return h(
    Document,
    { title: `${T.title} ${session.register.name} ${session.id}`, language: 'pt-BR' },
    h(
      Page,
      { size: 'A4', style: styles.page },
      shopHeader(extras.shop),
      h(Text, { style: styles.title }, `${T.title} · ${session.register.name}`),
      h(Text, { style: styles.head }, `${T.operator}: ${session.operator.name}`),
      h(Text, { style: styles.head }, `${T.opened}: ${dateTime(session.openedAt)}`),
      h(
        Text,
        { style: styles.head },
        `${T.closed}: ${session.closedAt ? dateTime(session.closedAt) : T.stillOpen}${
          session.closedBy ? ` · ${T.closedBy}: ${session.closedBy.name}` : ''
        }`,
      ),
      h(Text, { style: styles.head }, `${T.status}: ${CASH_SESSION_STATUS_LABELS[session.status]}`),
      h(Text, { style: styles.section }, T.expected),
      line(T.float, money(totals.float)),
      ...CASH_ENTRY_KINDS.filter((kind) => totals.byKind[kind] > 0).map((kind) =>
        line(`${isCashOut(kind) ? '(-) ' : '(+) '}${CASH_ENTRY_KIND_LABELS[kind]}`, money(totals.byKind[kind] ?? 0)),
      ),
      totals.expected === undefined ? null : line(T.expected, money(totals.expected), true),
      session.counted === null ? null : line(T.counted, money(session.counted), true),
      session.difference === null ? null : line(T.difference, money(session.difference), true),
      session.closeReason ? h(Text, { style: styles.head }, `${T.reason}: ${session.closeReason}`) : null,
      session.approvedBy && session.approvedAt
        ? h(Text, { style: styles.head }, T.approvedBy(session.approvedBy.name, dateTime(session.approvedAt)))
        : null,
      session.approvalNote ? h(Text, { style: styles.head }, `${T.approvalNote}: ${session.approvalNote}`) : null,
      ...methodTotals(extras.byMethod),
      h(Text, { style: styles.section }, T.entries),
      session.entries.length === 0 ? h(Text, null, T.noEntries) : null,
      ...session.entries.map((entry) =>
        h(
          View,
          { key: entry.id, style: styles.entry, wrap: false },
          h(Text, { style: styles.when }, dateTime(entry.createdAt)),
          h(Text, { style: styles.kind }, CASH_ENTRY_KIND_LABELS[entry.kind]),
          h(
            Text,
            { style: styles.what },
            [entry.order?.code, entry.runId ? `Romaneio nº ${entry.runId}` : null, entry.reason, entry.employee.name]
              .filter(Boolean)
              .join(' · '),
          ),
          h(Text, { style: styles.amount }, `${isCashOut(entry.kind) ? '-' : ''}${money(entry.amount)}`),
        ),
      ),
      h(Text, { style: styles.sign }, T.signatures),
      h(Text, { style: styles.footer, fixed: true }, T.footer(dateTime(generatedAt))),
    ),
  );
}

/** A session's closing report as an A4 PDF, made on the server: the shop's header, the figures, the totals by method. */
export function cashReportPdf(
  session: CashSessionDetails,
  extras: CashReportExtras,
  generatedAt = new Date(),
): Promise<Buffer> {
  return renderToBuffer(report(session, extras, generatedAt) as Parameters<typeof renderToBuffer>[0]);
}
