import {
  BOLETO_TEXTS,
  type Boleto,
  formatBRL,
  formatDay,
  formatDocument,
  type ReceivableDetails,
} from '@backoffice/contract';
import { Document, Page, Rect, renderToBuffer, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { qrCodeSvg } from '../fiscal/fiscal.service';
import { itfWidths, module11 } from './febraban';

/*
 * The boleto as an A4 PDF: 'Recibo do pagador' above the cut, the 'Ficha de compensação' below it with the bank,
 * the linha digitável, the fields FEBRABAN's layout asks, and the barcode (ITF, 44 digits) drawn from `itfWidths`
 * at 13 mm high, its narrow bar 0.33 mm and the quiet zones FEBRABAN asks. A boleto híbrido (decision 0100) has,
 * beside the barcode, the Pix QR code the bank gave (30 mm, error correction M) under 'Pague com Pix', and its
 * 'Pix Copia e Cola' text below, cut in lines of 95 characters (a BR Code has no spaces to break at).
 */

const BANK_NAMES: Record<string, string> = { '001': 'Banco do Brasil' };
const MM = 72 / 25.4;

export interface BoletoPdfInput {
  boleto: Boleto;
  instalment: ReceivableDetails;
  payer: { name: string; document: string; address: string };
  beneficiary: { name: string; cnpj: string | null; address: string | null };
  agencyCode: string;
  carteira: string;
  fineText: string | null;
  interestText: string | null;
}

const styles = StyleSheet.create({
  page: { padding: 28, fontSize: 8, fontFamily: 'Helvetica' },
  head: { flexDirection: 'row', alignItems: 'flex-end', borderBottomWidth: 1.5, borderColor: '#000', paddingBottom: 2 },
  bank: { fontSize: 12, fontFamily: 'Helvetica-Bold', width: 130 },
  bankCode: {
    fontSize: 13,
    fontFamily: 'Helvetica-Bold',
    paddingHorizontal: 8,
    borderLeftWidth: 1.5,
    borderRightWidth: 1.5,
    borderColor: '#000',
  },
  line: { fontSize: 11, fontFamily: 'Helvetica-Bold', flexGrow: 1, textAlign: 'right' },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderColor: '#000' },
  cell: { paddingHorizontal: 3, paddingVertical: 2, borderRightWidth: 0.5, borderColor: '#000' },
  label: { fontSize: 6, color: '#333' },
  value: { fontSize: 9 },
  strong: { fontSize: 9, fontFamily: 'Helvetica-Bold', textAlign: 'right' },
  cut: { marginVertical: 14, borderTopWidth: 0.5, borderStyle: 'dashed', borderColor: '#000', fontSize: 6 },
  title: { fontSize: 7, textAlign: 'right', marginTop: 2 },
  codes: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', marginTop: 8 },
  pix: { width: 150, alignItems: 'center', borderWidth: 0.5, borderColor: '#000', padding: 4 },
  pixTitle: { fontSize: 9, fontFamily: 'Helvetica-Bold', marginBottom: 2 },
  pixHelp: { fontSize: 6, textAlign: 'center', marginTop: 2 },
  copyPaste: { fontSize: 6.5, fontFamily: 'Courier', marginTop: 6 },
});

/** The BR Code in lines of `width` characters. */
export const copyPasteLines = (emv: string, width = 95) => emv.match(new RegExp(`.{1,${width}}`, 'g')) ?? [];

/** The barcode and, on a híbrido, the Pix QR code beside it and its copia e cola below. */
function codes(boleto: Boleto): ReactElement[] {
  const barcode = itfSvg(boleto.barcode, 0.33 * MM, 13 * MM);
  if (!boleto.pixCopyPaste) return [h(View, { key: 'codes', style: { marginTop: 8 } }, barcode)];
  return [
    h(
      View,
      { key: 'codes', style: styles.codes },
      h(View, null, barcode),
      h(
        View,
        { style: styles.pix },
        h(Text, { style: styles.pixTitle }, BOLETO_TEXTS.pixPay),
        qrCodeSvg(boleto.pixCopyPaste, 30 * MM),
        h(Text, { style: styles.pixHelp }, BOLETO_TEXTS.pixPayHelp),
      ),
    ),
    h(
      View,
      { key: 'copy', style: styles.copyPaste },
      h(Text, { style: styles.label }, BOLETO_TEXTS.pixCopyPaste),
      h(Text, null, copyPasteLines(boleto.pixCopyPaste).join('\n')),
    ),
  ];
}

const cell = (label: string, value: string, width: number | string, strong = false) =>
  h(
    View,
    { style: [styles.cell, { width }] },
    h(Text, { style: styles.label }, label),
    h(Text, { style: strong ? styles.strong : styles.value }, value),
  );

/** The ITF barcode of `digits`: bars on the odd elements, at `narrow` points each narrow unit. */
function itfSvg(digits: string, narrow: number, height: number): ReactElement {
  const widths = itfWidths(digits);
  const quiet = 10 * narrow;
  const total = widths.reduce((sum, w) => sum + w, 0) * narrow + 2 * quiet;
  const bars: ReactElement[] = [];
  let x = quiet;
  widths.forEach((w, index) => {
    if (index % 2 === 0) bars.push(h(Rect, { key: index, x, y: 0, width: w * narrow, height, fill: '#000000' }));
    x += w * narrow;
  });
  return h(Svg, { width: total, height, viewBox: `0 0 ${total} ${height}` }, ...bars);
}

/** The bank's code with its DV (module 11 of the three digits: Banco do Brasil's '001-9'). */
export function bankCodeWithDv(bank: string): string {
  return `${bank}-${module11(bank)}`;
}

function header(input: BoletoPdfInput) {
  const { boleto } = input;
  return h(
    View,
    { style: styles.head },
    h(Text, { style: styles.bank }, BANK_NAMES[boleto.bankCode] ?? boleto.bankCode),
    h(Text, { style: styles.bankCode }, bankCodeWithDv(boleto.bankCode)),
    h(Text, { style: styles.line }, boleto.digitableLine),
  );
}

function fields(input: BoletoPdfInput, part: string) {
  const { boleto, instalment, payer, beneficiary } = input;
  const money = formatBRL(boleto.amount).replace(/\s/g, ' ');
  const instructions = [input.fineText, input.interestText].filter(Boolean);
  const beneficiaryText = [beneficiary.name, beneficiary.cnpj ? formatDocument(beneficiary.cnpj) : null]
    .filter(Boolean)
    .join(' · ');
  return [
    h(
      View,
      { style: styles.row, key: `${part}r1` },
      cell('Local de pagamento', 'Pagável em qualquer banco até o vencimento.', '75%'),
      cell('Vencimento', formatDay(boleto.dueDate), '25%', true),
    ),
    h(
      View,
      { style: styles.row, key: `${part}r2` },
      cell('Beneficiário', beneficiaryText, '75%'),
      cell('Agência / Código do beneficiário', input.agencyCode, '25%', true),
    ),
    h(
      View,
      { style: styles.row, key: `${part}r3` },
      cell('Data do documento', formatDay(boleto.createdAt.slice(0, 10)), '15%'),
      cell('Nº do documento', `${instalment.order.code}-${instalment.seq}`, '20%'),
      cell('Espécie doc.', 'DM', '10%'),
      cell('Aceite', 'N', '8%'),
      cell('Data do processamento', formatDay(boleto.createdAt.slice(0, 10)), '22%'),
      cell('Nosso número', boleto.nossoNumero, '25%', true),
    ),
    h(
      View,
      { style: styles.row, key: `${part}r4` },
      cell('Carteira', input.carteira, '15%'),
      cell('Espécie', 'R$', '10%'),
      cell('Parcela', `${instalment.seq}/${instalment.count}`, '50%'),
      cell('(=) Valor do documento', money, '25%', true),
    ),
    h(
      View,
      { style: styles.row, key: `${part}r5` },
      h(
        View,
        { style: [styles.cell, { width: '75%', minHeight: 54 }] },
        h(Text, { style: styles.label }, 'Instruções (texto de responsabilidade do beneficiário)'),
        ...instructions.map((text, index) => h(Text, { key: index, style: styles.value }, text)),
      ),
      h(
        View,
        { style: { width: '25%' } },
        cell('(−) Desconto / Abatimento', '', '100%'),
        cell('(+) Mora / Multa', '', '100%'),
        cell('(=) Valor cobrado', '', '100%'),
      ),
    ),
    h(
      View,
      { style: styles.row, key: `${part}r6` },
      cell('Pagador', `${payer.name} · ${formatDocument(payer.document)}\n${payer.address}`, '100%'),
    ),
  ];
}

function boletoDocument(input: BoletoPdfInput): ReactElement {
  const { boleto, instalment } = input;
  return h(
    Document,
    { title: `Boleto ${instalment.order.code} ${instalment.seq}/${instalment.count}`, language: 'pt-BR' },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(Text, { style: styles.title }, 'Recibo do pagador'),
      header(input),
      ...fields(input, 'receipt').slice(0, 4),
      h(Text, { style: styles.cut }, 'Corte na linha pontilhada'),
      h(Text, { style: styles.title }, 'Ficha de compensação'),
      header(input),
      ...fields(input, 'slip'),
      ...codes(boleto),
      h(Text, { style: styles.title }, 'Autenticação mecânica'),
    ),
  );
}

/** The boleto's PDF, made on the server. */
export function boletoPdf(input: BoletoPdfInput): Promise<Buffer> {
  return renderToBuffer(boletoDocument(input) as Parameters<typeof renderToBuffer>[0]);
}
