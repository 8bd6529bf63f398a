import { FISCAL_NOTE_TEXTS } from '@backoffice/contract';

/** The model's short name: NF-e (55) or NFC-e (65). */
export const MODEL_LABELS: Record<55 | 65, string> = { 55: 'NF-e', 65: 'NFC-e' };

/** Portuguese texts of a note as the order's screens and 'Notas fiscais' show it (issue 41 §2). */
export const FISCAL_TEXTS = {
  model: 'Modelo',
  modelOptions: {
    55: 'NF-e (modelo 55): empresa (CNPJ) ou cliente de outro estado',
    65: 'NFC-e (modelo 65): consumidor final',
  },
  /** 'NF-e nº 12 · série 1'. */
  noteName: (model: 55 | 65, number: number, series: number) => `${MODEL_LABELS[model]} nº ${number} · série ${series}`,
  homologation: 'Homologação',
  homologationHint: 'Ambiente de homologação: nota sem valor fiscal.',
  contingency: 'Contingência offline',
  danfe: 'DANFE',
  xml: 'XML',
  danfeOf: (model: 55 | 65, number: number) => `DANFE da ${MODEL_LABELS[model]} nº ${number}`,
  xmlOf: (model: 55 | 65, number: number) => `XML da ${MODEL_LABELS[model]} nº ${number}`,
  danfeFile: (model: 55 | 65, number: number) => `danfe-${model === 55 ? 'nfe' : 'nfce'}-${number}.pdf`,
  xmlFile: (accessKey: string) => `${accessKey}-procNFe.xml`,
  danfeFailed: 'Não foi possível baixar o DANFE. Tente novamente.',
  xmlFailed: 'Não foi possível baixar o XML. Tente novamente.',
  retry: 'Enviar de novo',
  retryFailed: 'Não foi possível enviar a nota de novo. Tente novamente.',
  // The order's notes (its details) and emitting one
  section: 'Nota fiscal',
  sectionLoading: 'Carregando as notas do pedido…',
  sectionFailed: 'Não foi possível carregar as notas fiscais do pedido.',
  noNote: 'Este pedido ainda não tem nota fiscal.',
  emit: (model: 55 | 65) => `Emitir ${MODEL_LABELS[model]}`,
  emitNote: 'Emitir nota',
  dialogTitle: (code: string) => `Nota fiscal do pedido ${code}`,
  emitText:
    'A nota é montada com os itens, o frete, a garantia, o desconto e os pagamentos do pedido, assinada com o certificado da loja e enviada à SEFAZ.',
  emitDefault: (model: 55 | 65, document: string | null) =>
    document
      ? `Sugerido pelo documento do cliente (${document}): ${MODEL_LABELS[model]}.`
      : `Cliente sem CPF/CNPJ cadastrado: ${MODEL_LABELS[model]}.`,
  emitConfirm: 'Emitir',
  emitBusy: 'Enviando à SEFAZ…',
  emitFailed: 'Não foi possível emitir a nota. Tente novamente.',
  close: 'Fechar',
  loading: 'Carregando…',
  // What the SEFAZ answered, in the user's words
  outcome: {
    AUTHORIZED: (number: number) => FISCAL_NOTE_TEXTS.emitted(number),
    REJECTED: (code: number | null, reason: string | null) =>
      `A SEFAZ rejeitou a nota: ${code ?? '—'} — ${reason ?? 'sem motivo informado'}`,
    rejectedHint:
      "Corrija o que a SEFAZ apontou (no cadastro do cliente, do produto ou no emitente) e use 'Enviar de novo': a nota é refeita com o mesmo número. Ou inutilize o número em 'Lacunas de numeração': o pedido recebe então uma nota com um número novo.",
    DENIED: (code: number | null, reason: string | null) =>
      `A SEFAZ denegou a nota: ${code ?? '—'} — ${reason ?? 'sem motivo informado'}`,
    SIGNED: FISCAL_NOTE_TEXTS.unavailable,
    CONTINGENCY: FISCAL_NOTE_TEXTS.contingency,
    PROCESSING:
      "A SEFAZ recebeu a nota e ainda está processando. Use 'Enviar de novo' em alguns instantes para consultar a resposta.",
    CANCELLED: 'Nota cancelada.',
    UNKNOWN: (number: number) => FISCAL_NOTE_TEXTS.unknownFate(number),
    VOIDED: (number: number) =>
      `O número ${number} foi inutilizado na SEFAZ: esta nota não vale e não é enviada de novo. O pedido pode receber uma nota nova.`,
  },
  protocol: (protocol: string) => `Protocolo ${protocol}`,
  retried: 'Nota enviada de novo à SEFAZ.',
} as const;
