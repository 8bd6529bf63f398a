/**
 * The DANFSe of an authorised NFS-e (issue 56 §4): a simple A4 page with the published DANFSe's main fields — the
 * key and number, the generation's date, the prestador, the tomador, the service (national tax code, LC 116 item,
 * description), the values and the ISS — read from the stored invoice and the issuer. 'CANCELADA' across it once
 * cancelled; in homologação it says it has no fiscal value.
 */
import {
  centsToReais,
  formatBRL,
  formatBusinessDateTimeMinutes,
  formatDocument,
  SERVICE_INVOICE_STATUS_LABELS,
  type ServiceInvoiceStatus,
} from '@backoffice/contract';
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h } from 'react';
import type { IssuerRow } from '../fiscal.repository';
import type { NfseSettingsRow, ServiceInvoiceRow } from './nfse.repository';

const money = (cents: number) => formatBRL(centsToReais(cents)).replace(/\s/g, ' ');

const styles = StyleSheet.create({
  page: { padding: 32, fontSize: 9, fontFamily: 'Helvetica' },
  title: { fontSize: 14, fontFamily: 'Helvetica-Bold', marginBottom: 4 },
  box: { borderWidth: 0.8, borderColor: '#000000', padding: 6, marginTop: 6 },
  label: { fontSize: 7, color: '#444444', fontFamily: 'Helvetica-Bold', marginBottom: 2 },
  row: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 1 },
  key: { fontFamily: 'Courier', fontSize: 9 },
  stamp: { marginTop: 8, fontSize: 16, color: '#b00020', fontFamily: 'Helvetica-Bold', textAlign: 'center' },
});

const box = (label: string, ...content: ReturnType<typeof h>[]) =>
  h(View, { style: styles.box }, h(Text, { style: styles.label }, label), ...content);
const pair = (label: string, value: string) =>
  h(View, { style: styles.row }, h(Text, null, label), h(Text, null, value));

/** The key in groups of four, as a DANFE writes it. */
const grouped = (key: string) => key.replace(/(\d{4})(?=\d)/g, '$1 ');

export function renderDanfse(row: ServiceInvoiceRow, issuer: IssuerRow, settings: NfseSettingsRow): Promise<Buffer> {
  const status = row.status as ServiceInvoiceStatus;
  const address = [
    `${issuer.street}, ${issuer.number}`,
    issuer.complement,
    issuer.district,
    `${issuer.city_name}/${issuer.uf}`,
    `CEP ${issuer.cep}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const document = h(
    Document,
    { title: `DANFSe ${row.nfse_number ?? ''}`, language: 'pt-BR' },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(Text, { style: styles.title }, 'DANFSe — Documento Auxiliar da NFS-e'),
      h(Text, null, 'Nota Fiscal de Serviço eletrônica — padrão nacional'),
      box(
        'CHAVE DE ACESSO DA NFS-e',
        h(Text, { style: styles.key }, grouped(row.access_key ?? '')),
        pair('Número da NFS-e', row.nfse_number ?? ''),
        pair('DPS', `série ${row.dps_series ?? ''} nº ${row.dps_number ?? ''}`),
        pair('Autorizada em', row.authorized_at ? formatBusinessDateTimeMinutes(new Date(row.authorized_at)) : ''),
        pair('Situação', SERVICE_INVOICE_STATUS_LABELS[status]),
      ),
      box(
        'PRESTADOR DO SERVIÇO',
        h(Text, null, issuer.legal_name),
        pair('CNPJ', formatDocument(issuer.cnpj)),
        h(Text, null, address),
      ),
      box(
        'TOMADOR DO SERVIÇO',
        h(Text, null, row.taker_name),
        pair('CPF/CNPJ', row.taker_document ? formatDocument(row.taker_document) : 'Não informado'),
      ),
      box(
        'SERVIÇO PRESTADO',
        pair(
          'Código de tributação nacional',
          settings.national_tax_code.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1.$2.$3'),
        ),
        pair('Item da LC 116/2003', settings.service_item),
        pair('Local da prestação', `${issuer.city_name}/${issuer.uf}`),
        h(Text, null, row.description),
      ),
      box(
        'VALORES E ISSQN',
        pair('Valor do serviço', money(row.amount_cents)),
        pair('Base de cálculo do ISSQN', money(row.amount_cents)),
        pair('Alíquota do ISSQN', `${(row.iss_rate_hundredths / 100).toFixed(2).replace('.', ',')} %`),
        pair('ISSQN apurado', money(row.iss_cents)),
        pair('ISSQN retido', 'Não'),
        pair('Valor líquido da NFS-e', money(row.amount_cents)),
      ),
      row.environment === 2 ? h(Text, { style: styles.stamp }, 'EMITIDA EM HOMOLOGAÇÃO — SEM VALOR FISCAL') : null,
      status === 'CANCELLED' ? h(Text, { style: styles.stamp }, 'NFS-e CANCELADA') : null,
    ),
  );
  return renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);
}
