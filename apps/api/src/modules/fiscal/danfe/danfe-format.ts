/**
 * The DANFE's texts (Manual de Orientação do Contribuinte, Anexo II; Manual do DANFE NFC-e) and how it writes the
 * note's values: money as R$ 1.234,56 (formatBRL), dates DD/MM/YYYY HH:mm in the shop's zone, the access key in
 * groups of four, the note's number as 000.004.512.
 */
import {
  formatBRL,
  formatBusinessDate,
  formatBusinessDateTimeMinutes,
  formatBusinessTime,
  formatCep,
  formatDay,
  formatDocument,
  formatPhone,
} from '@backoffice/contract';
import type { DanfeAddress, DanfeNote } from './danfe-note';

export const DANFE_TEXTS = {
  danfe: 'DANFE',
  danfeSubtitle: 'Documento Auxiliar da Nota Fiscal Eletrônica',
  nfceTitle: 'Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica',
  direction: ['0 - ENTRADA', '1 - SAÍDA'],
  number: (number: string) => `Nº ${number}`,
  series: (series: string) => `SÉRIE ${series}`,
  sheet: (page: number, pages: number) => `FOLHA ${page}/${pages}`,
  receipt: (issuer: string) =>
    `RECEBEMOS DE ${issuer} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ELETRÔNICA INDICADA AO LADO`,
  receiptSummary: (issuedOn: string, total: string, recipient: string) =>
    `EMISSÃO: ${issuedOn} - VALOR TOTAL: ${total} - DESTINATÁRIO: ${recipient}`,
  receivedOn: 'DATA DE RECEBIMENTO',
  receiverSignature: 'IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR',
  issuerBlock: 'IDENTIFICAÇÃO DO EMITENTE',
  accessKey: 'CHAVE DE ACESSO',
  consult: [
    'Consulta de autenticidade no portal nacional da NF-e',
    'www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora',
  ],
  natureOfOperation: 'NATUREZA DA OPERAÇÃO',
  protocol: 'PROTOCOLO DE AUTORIZAÇÃO DE USO',
  pending: 'Pendente de autorização',
  notAuthorised: (status: string, reason: string) => `NÃO AUTORIZADA: ${status} - ${reason}`,
  ie: 'INSCRIÇÃO ESTADUAL',
  iest: 'INSCRIÇÃO ESTADUAL DO SUBST. TRIBUT.',
  cnpj: 'CNPJ',
  recipient: 'DESTINATÁRIO / REMETENTE',
  name: 'NOME / RAZÃO SOCIAL',
  document: 'CNPJ / CPF',
  issuedOn: 'DATA DA EMISSÃO',
  address: 'ENDEREÇO',
  district: 'BAIRRO / DISTRITO',
  cep: 'CEP',
  leavesOn: 'DATA DA SAÍDA/ENTRADA',
  city: 'MUNICÍPIO',
  uf: 'UF',
  phone: 'FONE / FAX',
  leavesAt: 'HORA DA SAÍDA/ENTRADA',
  billing: 'FATURA / DUPLICATAS',
  invoice: (number: string, original: string, discount: string, net: string) =>
    `Fatura ${number} - valor original ${original} - desconto ${discount} - valor líquido ${net}`,
  instalment: 'Nº',
  dueDate: 'Venc.',
  value: 'Valor',
  payment: 'PAGAMENTO',
  taxes: 'CÁLCULO DO IMPOSTO',
  icmsBase: 'BASE DE CÁLC. DO ICMS',
  icms: 'VALOR DO ICMS',
  icmsStBase: 'BASE DE CÁLC. ICMS S.T.',
  icmsSt: 'VALOR DO ICMS SUBST.',
  pis: 'VALOR DO PIS',
  products: 'V. TOTAL DOS PRODUTOS',
  freight: 'VALOR DO FRETE',
  insurance: 'VALOR DO SEGURO',
  discount: 'DESCONTO',
  other: 'OUTRAS DESPESAS',
  ipi: 'VALOR TOTAL DO IPI',
  cofins: 'VALOR DA COFINS',
  total: 'V. TOTAL DA NOTA',
  ibsCbsBase: 'BASE DE CÁLC. IBS/CBS',
  ibsUf: 'VALOR DO IBS UF',
  ibsMun: 'VALOR DO IBS MUNICIPAL',
  ibs: 'VALOR TOTAL DO IBS',
  cbs: 'VALOR DA CBS',
  transport: 'TRANSPORTADOR / VOLUMES TRANSPORTADOS',
  freightMode: 'FRETE POR CONTA',
  antt: 'CÓDIGO ANTT',
  plate: 'PLACA DO VEÍCULO',
  quantity: 'QUANTIDADE',
  kind: 'ESPÉCIE',
  brand: 'MARCA',
  numbering: 'NUMERAÇÃO',
  grossWeight: 'PESO BRUTO',
  netWeight: 'PESO LÍQUIDO',
  items: 'DADOS DOS PRODUTOS / SERVIÇOS',
  columns: {
    code: 'CÓDIGO',
    description: 'DESCRIÇÃO DO PRODUTO / SERVIÇO',
    ncm: 'NCM/SH',
    cst: 'O/CST',
    csosn: 'O/CSOSN',
    cfop: 'CFOP',
    unit: 'UN',
    quantity: 'QUANT.',
    unitValue: 'VALOR UNIT.',
    total: 'VALOR TOTAL',
    discount: 'VALOR DESC.',
    icmsBase: 'B.CÁLC. ICMS',
    icms: 'VALOR ICMS',
    icmsRate: 'ALÍQ. ICMS',
  },
  additional: 'DADOS ADICIONAIS',
  complementary: 'INFORMAÇÕES COMPLEMENTARES',
  fisco: 'RESERVADO AO FISCO',
  approximateTaxes: (value: string) => `Valor aproximado dos tributos: ${value} (Lei Federal 12.741/2012)`,
  withoutValue: 'SEM VALOR FISCAL',
  homologation: 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL',
  contingency: 'EMITIDA EM CONTINGÊNCIA',
  contingencySince: (since: string, reason: string) => `Contingência desde ${since}: ${reason}`,
  // The NFC-e.
  nfceColumns: {
    code: 'Código',
    description: 'Descrição',
    quantity: 'Qtde',
    unit: 'UN',
    unitValue: 'Vl Unit',
    total: 'Vl Total',
  },
  itemCount: 'Qtde. total de itens',
  grossTotal: 'Valor total',
  nfceDiscount: 'Desconto',
  nfceCharges: 'Frete, seguro e outras despesas',
  toPay: 'Valor a pagar',
  paymentMethod: 'FORMA DE PAGAMENTO',
  paid: 'VALOR PAGO',
  change: 'Troco',
  consultByKey: 'Consulte pela Chave de Acesso em',
  consumer: (document: string, name: string) =>
    `CONSUMIDOR - ${document.length === 11 ? 'CPF' : document.length === 14 ? 'CNPJ' : 'Id. Estrangeiro'} ${formatDocument(document)}${name ? ` - ${name}` : ''}`,
  anonymousConsumer: 'CONSUMIDOR NÃO IDENTIFICADO',
  nfceIdentification: (number: string, series: string, issuedAt: string) =>
    `NFC-e nº ${number} Série ${series} ${issuedAt}`,
  nfceProtocol: (number: string) => `Protocolo de autorização: ${number}`,
  nfceAuthorisedAt: (at: string) => `Data de autorização: ${at}`,
  qrCodeHint: 'Consulta via leitor de QR Code',
  approximateTaxesNfce: 'Tributos Totais Incidentes (Lei Federal 12.741/2012)',
} as const;

/** tPag in Portuguese (NT 2020.006 and the layout's table). */
export const PAYMENT_NAMES: Record<string, string> = {
  '01': 'Dinheiro',
  '02': 'Cheque',
  '03': 'Cartão de Crédito',
  '04': 'Cartão de Débito',
  '05': 'Crédito Loja',
  '10': 'Vale Alimentação',
  '11': 'Vale Refeição',
  '12': 'Vale Presente',
  '13': 'Vale Combustível',
  '15': 'Boleto',
  '16': 'Depósito',
  '17': 'Pix',
  '18': 'Transferência',
  '19': 'Programa de Fidelidade',
  '20': 'Pix Estático',
  '21': 'Crédito em Loja',
  '22': 'Pagamento Eletrônico não Informado',
  '90': 'Sem Pagamento',
  '99': 'Outros',
};

export const paymentName = (type: string, description: string) => description || PAYMENT_NAMES[type] || type;

/** modFrete as the DANFE writes it. */
export const FREIGHT_MODES: Record<string, string> = {
  '0': '0 - Remetente (CIF)',
  '1': '1 - Destinatário (FOB)',
  '2': '2 - Terceiros',
  '3': '3 - Próprio Remetente',
  '4': '4 - Próprio Destinatário',
  '9': '9 - Sem Transporte',
};

/**
 * The texts' hyphenation: none (react-pdf's patterns are English ones, which cut 'ELETRÔ-NICA'); a word longer than
 * 40 characters (an address, a code) may still break every 20.
 */
export const wholeWords = (word: string): string[] => (word.length > 40 ? (word.match(/.{1,20}/g) ?? [word]) : [word]);

/** R$ 1.234,56. */
export const money = (reais: number) => formatBRL(reais);
/** 1.234,56, for the columns of the items. */
export const decimal = (reais: number) => formatBRL(reais).replace('R$ ', '');

const numberFormats = new Map<string, Intl.NumberFormat>();
/** A decimal written by the XML ('2.0000', '1000.0000000000') in Brazilian form, with `min` to `max` decimals. */
export function xmlDecimal(value: string, min: number, max: number): string {
  if (value === '') return '';
  const key = `${min}-${max}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: min, maximumFractionDigits: max });
    numberFormats.set(key, format);
  }
  return format.format(Number(value));
}

/** The access key in eleven groups of four digits. */
export const formatAccessKey = (key: string) => key.replace(/([0-9A-Z]{4})(?=[0-9A-Z])/g, '$1 ');

/** The note's number as 000.004.512. */
export const formatNoteNumber = (number: string) =>
  number.padStart(9, '0').replace(/^(\d{3})(\d{3})(\d{3})$/, '$1.$2.$3');

/** The series as three digits: 001. */
export const formatSeries = (series: string) => series.padStart(3, '0');

/** An instant of the XML (a timestamp with its UTC offset) as DD/MM/YYYY HH:mm in the shop's zone; '' when absent. */
export const dateTime = (at: string) => (at ? formatBusinessDateTimeMinutes(new Date(at)) : '');
export const dateOnly = (at: string) => (at ? formatBusinessDate(new Date(at)) : '');
export const timeOnly = (at: string) => (at ? formatBusinessTime(new Date(at)) : '');
/** A calendar day of the XML (dVenc, YYYY-MM-DD) as DD/MM/YYYY. */
export const day = (value: string) => (value ? formatDay(value) : '');

export const document = (value: string) => formatDocument(value);

/** 'Rua Uruguaiana, 50, Loja 3'. */
export const streetLine = (address: DanfeAddress | null) =>
  address ? [address.street, address.number, address.complement].filter(Boolean).join(', ') : '';

export const cep = (value: string) => formatCep(value);
export const phone = (value: string) => formatPhone(value);

/** 'Rua Uruguaiana, 50, Loja 3, Centro, Rio de Janeiro - RJ' */
export function fullAddress(address: DanfeAddress | null): string {
  if (!address) return '';
  return [streetLine(address), address.district, `${address.city} - ${address.uf}`].filter(Boolean).join(', ');
}

/** Whether the note prints 'EMITIDA EM CONTINGÊNCIA': issued in a contingency (tpEmis other than 1). */
export const inContingency = (note: DanfeNote) => note.emissionType !== 1;

/** What the protocol box says: the number and when, or why there is none. */
export function protocolText(note: DanfeNote): string {
  if (note.protocol && note.authorised) return `${note.protocol.number} - ${dateTime(note.protocol.receivedAt)}`;
  if (note.protocol) return DANFE_TEXTS.notAuthorised(note.protocol.status, note.protocol.reason);
  return DANFE_TEXTS.pending;
}

/**
 * Whether the DANFE has no fiscal value: homologação, or a note without authorisation that was not issued in a
 * contingency (which prints 'Pendente de autorização' and stands until it is authorised).
 */
export const withoutFiscalValue = (note: DanfeNote) =>
  note.environment === 2 || (!note.authorised && (!inContingency(note) || note.protocol !== null));
