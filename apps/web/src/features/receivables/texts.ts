import { BOLETO_STATUS_LABELS, BOLETO_TEXTS, RECEIPT_TEXTS, RECEIVABLE_TEXTS } from '@backoffice/contract';

const parcels = (count: number) => (count === 1 ? '1 parcela' : `${count} parcelas`);

/** Texts of 'Contas a receber' (issue 40 §2). */
export const RECEIVABLES_TEXTS = {
  title: 'Contas a receber',
  status: 'Situação',
  customer: 'Cliente',
  customerSearch: 'Digite para buscar o cliente',
  filterByCustomer: (name: string) => `Filtrar por ${name}`,
  order: 'Pedido',
  instalment: 'Parcela',
  instalmentOf: RECEIVABLE_TEXTS.instalmentOf,
  dueDate: 'Vencimento',
  from: 'Vencimento de',
  to: 'até',
  amount: 'Valor',
  paid: 'Pago',
  open: 'Em aberto',
  dueToday: 'Pede hoje',
  actions: 'Ações',
  /** 'Pede hoje' of a late instalment: '10 dias de atraso: multa R$ 40,00 + juros R$ 6,67', in two parts. */
  lateDays: (days: number) => `${days === 1 ? '1 dia' : `${days} dias`} de atraso:`,
  lateCharges: (fine: string, interest: string) => `multa ${fine} + juros ${interest}`,
  late: (days: number, fine: string, interest: string) =>
    `${days === 1 ? '1 dia' : `${days} dias`} de atraso: multa ${fine} + juros ${interest}`,
  totals: (count: number, amount: string, paid: string, open: string) =>
    `${parcels(count)} · valor ${amount} · pago ${paid} · em aberto ${open}`,
  exportCsv: 'Exportar CSV',
  csvFile: 'contas-a-receber.csv',
  csvFailed: 'Não foi possível exportar o CSV. Tente novamente.',
  empty: 'Nenhuma parcela encontrada.',
  loadFailed: 'Não foi possível carregar as parcelas.',
  receive: 'Receber',
  receiveRow: (customer: string, seq: number, count: number) => `Receber a parcela ${seq}/${count} de ${customer}`,
  close: 'Fechar',
  // The instalment's dialog
  detailsTitle: (seq: number, count: number, order: string) => `Parcela ${seq}/${count} do pedido ${order}`,
  payments: 'Recebimentos',
  noPayments: 'Nenhum recebimento registrado.',
  paymentLine: (day: string, method: string, who: string) => `${day} · ${method} · ${who}`,
  /** Who recorded a payment the bank's webhook did (its Pix). */
  bank: RECEIPT_TEXTS.bank,
  paymentSplit: (principal: string, fine: string, interest: string) =>
    `parcela ${principal} · multa ${fine} · juros ${interest}`,
  undoneLine: (when: string, reason: string) => `Desfeito em ${when}: ${reason}`,
  receipt: 'Recibo',
  receiptFile: (id: number) => `recibo-${id}.pdf`,
  receiptFailed: 'Não foi possível baixar o recibo. Tente novamente.',
  undo: 'Desfazer',
  // 'Pix da parcela' and 'Cobrar pelo WhatsApp'
  pix: 'Pix da parcela',
  pixAmount: (amount: string) => `Valor de hoje: ${amount}`,
  pixNoKey: 'A loja ainda não tem chave Pix cadastrada: o código Pix não pode ser gerado.',
  pixFailed: 'Não foi possível gerar o Pix da parcela.',
  /** The instalment's cobv (decision 0094): the QR code the bank keeps, its amount of the day of payment. */
  pixCobv: (due: string) =>
    `Cobrança com vencimento em ${due} no banco: pago depois, o banco soma multa e juros do dia do pagamento.`,
  charge: 'Cobrar pelo WhatsApp',
  chargeNoPhone: 'Sem celular válido do cliente: o WhatsApp pede o contato.',
  chargeMessage: (customer: string, seq: number, count: number, order: string, due: string, amount: string) =>
    `Olá, ${customer}! A parcela ${seq}/${count} do pedido ${order}, com vencimento em ${due}, está em ${amount} (multa e juros inclusos, se houver).`,
  chargePix: (payload: string) => `Pix copia e cola: ${payload}`,
  // 'Receber'
  receiveTitle: (seq: number, count: number, customer: string) => `Receber a parcela ${seq}/${count} de ${customer}`,
  openNow: (open: string) => `Em aberto: ${open}`,
  paidOn: 'Data do recebimento',
  method: 'Forma de recebimento',
  asksOn: (day: string, total: string) => `Pede em ${day}: ${total}`,
  charges: (days: number, fine: string, interest: string) =>
    `${days === 1 ? '1 dia' : `${days} dias`} de atraso: multa ${fine} + juros ${interest}`,
  asksAll: 'Receber tudo',
  takeDue: (due: string) => `Receber ${due}`,
  confirmReceive: 'Registrar recebimento',
  receiveFailed: 'Não foi possível registrar o recebimento. Tente novamente.',
  received: 'Recebimento registrado.',
  dateInvalid: 'Informe uma data válida (DD/MM/AAAA).',
  // 'Desfazer'
  undoTitle: 'Desfazer recebimento',
  undoText: (amount: string, day: string) =>
    `O recebimento de ${amount} em ${day} deixa de contar e o valor volta a ficar em aberto. O registro fica na parcela.`,
  reason: 'Motivo',
  keep: 'Voltar',
  confirmUndo: 'Desfazer',
  undoFailed: 'Não foi possível desfazer o recebimento. Tente novamente.',
  undone: 'Recebimento desfeito.',
  // Registered boletos (issue 58 §2)
  boleto: BOLETO_TEXTS.boleto,
  boletoIssue: BOLETO_TEXTS.issue,
  boletoIssueFailed: 'Não foi possível emitir o boleto. Tente novamente.',
  boletoPdf: BOLETO_TEXTS.pdf,
  boletoPdfFailed: 'Não foi possível abrir o boleto. Tente novamente.',
  boletoEmail: BOLETO_TEXTS.sendEmail,
  boletoEmailFailed: 'Não foi possível enviar o boleto. Tente novamente.',
  boletoWhatsApp: BOLETO_TEXTS.sendWhatsApp,
  boletoNone: 'Nenhum boleto emitido para esta parcela.',
  boletoLine: BOLETO_TEXTS.digitableLine,
  boletoStatus: (status: keyof typeof BOLETO_STATUS_LABELS, remessa: number | null, byApi = false) =>
    `${BOLETO_STATUS_LABELS[status]} · ${byApi ? 'registrado pela API do banco' : remessa === null ? 'aguardando remessa' : `remessa ${remessa}`}`,
  boletoPix: BOLETO_TEXTS.pixPay,
  boletoPixHelp: BOLETO_TEXTS.pixPayHelp,
  boletoInfo: (nossoNumero: string, due: string, amount: string) =>
    `Nosso número ${nossoNumero} · vencimento ${due} · ${amount}`,
  boletoLoadFailed: 'Não foi possível carregar os boletos da parcela.',
  bankFiles: 'Remessa e retorno',
  bankFilesTitle: BOLETO_TEXTS.remessaTitle,
  bankFilesIntro: BOLETO_TEXTS.remessaIntro,
  remessaNew: BOLETO_TEXTS.remessaNew,
  remessaFailed: 'Não foi possível gerar a remessa. Tente novamente.',
  remessaCreated: (nsa: number, count: number) => `Remessa ${nsa} gerada com ${BOLETO_TEXTS.remessaCount(count)}.`,
  remessaList: BOLETO_TEXTS.remessaList,
  remessaEmpty: 'Nenhuma remessa gerada.',
  remessaRow: (nsa: number, count: number, when: string, who: string) =>
    `Remessa ${nsa} · ${BOLETO_TEXTS.remessaCount(count)} · ${when} · ${who}`,
  remessaDownload: BOLETO_TEXTS.remessaDownload,
  remessaDownloadFailed: 'Não foi possível baixar a remessa. Tente novamente.',
  retornoUpload: BOLETO_TEXTS.retornoUpload,
  retornoFailed: 'Não foi possível ler o retorno. Tente novamente.',
  retornoResult: BOLETO_TEXTS.retornoResult,
  retornoAlready: BOLETO_TEXTS.retornoAlreadyRead,
  settleAsk: BOLETO_TEXTS.settleAsk,
  settleFailed: 'Não foi possível consultar os pagamentos no Banco do Brasil. Tente novamente.',
  settleResult: BOLETO_TEXTS.settleResult,
} as const;
