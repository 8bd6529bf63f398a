import { z } from 'zod';
import { labelledValues } from './labelled-values';

/*
 * Registered boletos for instalments (issue 58 §2, decision 0092): the shop's bank for boletos, a boleto per
 * instalment, the CNAB 240 remessa that registers them and the retorno that settles them.
 */

/** The banks a boleto may be issued at: Banco do Brasil first (decision 0092). */
export const BOLETO_BANKS = ['001'] as const;
export type BoletoBank = (typeof BOLETO_BANKS)[number];
export const BOLETO_BANK_LABELS: Record<BoletoBank, string> = { '001': 'Banco do Brasil (001)' };

export const BOLETO_STATUS_LABELS = {
  ISSUED: 'Emitido',
  PAID: 'Liquidado',
  WRITTEN_OFF: 'Baixado',
};
export const BOLETO_STATUSES = labelledValues(BOLETO_STATUS_LABELS);
export type BoletoStatus = (typeof BOLETO_STATUSES)[number];

/** The largest retorno file read (a CNAB 240 line is 240 characters: some 8 000 lines), checked before reading. */
export const BOLETO_RETORNO_MAX_BYTES = 2 * 1024 * 1024;

export const BOLETO_TEXTS = {
  settingsTitle: 'Boleto registrado',
  settingsIntro:
    'Banco, agência, conta e convênio de cobrança para emitir boletos das parcelas e trocar os arquivos CNAB 240 com o banco.',
  bank: 'Banco',
  agency: 'Agência',
  agencyDv: 'DV da agência',
  account: 'Conta',
  accountDv: 'DV da conta',
  convenio: 'Convênio (7 dígitos)',
  carteira: 'Carteira',
  variacao: 'Variação da carteira',
  nextSequence: 'Próximo nosso número (sequência)',
  nextRemessa: 'Próxima remessa (NSA)',
  save: 'Salvar',
  saved: 'Configuração de boleto salva.',
  notConfigured: 'Configure o boleto registrado (banco, agência, conta e convênio) em Configurações antes de emitir.',
  bankInvalid: 'Banco não aceito para boleto: por enquanto só o Banco do Brasil (001).',
  agencyInvalid: 'Agência: até 5 dígitos.',
  accountInvalid: 'Conta: até 12 dígitos.',
  dvInvalid: 'Dígito verificador: um dígito ou X.',
  convenioInvalid: 'Convênio: 7 dígitos.',
  carteiraInvalid: 'Carteira: 2 dígitos (ex.: 17).',
  variacaoInvalid: 'Variação: 3 dígitos (ex.: 019).',
  sequenceInvalid: 'Sequência do nosso número: de 1 a 9999999999.',
  sequenceBackwards: 'A sequência do nosso número não pode voltar: já há boleto emitido com número igual ou maior.',
  remessaInvalid: 'Número da remessa: de 1 a 999999.',
  remessaBackwards: 'O número da remessa não pode voltar a um já usado.',
  pixHybrid: 'Boleto híbrido: QR Code Pix no boleto (API Cobrança do Banco do Brasil)',
  pixHybridHelp:
    'Registra cada boleto na hora pela API Cobrança do BB com o QR Code Pix dele; sem isso, o boleto vai na remessa CNAB 240 e sai sem QR Code.',
  pixHybridNoApi:
    'A API Cobrança do Banco do Brasil não está configurada no servidor (BB_COBRANCA_URL, BB_CLIENT_ID, BB_CLIENT_SECRET, BB_APP_KEY): o boleto híbrido não pode ser ligado.',
  pixPay: 'Pague com Pix',
  pixPayHelp: 'Aponte a câmera do app do seu banco para o QR Code ou use o Pix Copia e Cola.',
  pixCopyPaste: 'Pix Copia e Cola',
  bankRefused: (status: number, why: string) =>
    `O Banco do Brasil recusou o registro do boleto (HTTP ${status}): ${why}`,
  bankUnreachable: (why: string) => `Não foi possível falar com a API Cobrança do Banco do Brasil: ${why}`,
  bankAskRefused: (status: number, why: string) =>
    `O Banco do Brasil não respondeu a consulta do boleto (HTTP ${status}): ${why}`,
  settleNoApi: 'A API Cobrança do Banco do Brasil não está configurada no servidor: não há o que consultar.',
  settleAsk: 'Consultar pagamentos no banco',
  settleResult: (asked: number, paid: number) =>
    `${asked === 1 ? '1 boleto consultado' : `${asked} boletos consultados`} no Banco do Brasil; ${paid === 1 ? '1 parcela paga' : `${paid} parcelas pagas`}.`,
  bankCodeMismatch: (ours: string, bank: string) =>
    `O código de barras que o banco registrou (${bank}) não é o que calculamos (${ours}): confira convênio e carteira; o boleto não foi emitido.`,
  issue: 'Emitir boleto',
  issued: 'Boleto emitido.',
  pdf: 'Boleto (PDF)',
  digitableLine: 'Linha digitável',
  nossoNumero: 'Nosso número',
  boleto: 'Boleto',
  sendEmail: 'Enviar por e-mail',
  sendWhatsApp: 'Enviar pelo WhatsApp',
  emailSent: (to: string) => `Boleto enviado para ${to}.`,
  emailMissing: 'O cliente não tem e-mail cadastrado: informe o endereço.',
  emailInvalid: 'E-mail inválido.',
  whatsAppMessage: (
    customer: string,
    seq: number,
    count: number,
    order: string,
    due: string,
    amount: string,
    line: string,
  ) =>
    `Olá, ${customer}! Segue o boleto da parcela ${seq}/${count} do pedido ${order}, vencimento ${due}, valor ${amount}. Linha digitável: ${line}`,
  emailSubject: (seq: number, count: number, order: string) => `Boleto da parcela ${seq}/${count} do pedido ${order}`,
  emailBody: (customer: string, due: string, amount: string, line: string) =>
    `Olá, ${customer}.\n\nSegue em anexo o boleto, vencimento ${due}, valor ${amount}.\nLinha digitável: ${line}\n`,
  notFound: 'Boleto não encontrado.',
  instalmentNotOpen: 'Esta parcela não está em aberto: não há o que cobrar por boleto.',
  alreadyIssued: 'Esta parcela já tem boleto emitido.',
  dueDateTooEarly: 'Vencimento anterior a 03/07/2000 não cabe no código de barras.',
  sequenceFull: 'A sequência do nosso número chegou ao fim: fale com o banco sobre um novo convênio.',
  remessaTitle: 'Remessa e retorno (CNAB 240)',
  remessaIntro:
    'Gere a remessa com os boletos emitidos e ainda não enviados e envie-a ao banco; leia o retorno do banco para baixar as parcelas pagas.',
  remessaNew: 'Gerar remessa',
  remessaNone: 'Não há boleto emitido esperando remessa.',
  remessaDownload: 'Baixar',
  remessaList: 'Remessas geradas',
  remessaCount: (count: number) => (count === 1 ? '1 boleto' : `${count} boletos`),
  retornoUpload: 'Ler retorno',
  retornoTooLarge: (mb: number) => `Arquivo de retorno grande demais: até ${mb} MB.`,
  retornoEmpty: 'Envie o arquivo de retorno (.ret) do banco.',
  retornoInvalid: (line: number, why: string) => `Retorno inválido na linha ${line}: ${why}`,
  retornoOtherBank: 'O retorno é de outro banco ou de outro convênio que o configurado.',
  retornoNotRetorno: 'O arquivo não é um retorno (código 2 na posição 143 do header).',
  retornoAlreadyRead: 'Este arquivo de retorno já foi lido: nada mudou.',
  retornoResult: (paid: number, writtenOff: number, fees: string) =>
    `Retorno lido: ${paid} parcela(s) liquidada(s), ${writtenOff} baixa(s), tarifas ${fees}.`,
  retornoUnknown: (nossoNumero: string) => `Nosso número ${nossoNumero} não é de boleto emitido aqui.`,
  retornoAlreadyPaid: (nossoNumero: string) =>
    `Boleto ${nossoNumero} pago no banco, mas a parcela já estava paga: devolva ao cliente.`,
  feeDescription: (nsa: number | null) => `Tarifas de cobrança (retorno ${nsa ?? 's/n'})`,
  paymentAudit: 'Liquidação de boleto (retorno do banco)',
} as const;

const digits = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^[0-9]{1,${max}}$`), message);
const dv = z
  .string({ error: BOLETO_TEXTS.dvInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[0-9X]$/, BOLETO_TEXTS.dvInvalid);

/** Body of PUT /boletos/settings: the bank account and the convênio of the shop's boletos. */
export const boletoSettingsBodySchema = z.strictObject({
  bankCode: z.enum(BOLETO_BANKS, { error: BOLETO_TEXTS.bankInvalid }),
  agency: digits(5, BOLETO_TEXTS.agencyInvalid),
  agencyDv: dv,
  account: digits(12, BOLETO_TEXTS.accountInvalid),
  accountDv: dv,
  convenio: z
    .string({ error: BOLETO_TEXTS.convenioInvalid })
    .trim()
    .regex(/^[0-9]{7}$/, BOLETO_TEXTS.convenioInvalid),
  carteira: z
    .string({ error: BOLETO_TEXTS.carteiraInvalid })
    .trim()
    .regex(/^[0-9]{2}$/, BOLETO_TEXTS.carteiraInvalid),
  variacao: z
    .string({ error: BOLETO_TEXTS.variacaoInvalid })
    .trim()
    .regex(/^[0-9]{3}$/, BOLETO_TEXTS.variacaoInvalid),
  nextSequence: z
    .number({ error: BOLETO_TEXTS.sequenceInvalid })
    .int(BOLETO_TEXTS.sequenceInvalid)
    .min(1, BOLETO_TEXTS.sequenceInvalid)
    .max(9_999_999_999, BOLETO_TEXTS.sequenceInvalid),
  nextRemessa: z
    .number({ error: BOLETO_TEXTS.remessaInvalid })
    .int(BOLETO_TEXTS.remessaInvalid)
    .min(1, BOLETO_TEXTS.remessaInvalid)
    .max(999_999, BOLETO_TEXTS.remessaInvalid),
  /** Boleto híbrido (decision 0100): registered by BB's API with its Pix QR code; off, the CNAB remessa. */
  pixHybrid: z.boolean().default(false),
});
export type BoletoSettingsBody = z.infer<typeof boletoSettingsBodySchema>;

/** GET /boletos/settings: the settings, or null before they are set. */
export const boletoSettingsSchema = boletoSettingsBodySchema.extend({ updatedAt: z.string() }).nullable();
export type BoletoSettings = z.infer<typeof boletoSettingsSchema>;

export const boletoSchema = z.object({
  id: z.number().int(),
  receivableId: z.number().int(),
  bankCode: z.string(),
  nossoNumero: z.string(),
  dueDate: z.string(),
  /** What the boleto asks (reais) on its due day; the bank adds the fine and interest after it. */
  amount: z.number(),
  barcode: z.string(),
  digitableLine: z.string(),
  status: z.enum(BOLETO_STATUSES),
  /** The remessa that registered it at the bank (its NSA); null until one is written. */
  remessa: z.number().int().nullable(),
  paidOn: z.string().nullable(),
  paid: z.number().nullable(),
  fee: z.number(),
  /** Boleto híbrido (decision 0100): the Pix QR code's BR Code (copia e cola) and txid the bank gave; else null. */
  pixCopyPaste: z.string().nullable(),
  pixTxid: z.string().nullable(),
  /** When BB's API registered it (híbrido): it never goes into a remessa. */
  registeredByApi: z.boolean(),
  createdAt: z.string(),
});
export type Boleto = z.infer<typeof boletoSchema>;

/** An instalment's boletos (the latest first): at most one not written off. */
export const boletoListSchema = z.array(boletoSchema);

export const boletoEmailBodySchema = z.strictObject({
  to: z.email({ error: BOLETO_TEXTS.emailInvalid }).max(254, BOLETO_TEXTS.emailInvalid).optional(),
});

export const boletoRemessaSchema = z.object({
  id: z.number().int(),
  nsa: z.number().int(),
  boletoCount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type BoletoRemessa = z.infer<typeof boletoRemessaSchema>;

export const boletoRetornoResultSchema = z.object({
  /** False when the same file was read before: nothing changed. */
  applied: z.boolean(),
  nsa: z.number().int().nullable(),
  paid: z.array(z.object({ nossoNumero: z.string(), receivableId: z.number().int(), amount: z.number() })),
  writtenOff: z.array(z.object({ nossoNumero: z.string(), receivableId: z.number().int() })),
  /** What the bank charged (tarifas), booked as one paid bill of 'Tarifas bancárias'. */
  fees: z.number(),
  feePayableId: z.number().int().nullable(),
  /** Occurrences told but not applied (unknown nosso número, already applied, instalment already paid…). */
  notes: z.array(z.string()),
});
export type BoletoRetornoResult = z.infer<typeof boletoRetornoResultSchema>;

/** POST /boletos/settle: the open boletos registered by BB's API asked at BB, and the instalments paid now. */
export const boletoSettleResultSchema = z.object({
  asked: z.number().int(),
  paid: z.array(z.object({ nossoNumero: z.string(), receivableId: z.number().int(), amount: z.number() })),
});
export type BoletoSettleResult = z.infer<typeof boletoSettleResultSchema>;
