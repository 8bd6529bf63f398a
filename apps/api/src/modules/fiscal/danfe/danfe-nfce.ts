/**
 * The DANFE NFC-e (model 65) on an 80 mm roll, as tall as it needs to be, after the Manual de Especificações Técnicas
 * do DANFE NFC-e e QR Code: the issuer (I), the document's name (II), the items (III), the totals and the payments
 * with the change (IV), the fiscal message, 'Consulte pela Chave de Acesso em <urlChave>' and the key in groups of
 * four (V), the consumer or 'CONSUMIDOR NÃO IDENTIFICADO' (VI), number, series, date and protocol (VII), the QR code
 * of infNFeSupl (VIII) and the taxpayer's information (IX). In homologação it says 'EMITIDA EM AMBIENTE DE
 * HOMOLOGAÇÃO - SEM VALOR FISCAL'; issued in offline contingency, 'EMITIDA EM CONTINGÊNCIA' and 'Pendente de
 * autorização'.
 */
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import {
  dateTime,
  decimal,
  document,
  formatAccessKey,
  formatNoteNumber,
  formatSeries,
  fullAddress,
  inContingency,
  money,
  paymentName,
  DANFE_TEXTS as T,
  wholeWords,
  xmlDecimal,
} from './danfe-format';
import { qrCodeSvg } from './danfe-graphics';
import type { DanfeItem, DanfeNote } from './danfe-note';

/** 80 mm in points. */
export const NFCE_WIDTH = (80 * 72) / 25.4;
const QR_SIZE = 110;

const s = StyleSheet.create({
  page: { paddingVertical: 10, paddingHorizontal: 9, fontFamily: 'Helvetica', fontSize: 7 },
  center: { textAlign: 'center' },
  bold: { fontFamily: 'Helvetica-Bold' },
  issuer: { fontFamily: 'Helvetica-Bold', fontSize: 8.5, textAlign: 'center', marginBottom: 1.5 },
  line: { textAlign: 'center', marginBottom: 0.8 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 7.5, textAlign: 'center', marginBottom: 0.8 },
  rule: { borderBottomWidth: 0.6, borderStyle: 'dashed', borderColor: '#000000', marginVertical: 4 },
  row: { flexDirection: 'row', justifyContent: 'space-between' },
  item: { marginBottom: 2.5 },
  extra: { fontSize: 6, color: '#333333' },
  small: { fontSize: 6 },
  notice: { fontFamily: 'Helvetica-Bold', fontSize: 7.5, textAlign: 'center', marginBottom: 0.8 },
  key: { fontFamily: 'Helvetica-Bold', fontSize: 7, textAlign: 'center', marginTop: 1.5 },
  qr: { alignItems: 'center', marginTop: 4 },
});

const rule = () => h(View, { style: s.rule });
const pair = (label: string, value: string, bold = false) =>
  h(
    View,
    { style: s.row },
    h(Text, { hyphenationCallback: wholeWords, style: bold ? s.bold : undefined }, label),
    h(Text, { hyphenationCallback: wholeWords, style: bold ? s.bold : undefined }, value),
  );

function itemBlock(item: DanfeItem): ReactElement {
  return h(
    View,
    { key: `item-${item.number}`, style: s.item, wrap: false },
    h(Text, { hyphenationCallback: wholeWords }, `${item.code} ${item.description}`),
    item.extra ? h(Text, { hyphenationCallback: wholeWords, style: s.extra }, item.extra) : null,
    h(
      View,
      { style: s.row },
      h(
        Text,
        { hyphenationCallback: wholeWords },
        `${xmlDecimal(item.quantity, 0, 4)} ${item.unit} x ${xmlDecimal(item.unitValue, 2, 4)}`,
      ),
      h(Text, { hyphenationCallback: wholeWords }, decimal(item.total)),
    ),
  );
}

/** The homologação and contingency notices, printed under the title and again by the protocol. */
function notices(note: DanfeNote, where: string): ReactNode[] {
  const lines: ReactNode[] = [];
  if (note.environment === 2)
    lines.push(h(Text, { hyphenationCallback: wholeWords, key: `h-${where}`, style: s.notice }, T.homologation));
  if (inContingency(note)) {
    lines.push(h(Text, { hyphenationCallback: wholeWords, key: `c-${where}`, style: s.notice }, T.contingency));
    if (!note.authorised)
      lines.push(h(Text, { hyphenationCallback: wholeWords, key: `p-${where}`, style: s.notice }, T.pending));
  }
  return lines;
}

/** The DANFE NFC-e as a react-pdf document (see the module's comment). */
export function danfeNfce(note: DanfeNote): ReactElement {
  const issuer = note.issuer;
  const t = note.totals;
  const charges = t.freight + t.insurance + t.other;
  const consumer = note.recipient;
  const protocol = note.protocol;
  return h(
    Document,
    { title: `DANFE NFC-e ${note.accessKey}`, language: 'pt-BR', author: issuer.name },
    h(
      Page,
      { size: { width: NFCE_WIDTH }, style: s.page, wrap: false },
      // I: the issuer.
      h(Text, { hyphenationCallback: wholeWords, style: s.issuer }, issuer.name),
      h(
        Text,
        { hyphenationCallback: wholeWords, style: s.line },
        `CNPJ: ${document(issuer.document)}  IE: ${issuer.ie}`,
      ),
      h(Text, { hyphenationCallback: wholeWords, style: s.line }, fullAddress(issuer.address)),
      rule(),
      // II: the document.
      h(Text, { hyphenationCallback: wholeWords, style: s.title }, T.nfceTitle),
      ...notices(note, 'top'),
      rule(),
      // III: the items.
      h(
        View,
        { style: [s.row, { marginBottom: 2 }] },
        h(
          Text,
          { hyphenationCallback: wholeWords, style: s.bold },
          `${T.nfceColumns.code} ${T.nfceColumns.description}`,
        ),
        h(
          Text,
          { hyphenationCallback: wholeWords, style: s.bold },
          `${T.nfceColumns.quantity} ${T.nfceColumns.unit} x ${T.nfceColumns.unitValue}   ${T.nfceColumns.total}`,
        ),
      ),
      ...note.items.map(itemBlock),
      rule(),
      // IV: the totals and the payments.
      pair(T.itemCount, String(note.items.length)),
      pair(T.grossTotal, money(t.products)),
      t.discount > 0 ? pair(T.nfceDiscount, money(-t.discount)) : null,
      charges > 0 ? pair(T.nfceCharges, money(charges)) : null,
      pair(T.toPay, money(t.total), true),
      h(View, { style: { marginTop: 3 } }, pair(T.paymentMethod, T.paid, true)),
      ...note.payments.map((payment, i) =>
        h(View, { key: `payment-${i}` }, pair(paymentName(payment.type, payment.description), money(payment.amount))),
      ),
      note.change > 0 ? pair(T.change, money(note.change)) : null,
      rule(),
      // V: the fiscal message and the key.
      h(Text, { hyphenationCallback: wholeWords, style: [s.center, s.bold] }, T.consultByKey),
      h(Text, { hyphenationCallback: wholeWords, style: s.line }, note.consultationUrl),
      h(Text, { hyphenationCallback: wholeWords, style: s.key }, formatAccessKey(note.accessKey)),
      rule(),
      // VI: the consumer.
      h(
        Text,
        { hyphenationCallback: wholeWords, style: [s.center, s.bold] },
        consumer?.document ? T.consumer(consumer.document, consumer.name) : T.anonymousConsumer,
      ),
      consumer?.address
        ? h(Text, { hyphenationCallback: wholeWords, style: s.line }, fullAddress(consumer.address))
        : null,
      rule(),
      // VII: number, series, date and protocol.
      h(
        Text,
        { hyphenationCallback: wholeWords, style: [s.center, s.bold] },
        T.nfceIdentification(formatNoteNumber(note.number), formatSeries(note.series), dateTime(note.issuedAt)),
      ),
      protocol && note.authorised
        ? h(
            View,
            null,
            h(Text, { hyphenationCallback: wholeWords, style: s.line }, T.nfceProtocol(protocol.number)),
            h(
              Text,
              { hyphenationCallback: wholeWords, style: s.line },
              T.nfceAuthorisedAt(dateTime(protocol.receivedAt)),
            ),
          )
        : protocol
          ? h(
              Text,
              { hyphenationCallback: wholeWords, style: s.notice },
              T.notAuthorised(protocol.status, protocol.reason),
            )
          : null,
      ...notices(note, 'protocol'),
      // VIII: the QR code.
      note.qrCode
        ? h(
            View,
            { style: s.qr },
            h(Text, { hyphenationCallback: wholeWords, style: [s.center, s.small] }, T.qrCodeHint),
            qrCodeSvg(note.qrCode, QR_SIZE),
          )
        : null,
      // IX: the taxpayer's information.
      t.approximateTaxes > 0 ? pair(T.approximateTaxesNfce, money(t.approximateTaxes)) : null,
      note.additionalInfo
        ? h(
            Text,
            { hyphenationCallback: wholeWords, style: [s.center, s.small, { marginTop: 3 }] },
            note.additionalInfo,
          )
        : null,
    ),
  );
}
