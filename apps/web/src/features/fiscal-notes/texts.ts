import {
  CANCEL_WINDOW_HOURS,
  FISCAL_NOTE_EVENT_LABELS,
  FISCAL_NOTE_TEXTS,
  type FiscalNoteEventType,
  NFE_CONTINGENCY_TEXTS,
} from '@backoffice/contract';

const notes = (count: number) => (count === 1 ? '1 nota' : `${count.toLocaleString('pt-BR')} notas`);

/** Texts of 'Notas fiscais' (issue 41 §2–3). */
export const FISCAL_NOTES_TEXTS = {
  title: FISCAL_NOTE_TEXTS.title,
  status: 'Situação',
  chips: {
    all: 'Todas',
    AUTHORIZED: 'Autorizadas',
    REJECTED: 'Rejeitadas',
    SIGNED: 'Aguardando a SEFAZ',
    PROCESSING: 'Em processamento',
    CONTINGENCY: 'Em contingência',
    DENIED: 'Denegadas',
    CANCELLED: 'Canceladas',
    UNKNOWN: 'Sem resposta da SEFAZ',
    VOIDED: 'Números inutilizados',
  },
  search: 'Número, chave, cliente ou pedido',
  model: 'Modelo',
  allModels: 'Todos',
  from: 'Emissão de',
  to: 'até',
  // The table
  number: 'Número/Série',
  numberShort: 'Nº/Série',
  issuedAt: 'Emissão',
  customer: 'Cliente',
  order: 'Pedido',
  total: 'Total',
  noRecipient: 'Consumidor não identificado',
  empty: 'Nenhuma nota encontrada.',
  loadFailed: 'Não foi possível carregar as notas fiscais.',
  count: (count: number) => notes(count),
  exportCsv: 'Exportar CSV',
  csvFile: 'notas-fiscais.csv',
  csvFailed: 'Não foi possível exportar o CSV. Tente novamente.',
  // 'XMLs do mês'
  monthXmls: 'XMLs do mês',
  monthTitle: 'XMLs do mês para o contador',
  monthText:
    'Um arquivo .zip com o XML de cada nota autorizada ou cancelada emitida no mês, os XMLs dos seus eventos (cancelamento, cartas de correção), os das inutilizações do mês e o índice indice.csv, uma linha por arquivo.',
  month: 'Mês',
  monthHint: 'AAAA-MM (ex.: 2026-11)',
  download: 'Baixar',
  zipFile: (month: string) => `notas-${month}.zip`,
  zipFailed: 'Não foi possível baixar os XMLs do mês. Tente novamente.',
  // The note's dialog
  close: 'Fechar',
  accessKey: 'Chave de acesso',
  protocol: 'Protocolo',
  authorizedAt: 'Autorização',
  recipient: 'Destinatário',
  createdBy: 'Emitida por',
  sefazAnswer: 'Resposta da SEFAZ',
  answer: (code: number | null, reason: string | null) =>
    code === null ? (reason ?? '—') : `${code} — ${reason ?? ''}`,
  events: 'Eventos',
  noEvents: 'Nenhum evento registrado.',
  eventTitle: (type: FiscalNoteEventType, sequence: number) =>
    type === 'CORRECTION' ? `${FISCAL_NOTE_EVENT_LABELS.CORRECTION} nº ${sequence}` : FISCAL_NOTE_EVENT_LABELS[type],
  eventLine: (when: string, who: string | null, protocol: string | null) =>
    [when, who, protocol ? `protocolo ${protocol}` : null].filter(Boolean).join(' · '),
  // 'Cancelar'
  cancel: 'Cancelar',
  cancelTitle: (name: string) => `Cancelar a ${name}`,
  /** The button's second line: the note's deadline, the time alone when it is today. */
  cancellableUntil: (when: string) => `Cancelável até ${when}`,
  cancelText: `A SEFAZ registra o cancelamento (evento 110111), aceito até ${CANCEL_WINDOW_HOURS} horas após a autorização da NF-e e até 30 minutos após a da NFC-e. Depois disso, emita uma nota de devolução.`,
  reason: 'Motivo',
  keep: 'Voltar',
  confirmCancel: 'Cancelar nota',
  cancelled: (number: number) => `Nota nº ${number} cancelada.`,
  cancelFailed: 'Não foi possível cancelar a nota. Tente novamente.',
  // 'Carta de correção'
  correction: 'Carta de correção',
  correctionTitle: (name: string) => `Carta de correção da ${name}`,
  correctionText:
    'Corrige informações da nota que não mudam o imposto: não corrige valores, quantidades, alíquotas, o emitente, o destinatário nem a data de emissão (Ajuste SINIEF 01/07).',
  correctionField: 'Correção',
  confirmCorrection: 'Registrar carta',
  corrected: (sequence: number) => `Carta de correção nº ${sequence} registrada.`,
  correctionFailed: 'Não foi possível registrar a carta de correção. Tente novamente.',
  // 'Inutilizar números'
  voiding: 'Inutilizar números',
  voidingTitle: 'Inutilizar números',
  voidingText:
    'Informa à SEFAZ os números de uma série que foram pulados e nunca serão usados. Um número já usado numa nota não pode ser inutilizado.',
  series: 'Série',
  fromNumber: 'Do número',
  toNumber: 'Até o número',
  seriesInvalid: 'Informe a série (0 a 999).',
  confirmVoiding: 'Inutilizar',
  voided: (from: number, to: number, series: number, protocol: string | null) =>
    `${from === to ? `Número ${from}` : `Números ${from} a ${to}`} da série ${series} inutilizado${from === to ? '' : 's'}${protocol ? ` (protocolo ${protocol})` : ''}.`,
  voidingFailed: 'Não foi possível inutilizar os números. Tente novamente.',
  // 'Lacunas de numeração' (issue 56 §1)
  gapsTitle: FISCAL_NOTE_TEXTS.gapsTitle,
  gapsHint:
    'Números que não foram autorizados, cancelados nem inutilizados: inutilize-os (a SEFAZ pede uma justificativa de 15 caracteres ou mais). Do dia 1º do mês seguinte em diante, o sino lembra deles.',
  gapsEmpty: FISCAL_NOTE_TEXTS.gapsEmpty,
  gapsFailed: 'Não foi possível carregar as lacunas de numeração.',
  gapVoid: FISCAL_NOTE_TEXTS.gapVoid,
  gapKinds: FISCAL_NOTE_TEXTS.gapKinds,
  gapNumbers: (from: number, to: number) => (from === to ? `nº ${from}` : `nº ${from} a ${to}`),
  gapMonth: (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`,
  gapOrder: (code: string) => `pedido ${code}`,
  gapsCount: (shown: number, total: number) =>
    shown === total ? `${total} ${total === 1 ? 'lacuna' : 'lacunas'}` : `${shown} de ${total} lacunas`,
  // 'Enviar por e-mail'
  email: 'Enviar por e-mail',
  emailTitle: (name: string) => `Enviar a ${name} por e-mail`,
  emailText: 'O DANFE (PDF) e o XML da nota vão para o e-mail do cliente, ou para o endereço informado.',
  emailTo: 'E-mail',
  emailHint: 'Deixe em branco para enviar ao e-mail do cliente',
  send: 'Enviar',
  emailFailed: 'Não foi possível enviar a nota por e-mail. Tente novamente.',
  // 'Enviar de novo'
  retried: 'Nota enviada de novo à SEFAZ.',
  failedAutomatic: (count: number) =>
    count === 1
      ? '1 pedido entregue ficou sem a nota automática:'
      : `${count} pedidos entregues ficaram sem a nota automática:`,
  failedAutomaticLine: (code: string, error: string) => `Pedido ${code}: ${error}`,
  failedAutomaticHint: "Corrija o que está dito e emita a nota pelo pedido ('Nota fiscal').",
  // The NF-e's contingency (issue 56 §2, decision 0083)
  enterContingency: NFE_CONTINGENCY_TEXTS.enter,
  leaveContingency: NFE_CONTINGENCY_TEXTS.leave,
  contingencyTitle: 'Entrar em contingência (SEFAZ Virtual de Contingência)',
  contingencyText: (svc: string | null) =>
    `Com a SEFAZ autorizadora fora do ar, as novas NF-e vão para a ${svc ?? 'SVC'} e as mercadorias podem sair. A NFC-e não muda (ela tem a contingência offline).`,
  contingencyReason: NFE_CONTINGENCY_TEXTS.reasonLabel,
  contingencyKeep: 'Voltar',
  contingencyEntered: 'A loja entrou em contingência: as novas NF-e vão para a SVC.',
  contingencyLeft: 'A loja saiu da contingência: as novas NF-e vão para a SEFAZ autorizadora.',
  contingencyFailed: 'Não foi possível mudar a contingência. Tente novamente.',
};
