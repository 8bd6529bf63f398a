/**
 * The DANFSe of an authorised NFS-e (issue 56 §4, decision 0091), after the national layout 'DANFSe v1.0 — Documento
 * Auxiliar da NFS-e' of the Sistema Nacional NFS-e (its blocks and labels as nfse-nacional/danfse-php's template
 * src/Templates/nfse-nacional.json reproduces them): the key, number, competence and times of the NFS-e and of its
 * DPS with the QR code of the public consultation (https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=<key>, the
 * address that template encodes) and its sentence; EMITENTE DA NFS-e; TOMADOR DO SERVIÇO; INTERMEDIÁRIO (not
 * identified); SERVIÇO PRESTADO; TRIBUTAÇÃO MUNICIPAL; TRIBUTAÇÃO FEDERAL; VALOR TOTAL DA NFS-E; TOTAIS APROXIMADOS DOS
 * TRIBUTOS; INFORMAÇÕES COMPLEMENTARES. The figures are the NFS-e's own (its XML: dhProc, dCompet, vBC, pAliqAplic,
 * vISSQN, vLiq) where it has them, else the stored invoice's. 'CANCELADA' across it once cancelled; in homologação it
 * says it has no fiscal value.
 */
import {
  centsToReais,
  formatBRL,
  formatBusinessDateTimeMinutes,
  formatDocument,
  reaisToCents,
  type ServiceInvoiceStatus,
} from '@backoffice/contract';
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h, type ReactElement } from 'react';
import { qrCodeSvg } from '../danfe/danfe-graphics';
import type { IssuerRow } from '../fiscal.repository';
import type { NfseSettingsRow, ServiceInvoiceRow } from './nfse.repository';

/** The public consultation of an NFS-e by its key (the DANFSe's QR code). */
export const consultationUrl = (key: string) =>
  `https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${encodeURIComponent(key)}`;

const money = (cents: number) => formatBRL(centsToReais(cents)).replace(/\s/g, ' ');
const SIMPLES = ['', 'Não Optante', 'Optante - Microempreendedor Individual (MEI)', 'Optante - Microempresa ou EPP'];
const SPECIAL = ['Nenhum', 'Ato Cooperado', 'Estimativa', 'Microempresa Municipal', 'Notário ou Registrador'];
const SPECIAL_MORE = ['Profissional Autônomo', 'Sociedade de Profissionais'];

const styles = StyleSheet.create({
  page: { padding: 24, fontSize: 7.5, fontFamily: 'Helvetica' },
  header: { flexDirection: 'row', justifyContent: 'space-between', borderBottomWidth: 1, paddingBottom: 4 },
  title: { fontSize: 13, fontFamily: 'Helvetica-Bold' },
  block: { borderBottomWidth: 0.6, borderColor: '#000000', paddingVertical: 3 },
  heading: { fontSize: 7.5, fontFamily: 'Helvetica-Bold', marginBottom: 2 },
  grid: { flexDirection: 'row', flexWrap: 'wrap' },
  cell: { width: '25%', paddingRight: 4, marginBottom: 2 },
  wide: { width: '50%', paddingRight: 4, marginBottom: 2 },
  full: { width: '100%', marginBottom: 2 },
  label: { fontSize: 6, fontFamily: 'Helvetica-Bold', color: '#333333' },
  key: { fontFamily: 'Courier', fontSize: 8 },
  stamp: { marginTop: 8, fontSize: 15, color: '#b00020', fontFamily: 'Helvetica-Bold', textAlign: 'center' },
});

type Cell = [label: string, value: string, size?: 'cell' | 'wide' | 'full'];
const cells = (list: Cell[]) =>
  h(
    View,
    { style: styles.grid },
    ...list.map(([label, value, size = 'cell']) =>
      h(View, { style: styles[size] }, h(Text, { style: styles.label }, label), h(Text, null, value || '-')),
    ),
  );
const block = (heading: string, ...content: (ReactElement | null)[]) =>
  h(View, { style: styles.block, wrap: false }, h(Text, { style: styles.heading }, heading), ...content);

/** A tag's text in the NFS-e's XML ('' when absent). */
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';
/** The provider's IM: in the NFS-e's emit or the DPS's prest (never the taker's). */
const providerIm = (xml: string) => /<(emit|prest)>(?:(?!<\/\1>)[\s\S])*?<IM>([^<]*)<\/IM>/.exec(xml)?.[2] ?? '';
const dateTime = (value: string) => (value ? formatBusinessDateTimeMinutes(new Date(value)) : '');
const day = (value: string) => (value ? value.split('-').reverse().join('/') : '');
const cents = (value: string, fallback: number) => (value ? reaisToCents(Number(value)) : fallback);

export function renderDanfse(row: ServiceInvoiceRow, issuer: IssuerRow, settings: NfseSettingsRow): Promise<Buffer> {
  const status = row.status as ServiceInvoiceStatus;
  const xml = row.nfse_xml ?? '';
  const key = row.access_key ?? '';
  const base = cents(tag(xml, 'vBC'), row.amount_cents);
  const iss = cents(tag(xml, 'vISSQN'), row.iss_cents);
  const rate = tag(xml, 'pAliqAplic') || (row.iss_rate_hundredths / 100).toFixed(2);
  const net = cents(tag(xml, 'vLiq'), row.amount_cents);
  const city = `${issuer.city_name} - ${issuer.uf}`;
  const address = [`${issuer.street}, ${issuer.number}`, issuer.complement, issuer.district].filter(Boolean).join(', ');
  const taxCode = settings.national_tax_code.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1.$2.$3');
  const special = [...SPECIAL, ...SPECIAL_MORE][settings.special_regime] ?? '';
  const document = h(
    Document,
    { title: `DANFSe ${row.nfse_number ?? ''}`, language: 'pt-BR' },
    h(
      Page,
      { size: 'A4', style: styles.page },
      h(
        View,
        { style: styles.header },
        h(View, null, h(Text, { style: styles.title }, 'DANFSe v1.0'), h(Text, null, 'Documento Auxiliar da NFS-e')),
        h(Text, { style: { fontFamily: 'Helvetica-Bold' } }, `Município de ${city}`),
      ),
      h(
        View,
        { style: [styles.block, { flexDirection: 'row' }] },
        h(
          View,
          { style: { flexGrow: 1 } },
          cells([
            ['Chave de Acesso da NFS-e', key.replace(/(\d{4})(?=\d)/g, '$1 '), 'full'],
            ['Número da NFS-e', row.nfse_number ?? ''],
            ['Competência da NFS-e', day(tag(xml, 'dCompet'))],
            ['Data e Hora da emissão da NFS-e', dateTime(tag(xml, 'dhProc'))],
            ['Número da DPS', String(row.dps_number ?? '')],
            ['Série da DPS', row.dps_series ?? ''],
            ['Data e Hora da emissão da DPS', dateTime(tag(xml, 'dhEmi'))],
          ]),
          h(
            Text,
            { style: { marginTop: 2 } },
            'A autenticidade desta NFS-e pode ser verificada pela leitura deste código QR ou pela consulta da chave de acesso no portal nacional da NFS-e',
          ),
        ),
        key ? h(View, { style: { marginLeft: 6 } }, qrCodeSvg(consultationUrl(key), 78)) : null,
      ),
      block(
        'EMITENTE DA NFS-e — Prestador do Serviço',
        cells([
          ['CNPJ / CPF / NIF', formatDocument(issuer.cnpj)],
          ['Inscrição Municipal', providerIm(xml)],
          ['Telefone', issuer.phone ?? ''],
          ['E-mail', ''],
          ['Nome / Nome Empresarial', issuer.legal_name, 'wide'],
          ['Endereço', address, 'wide'],
          ['Município', city],
          ['CEP', issuer.cep],
          ['Simples Nacional da Data de Competência', SIMPLES[settings.simples_option] ?? '', 'wide'],
          [
            'Regime de Apuração Tributária pelo SN',
            settings.simples_option === 3 ? 'Tributos federais e municipal pelo SN' : '',
            'wide',
          ],
        ]),
      ),
      block(
        'TOMADOR DO SERVIÇO',
        cells([
          ['CNPJ / CPF / NIF', row.taker_document ? formatDocument(row.taker_document) : 'Não informado'],
          ['Nome / Nome Empresarial', row.taker_name, 'wide'],
        ]),
      ),
      block('INTERMEDIÁRIO DO SERVIÇO NÃO IDENTIFICADO NA NFS-e'),
      block(
        'SERVIÇO PRESTADO',
        cells([
          ['Código de Tributação Nacional', `${taxCode} (item ${settings.service_item} da LC 116/2003)`, 'wide'],
          ['Código de Tributação Municipal', ''],
          ['Local da Prestação', city],
          ['Descrição do Serviço', row.description, 'full'],
        ]),
      ),
      block(
        'TRIBUTAÇÃO MUNICIPAL',
        cells([
          ['Tributação do ISSQN', 'Operação Tributável'],
          ['Município de Incidência do ISSQN', city],
          ['Regime Especial de Tributação', special],
          ['Suspensão da Exigibilidade do ISSQN', 'Não'],
          ['Valor do Serviço', money(row.amount_cents)],
          ['BC ISSQN', money(base)],
          ['Alíquota Aplicada', `${rate.replace('.', ',')}%`],
          ['Retenção do ISSQN', 'Não Retido'],
          ['ISSQN Apurado', money(iss)],
        ]),
      ),
      block('TRIBUTAÇÃO FEDERAL', cells([['Retenções federais', 'Nenhuma', 'wide']])),
      block(
        'VALOR TOTAL DA NFS-E',
        cells([
          ['Valor do Serviço', money(row.amount_cents)],
          ['Desconto Condicionado', money(0)],
          ['Desconto Incondicionado', money(0)],
          ['ISSQN Retido', money(0)],
          ['Total das Retenções Federais', money(0)],
          ['Valor Líquido da NFS-e', money(net)],
        ]),
      ),
      block(
        'TOTAIS APROXIMADOS DOS TRIBUTOS',
        cells([['Federais / Estaduais / Municipais', 'Não informados', 'wide']]),
      ),
      block(
        'INFORMAÇÕES COMPLEMENTARES',
        cells([['Outras Informações', `Ordem de serviço nº ${row.repair_id}`, 'full']]),
      ),
      row.environment === 2 ? h(Text, { style: styles.stamp }, 'EMITIDA EM HOMOLOGAÇÃO — SEM VALOR FISCAL') : null,
      status === 'CANCELLED' ? h(Text, { style: styles.stamp }, 'NFS-e CANCELADA') : null,
    ),
  );
  return renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);
}
