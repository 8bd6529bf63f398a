import {
  addressLines,
  documentType,
  ORDER_PAYMENT_TEXTS,
  type OrderDetail,
  type OrderPayments,
  PART_METHOD_LABELS,
  PART_STATUS_LABELS,
  roundReais,
} from '@backoffice/contract';
import { Document, Page, Path, pdf, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { QRCodeSVG } from 'qrcode.react';
import { renderToStaticMarkup } from 'react-dom/server';
import { orderAmountLines, partDetail, receivedByText } from '../../../components/orders/order-format';
import { ORDER_TEXTS } from '../../../components/orders/texts';
import { type ShopIdentity, ShopPdfHeader } from '../../../components/pdf/shop-pdf-header';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';

/** Texts of the order's PDF (spec section 2, Orders: PDF viewer, A4). */
export const ORDER_PDF_TEXTS = {
  title: (code: string) => `Pedido ${code}`,
  subject: 'BackOffice - Pedido',
  rows: {
    code: 'Código',
    customer: 'Cliente',
    /** 'CPF' or 'CNPJ' by the document's length (section 9's rule). */
    customerAddress: 'Endereço do cliente',
    status: 'Status',
    total: 'Valor total',
    payment: 'Forma de pagamento',
    deliverer: 'Motoboy',
    stocker: 'Estoquista',
    date: 'Data do pedido',
    deliveredAt: 'Entregue em',
    receivedBy: 'Recebido por',
  },
  items: 'Itens',
  columns: { name: 'Produto', quantity: 'Quantidade', unitPrice: 'Preço unitário', subtotal: 'Subtotal' },
  noItems: 'Nenhum item neste pedido.',
  footer: (when: string) => `BackOffice - gerado em ${when}`,
  page: (n: number, total: number) => `Página ${n} de ${total}`,
  notAvailable: 'N/A',
  pix: 'Pagamento por Pix',
  pixPayload: 'Pix copia e cola',
} as const;

const T = ORDER_PDF_TEXTS;

const styles = StyleSheet.create({
  page: { paddingTop: 40, paddingBottom: 56, paddingHorizontal: 40, fontSize: 10, fontFamily: 'Helvetica' },
  title: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginBottom: 16 },
  row: { flexDirection: 'row', paddingVertical: 3, borderBottomWidth: 0.5, borderBottomColor: '#dddddd' },
  label: { width: 140, fontFamily: 'Helvetica-Bold', color: '#444444' },
  value: { flex: 1 },
  section: { fontSize: 13, fontFamily: 'Helvetica-Bold', marginTop: 20, marginBottom: 6 },
  head: { flexDirection: 'row', backgroundColor: '#f1f5f9', paddingVertical: 4, fontFamily: 'Helvetica-Bold' },
  item: { flexDirection: 'row', paddingVertical: 4, borderBottomWidth: 0.5, borderBottomColor: '#dddddd' },
  name: { flex: 1, paddingHorizontal: 4 },
  number: { width: 80, textAlign: 'right', paddingHorizontal: 4 },
  money: { width: 90, textAlign: 'right', paddingHorizontal: 4 },
  amountLine: { flexDirection: 'row', paddingVertical: 3, borderBottomWidth: 0.5, borderBottomColor: '#dddddd' },
  totalLine: { flexDirection: 'row', paddingVertical: 4, fontFamily: 'Helvetica-Bold' },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 40,
    right: 40,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: '#555555',
    borderTopWidth: 0.5,
    borderTopColor: '#999999',
    paddingTop: 6,
  },
});

/** The QR code of a BR Code as vector modules (the path and side of qrcode.react's SVG), for the PDF. */
export function qrModules(payload: string): { d: string; side: number } {
  const svg = renderToStaticMarkup(<QRCodeSVG value={payload} level="M" marginSize={0} />);
  const side = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1] ?? 0);
  const paths = [...svg.matchAll(/<path[^>]* d="([^"]+)"/g)].map((match) => match[1] ?? '');
  return { d: paths.at(-1) ?? '', side };
}

const orNa = (value: string | null | undefined) => (value?.trim() ? value : T.notAvailable);

export type { ShopIdentity };

/**
 * The order as an A4 document: the shop's name, CNPJ and address on top, its data (the customer's CPF or
 * CNPJ and address included), its items with quantities, every component of its total on its
 * own line (as the details dialog shows them) and a footer with the date.
 */
export function OrderPdfDocument({
  order,
  generatedAt,
  pixPayload = null,
  shop = null,
  payments = null,
}: {
  order: OrderDetail;
  generatedAt: Date;
  /** The shop's identity for the header (none printed while nothing is saved). */
  shop?: ShopIdentity | null;
  /** The order's own Pix while it is unpaid: its QR code and copia e cola are printed. */
  pixPayload?: string | null;
  /** Its payment parts (issue 38): each one printed with its method, amount, status, card and fee. */
  payments?: OrderPayments | null;
}) {
  const qr = pixPayload ? qrModules(pixPayload) : null;
  const customerDocument = order.customerDocument?.trim() ? order.customerDocument : null;
  const customerAddress = order.customerAddress ? addressLines(order.customerAddress, { withNeighborhood: true }) : [];
  const rows: [string, string][] = [
    [T.rows.code, order.code],
    [T.rows.customer, order.customer],
    [customerDocument ? documentType(customerDocument) : 'CPF/CNPJ', orNa(customerDocument)],
    [T.rows.customerAddress, customerAddress.length ? customerAddress.join('\n') : T.notAvailable],
    [T.rows.status, order.status],
    [T.rows.total, formatMoney(order.total)],
    [T.rows.payment, orNa(order.payment)],
    [T.rows.deliverer, orNa(order.deliverer)],
    [T.rows.stocker, orNa(order.stocker)],
    [T.rows.date, formatDate(order.createdAt)],
  ];
  // Delivered: when the customer signed and who received it (decision 0039).
  if (order.deliveredAt) rows.push([T.rows.deliveredAt, formatDateTime(order.deliveredAt)]);
  const receivedBy = receivedByText(order);
  if (receivedBy) rows.push([T.rows.receivedBy, receivedBy]);
  return (
    <Document title={T.title(order.code)} subject={T.subject} language="pt-BR">
      <Page size="A4" style={styles.page}>
        <ShopPdfHeader shop={shop} />
        <Text style={styles.title}>{T.title(order.code)}</Text>
        {rows.map(([label, value]) => (
          <View key={label} style={styles.row}>
            <Text style={styles.label}>{label}</Text>
            <Text style={styles.value}>{value}</Text>
          </View>
        ))}
        <Text style={styles.section}>{T.items}</Text>
        <View style={styles.head} fixed>
          <Text style={styles.name}>{T.columns.name}</Text>
          <Text style={styles.number}>{T.columns.quantity}</Text>
          <Text style={styles.money}>{T.columns.unitPrice}</Text>
          <Text style={styles.money}>{T.columns.subtotal}</Text>
        </View>
        {order.items
          .map((item, position) => ({ item, key: `${position}:${item.name}` }))
          .map(({ item, key }) => (
            <View key={key} style={styles.item} wrap={false}>
              <View style={styles.name}>
                <Text>{item.name}</Text>
                {item.imeis?.length ? (
                  <Text style={{ fontSize: 8, color: '#555555' }}>{ORDER_TEXTS.details.imeis(item.imeis)}</Text>
                ) : null}
                {item.discount ? (
                  <Text style={{ fontSize: 8, color: '#555555' }}>
                    {ORDER_TEXTS.details.itemDiscount(formatMoney(item.discount))}
                  </Text>
                ) : null}
              </View>
              <Text style={styles.number}>{item.quantity}</Text>
              <Text style={styles.money}>{formatMoney(item.unitPrice)}</Text>
              <Text style={styles.money}>{formatMoney(roundReais(item.unitPrice * item.quantity))}</Text>
            </View>
          ))}
        {order.items.length === 0 ? <Text style={{ marginTop: 6 }}>{T.noItems}</Text> : null}
        <View wrap={false}>
          <Text style={styles.section}>{ORDER_TEXTS.details.amounts.title}</Text>
          {orderAmountLines(order).map((line) => (
            <View key={line.key} style={line.key === 'total' ? styles.totalLine : styles.amountLine}>
              <Text style={styles.name}>{line.label}</Text>
              <Text style={styles.money}>{formatMoney(line.amount)}</Text>
            </View>
          ))}
        </View>
        {payments && payments.parts.length > 0 ? (
          <View wrap={false}>
            <Text style={styles.section}>{ORDER_PAYMENT_TEXTS.title}</Text>
            {payments.parts.map((part) => (
              <View key={part.id} style={styles.amountLine}>
                <Text style={styles.name}>
                  {`${PART_METHOD_LABELS[part.method]} · ${PART_STATUS_LABELS[part.status]}`}
                  {partDetail(part) ? `\n${partDetail(part)}` : ''}
                </Text>
                <Text style={styles.money}>{formatMoney(part.amount)}</Text>
              </View>
            ))}
            <View style={styles.amountLine}>
              <Text style={styles.name}>{ORDER_PAYMENT_TEXTS.balance}</Text>
              <Text style={styles.money}>{formatMoney(payments.due)}</Text>
            </View>
          </View>
        ) : null}
        {pixPayload && qr ? (
          <View wrap={false}>
            <Text style={styles.section}>{T.pix}</Text>
            <Svg viewBox={`0 0 ${qr.side} ${qr.side}`} width={130} height={130}>
              <Path d={qr.d} fill="#000000" />
            </Svg>
            <Text style={{ marginTop: 8, fontFamily: 'Helvetica-Bold' }}>{T.pixPayload}</Text>
            <Text style={{ fontFamily: 'Courier', fontSize: 8 }}>{pixPayload}</Text>
          </View>
        ) : null}
        <View style={styles.footer} fixed>
          <Text>{T.footer(formatDateTime(generatedAt))}</Text>
          <Text render={({ pageNumber, totalPages }) => T.page(pageNumber, totalPages)} />
        </View>
      </Page>
    </Document>
  );
}

/** Renders the order's PDF in the browser (this module is its own chunk, loaded when the viewer opens). */
export function renderOrderPdf(
  order: OrderDetail,
  generatedAt = new Date(),
  pixPayload: string | null = null,
  shop: ShopIdentity | null = null,
  payments: OrderPayments | null = null,
): Promise<Blob> {
  return pdf(
    <OrderPdfDocument
      order={order}
      generatedAt={generatedAt}
      pixPayload={pixPayload}
      shop={shop}
      payments={payments}
    />,
  ).toBlob();
}
