import {
  BODY_CONDITION_LABELS,
  formatBRL,
  formatBusinessDateTimeMinutes,
  formatDocument,
  SCREEN_CONDITION_LABELS,
  TRADE_IN_CHECK_LABELS,
  TRADE_IN_TERM_TEXTS,
  type TradeIn,
  tradeInPhoneName,
} from '@backoffice/contract';
import { Document, Image, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';

const T = TRADE_IN_TERM_TEXTS;
const money = (reais: number) => formatBRL(reais).replace(/\s/g, ' ');
const yesNo = (works: boolean) => (works ? 'funciona' : 'com defeito');

const styles = StyleSheet.create({
  page: { padding: 40, paddingBottom: 56, fontSize: 10, fontFamily: 'Helvetica' },
  title: { fontSize: 16, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  code: { fontSize: 10, color: '#333333', marginBottom: 14 },
  heading: { fontSize: 11, fontFamily: 'Helvetica-Bold', marginTop: 10, marginBottom: 4 },
  row: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingVertical: 2,
    borderBottomWidth: 0.5,
    borderColor: '#cccccc',
  },
  strong: { fontFamily: 'Helvetica-Bold' },
  body: { marginTop: 12, lineHeight: 1.35 },
  signature: { marginTop: 16, height: 70, objectFit: 'contain', alignSelf: 'flex-start' },
  signLine: { marginTop: 4, borderTopWidth: 0.75, borderColor: '#000000', width: 260, paddingTop: 3 },
  notSigned: { marginTop: 40, color: '#991b1b', fontFamily: 'Helvetica-Bold' },
  footer: { position: 'absolute', bottom: 24, left: 40, right: 40, fontSize: 8, color: '#555555' },
});

const line = (label: string, value: string, strong = false) =>
  h(View, { style: styles.row }, h(Text, null, label), h(Text, { style: strong ? styles.strong : undefined }, value));

/**
 * 'Termo de compra de aparelho usado' (issue 42 §1): both parties, the phone with its IMEIs, its condition, the
 * stolen-phone check, the price and the seller's declaration of lawful ownership, with the signature drawn on screen.
 */
function term(
  tradeIn: TradeIn,
  shop: { name: string; cnpj: string | null; address: string | null },
  signature: Buffer | null,
  generatedAt: Date,
): ReactElement {
  const phone = tradeInPhoneName(tradeIn);
  const value = money(tradeIn.value ?? 0);
  const c = tradeIn.checklist;
  return h(
    Document,
    { title: `${T.title} ${tradeIn.code}`, language: 'pt-BR' },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(Text, { style: styles.title }, T.title),
      h(Text, { style: styles.code }, tradeIn.code),
      h(Text, { style: styles.heading }, T.buyer),
      line(shop.name, [shop.cnpj ? `CNPJ ${shop.cnpj}` : '', shop.address ?? ''].filter(Boolean).join(' · ')),
      h(Text, { style: styles.heading }, T.seller),
      line(tradeIn.sellerName, `CPF ${formatDocument(tradeIn.sellerCpf)}`),
      h(Text, { style: styles.heading }, T.phone),
      line('Aparelho', [phone, tradeIn.colour].filter(Boolean).join(' · ')),
      line('IMEI', tradeIn.imei),
      ...(tradeIn.imei2 ? [line('IMEI 2', tradeIn.imei2)] : []),
      line('Tela', SCREEN_CONDITION_LABELS[c.screen]),
      line('Carcaça', BODY_CONDITION_LABELS[c.body]),
      line('Saúde da bateria', `${c.batteryHealth} %`),
      line('Face ID/biometria', yesNo(c.biometrics)),
      line('Câmera', yesNo(c.camera)),
      line('Carregamento', yesNo(c.charging)),
      line('Conta iCloud/Google', c.accountRemoved ? 'removida' : 'ainda vinculada'),
      h(Text, { style: styles.heading }, T.checks),
      h(
        Text,
        null,
        tradeIn.check
          ? T.checkLine(
              TRADE_IN_CHECK_LABELS[tradeIn.check.result],
              formatBusinessDateTimeMinutes(new Date(tradeIn.check.at)),
              tradeIn.check.by,
            )
          : '—',
      ),
      h(Text, { style: styles.heading }, T.price),
      line(T.price, value, true),
      h(
        Text,
        { style: styles.body },
        T.declaration(tradeIn.sellerName, formatDocument(tradeIn.sellerCpf), phone, value),
      ),
      signature
        ? h(
            View,
            null,
            h(Image, { style: styles.signature, src: { data: signature, format: 'png' } }),
            h(
              Text,
              { style: styles.signLine },
              `${T.signature}: ${tradeIn.sellerName}${tradeIn.signedAt ? ` · ${formatBusinessDateTimeMinutes(new Date(tradeIn.signedAt))}` : ''}`,
            ),
          )
        : h(Text, { style: styles.notSigned }, T.notSigned),
      h(Text, { style: styles.footer, fixed: true }, T.generated(formatBusinessDateTimeMinutes(generatedAt))),
    ),
  );
}

export function tradeInTermPdf(
  tradeIn: TradeIn,
  shop: { name: string; cnpj: string | null; address: string | null },
  signature: Buffer | null,
  generatedAt = new Date(),
): Promise<Buffer> {
  return renderToBuffer(term(tradeIn, shop, signature, generatedAt) as Parameters<typeof renderToBuffer>[0]);
}
