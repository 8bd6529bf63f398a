import { formatPhone, type Quote } from '@backoffice/contract';
import { Document, Page, pdf, StyleSheet, Text, View } from '@react-pdf/renderer';
import { ShopPdfHeader } from '../../../components/pdf/shop-pdf-header';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';

/** Texts of the quote's PDF (issue 38 §4). */
export const QUOTE_PDF_TEXTS = {
  title: (id: number) => `Orçamento nº ${id}`,
  customer: 'Cliente',
  phone: 'Telefone',
  seller: 'Vendedor',
  createdAt: 'Data',
  validUntil: 'Válido até',
  delivery: 'Entrega',
  pickup: 'Retirada na loja',
  motoboy: 'Motoboy',
  columns: { name: 'Produto', quantity: 'Qtd.', unitPrice: 'Preço unit.', discount: 'Desconto', total: 'Total' },
  goods: 'Produtos',
  freight: 'Frete',
  warranty: 'Garantia',
  discount: 'Desconto',
  total: 'Total',
  note: (day: string) =>
    `Preços e descontos garantidos até ${day}. O estoque não é reservado: a disponibilidade é conferida ao fechar o pedido.`,
  generated: (at: string) => `Gerado em ${at}`,
} as const;
const T = QUOTE_PDF_TEXTS;

const styles = StyleSheet.create({
  page: { padding: 40, paddingBottom: 60, fontSize: 10, fontFamily: 'Helvetica', color: '#111111' },
  title: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginBottom: 12 },
  row: { flexDirection: 'row', paddingVertical: 3, borderBottomWidth: 0.5, borderBottomColor: '#dddddd' },
  label: { width: 120, fontFamily: 'Helvetica-Bold', color: '#444444' },
  value: { flex: 1 },
  head: {
    flexDirection: 'row',
    backgroundColor: '#f1f5f9',
    paddingVertical: 4,
    fontFamily: 'Helvetica-Bold',
    marginTop: 16,
  },
  item: { flexDirection: 'row', paddingVertical: 4, borderBottomWidth: 0.5, borderBottomColor: '#dddddd' },
  name: { flex: 1, paddingHorizontal: 4 },
  number: { width: 40, textAlign: 'right', paddingHorizontal: 4 },
  money: { width: 80, textAlign: 'right', paddingHorizontal: 4 },
  amount: { flexDirection: 'row', justifyContent: 'flex-end', paddingVertical: 2 },
  amountLabel: { width: 120, textAlign: 'right', paddingRight: 8 },
  strong: { fontFamily: 'Helvetica-Bold' },
  note: { marginTop: 16, color: '#333333' },
  footer: { position: 'absolute', bottom: 24, left: 40, right: 40, fontSize: 8, color: '#555555' },
});

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <View style={strong ? [styles.amount, styles.strong] : styles.amount}>
      <Text style={styles.amountLabel}>{label}</Text>
      <Text style={styles.money}>{value}</Text>
    </View>
  );
}

/**
 * The quote as an A4 document: the shop on top (name, CNPJ, address: the order's PDF's header), then who, when,
 * until when, its frozen lines and totals.
 */
export function QuotePdfDocument({ quote, generatedAt }: { quote: Quote; generatedAt: Date }) {
  const rows: [string, string][] = [
    [T.customer, quote.customerName],
    ...(quote.phone ? ([[T.phone, formatPhone(quote.phone)]] as [string, string][]) : []),
    [T.seller, quote.sellerName],
    [T.createdAt, formatDate(quote.createdAt)],
    [T.validUntil, formatDate(quote.validUntil)],
    [T.delivery, quote.typeOfDelivery === 2 ? T.pickup : T.motoboy],
  ];
  return (
    <Document title={T.title(quote.id)}>
      <Page size="A4" style={styles.page}>
        <ShopPdfHeader shop={quote.shop} />
        <Text style={styles.title}>{T.title(quote.id)}</Text>
        {rows.map(([label, value]) => (
          <View key={label} style={styles.row}>
            <Text style={styles.label}>{label}</Text>
            <Text style={styles.value}>{value}</Text>
          </View>
        ))}
        <View style={styles.head}>
          <Text style={styles.name}>{T.columns.name}</Text>
          <Text style={styles.number}>{T.columns.quantity}</Text>
          <Text style={styles.money}>{T.columns.unitPrice}</Text>
          <Text style={styles.money}>{T.columns.discount}</Text>
          <Text style={styles.money}>{T.columns.total}</Text>
        </View>
        {quote.items.map((item) => (
          <View key={item.productId} style={styles.item} wrap={false}>
            <Text style={styles.name}>{item.name}</Text>
            <Text style={styles.number}>{item.quantity}</Text>
            <Text style={styles.money}>{formatMoney(item.unitPrice)}</Text>
            <Text style={styles.money}>{item.discount > 0 ? formatMoney(-item.discount) : '—'}</Text>
            <Text style={styles.money}>{formatMoney(item.totalPrice)}</Text>
          </View>
        ))}
        <View style={{ marginTop: 8 }}>
          <Amount label={T.goods} value={formatMoney(quote.itemsTotal)} />
          {quote.shipping + quote.fastDeliveryTax > 0 ? (
            <Amount label={T.freight} value={formatMoney(quote.shipping + quote.fastDeliveryTax)} />
          ) : null}
          {quote.warranty > 0 ? <Amount label={T.warranty} value={formatMoney(quote.warranty)} /> : null}
          {quote.discount > 0 ? <Amount label={T.discount} value={formatMoney(-quote.discount)} /> : null}
          <Amount label={T.total} value={formatMoney(quote.total)} strong />
        </View>
        <Text style={styles.note}>{T.note(formatDate(quote.validUntil))}</Text>
        <Text style={styles.footer} fixed>
          {T.generated(formatDateTime(generatedAt))}
        </Text>
      </Page>
    </Document>
  );
}

/** The quote's PDF as a file. */
export function quotePdfBlob(quote: Quote): Promise<Blob> {
  return pdf(<QuotePdfDocument quote={quote} generatedAt={new Date()} />).toBlob();
}
