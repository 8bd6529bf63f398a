import { z } from 'zod';
import { PAYABLE_CATEGORIES } from './payables';

/** The largest OFX file 'Importar extrato' reads (issue 58 §3): a month of a busy account is well under 1 MB. */
export const BANK_STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The most lines one OFX may bring. */
export const BANK_STATEMENT_MAX_LINES = 20_000;

/**
 * How many calendar days a line's book entry may come before it (decision 0098): a boleto's liquidation is credited
 * one or two business days after it was paid, a bill paid on a Friday debited on the Monday; 5 calendar days cover
 * two business days across a weekend and a holiday. An entry later than its line is never proposed.
 */
export const BANK_MATCH_WINDOW_DAYS = 5;

/** What a statement line was reconciled with: a book entry of another module, or a bill made from the line. */
export const BANK_MATCH_KINDS = ['RECEIVABLE_PAYMENT', 'PAYABLE_PAYMENT', 'CARD_SETTLEMENT', 'CASH_DEPOSIT'] as const;
export type BankMatchKind = (typeof BANK_MATCH_KINDS)[number];
export const BANK_LINE_STATUSES = ['OPEN', 'CONFIRMED', 'IGNORED'] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];

export const BANK_STATEMENT_TEXTS = {
  title: 'Conciliação bancária',
  fileEmpty: 'Envie o arquivo OFX do extrato (campo "file").',
  tooLarge: (mb: number) => `Arquivo OFX grande demais: até ${mb} MB.`,
  notOfx: 'O arquivo não é um extrato OFX: falta o cabeçalho OFX ou a tag <OFX>.',
  unreadable: (detail: string) => `Não foi possível ler o extrato OFX: ${detail}`,
  noStatement: 'O arquivo OFX não tem extrato de conta corrente (STMTRS) nem de cartão.',
  noBalance: 'O extrato OFX não traz o saldo final (LEDGERBAL).',
  tooManyLines: (max: number) => `O extrato tem lançamentos demais: até ${max} por arquivo.`,
  lineInvalid: (n: number, what: string) => `Lançamento ${n} do extrato inválido: ${what}.`,
  tooSlow: (seconds: number) => `A leitura do extrato passou de ${seconds} s e foi interrompida. Confira o arquivo.`,
  accountNotFound: 'Conta bancária não encontrada ou desativada.',
  accountInvalid: 'Escolha a conta bancária do extrato.',
  monthInvalid: 'Informe o mês (AAAA-MM).',
  lineNotFound: 'Lançamento do extrato não encontrado.',
  lineNotOpen: 'Este lançamento já foi conciliado ou ignorado.',
  matchNotValid:
    'O lançamento previsto não confere mais com o do extrato (valor, data ou já conciliado com outro). Atualize a tela.',
  reasonInvalid: 'Informe o motivo (de 3 a 300 caracteres).',
  payableOnlyDebit: 'Só uma saída do extrato vira conta a pagar.',
  receivableOnlyCredit: 'Só uma entrada do extrato vira recebimento de parcela.',
  receivableInvalid: 'Escolha a parcela a receber.',
  /** A confirmed line whose entry was undone afterwards (a receipt or a bill's payment): open again. */
  matchUndone: 'O lançamento conciliado foi desfeito: concilie de novo.',
  descriptionInvalid: 'Informe a descrição (até 200 caracteres).',
  categoryInvalid: 'Categoria inválida.',
  importAgain: 'Este extrato já tinha sido importado: nada mudou.',
  importPsp: 'Importar Pix do PSP',
  importPspHelp:
    'Busca no PSP os Pix recebidos no mês (e as devoluções) e os guarda como lançamentos desta conta; importar de novo não repete nenhum.',
  pspImported: (lines: number, newLines: number) =>
    newLines === 0
      ? `Nenhum Pix novo no PSP (${lines} no mês).`
      : `${newLines} lançamento(s) novo(s) do PSP (${lines} no mês).`,
  pspFileName: (month: string) => `Pix do PSP · ${month}`,
  pspMonthFuture: 'O mês ainda não começou: não há Pix a buscar no PSP.',
  pspAnswerInvalid: (what: string) => `O PSP respondeu um Pix ilegível: ${what}.`,
  pspReceived: (payer: string | null, txid: string | null) =>
    ['Pix recebido', payer, txid ? `txid ${txid}` : null].filter(Boolean).join(' · '),
  pspReturned: (endToEndId: string) => `Devolução de Pix · ${endToEndId}`,
  /** What a proposed or confirmed match is, from the entry's detail (order · instalment · method, or the bill). */
  matchLabel: {
    RECEIVABLE_PAYMENT: (detail: string) => `Recebimento de parcela · pedido ${detail}`,
    PAYABLE_PAYMENT: (detail: string) => `Conta paga: ${detail}`,
    CARD_SETTLEMENT: (detail: string) => `Repasse de cartão (líquido) · pedido ${detail}`,
    CASH_DEPOSIT: (detail: string) => `Depósito do caixa · ${detail}`,
  } satisfies Record<BankMatchKind, (detail: string) => string>,
} as const;

export const bankStatementImportSchema = z.object({
  statementId: z.number().int(),
  accountId: z.number().int(),
  /** false: the same file (by its SHA-256) was imported before; nothing changed. */
  applied: z.boolean(),
  lines: z.number().int(),
  /** Lines new to this account (a line already stored, by FITID or hash, is not stored twice). */
  newLines: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  closingBalance: z.number(),
  balanceOn: z.string(),
});
export type BankStatementImport = z.infer<typeof bankStatementImportSchema>;

export const bankMatchSchema = z.object({
  kind: z.enum(BANK_MATCH_KINDS),
  ref: z.string(),
  amount: z.number(),
  day: z.string(),
  label: z.string(),
});
export type BankMatch = z.infer<typeof bankMatchSchema>;

export const bankStatementLineSchema = z.object({
  id: z.number().int(),
  postedOn: z.string(),
  amount: z.number(),
  memo: z.string(),
  fitId: z.string().nullable(),
  status: z.enum(BANK_LINE_STATUSES),
  /** The proposed exact match of an open line (null: none), or what a confirmed line was reconciled with. */
  match: bankMatchSchema.nullable(),
  ignoreReason: z.string().nullable(),
  /** Confirmed once with an entry since undone (a receipt, a bill's payment): shown open again, `matchUndone`. */
  reopened: z.boolean(),
});
export type BankStatementLine = z.infer<typeof bankStatementLineSchema>;

export const bankReconciliationSchema = z.object({
  accountId: z.number().int(),
  month: z.string(),
  lines: z.array(bankStatementLineSchema),
  /** The last imported statement's LEDGERBAL dated in the month, and its day; null with none. */
  closingBalance: z.number().nullable(),
  balanceOn: z.string().nullable(),
  /** The books: the balance before the month's lines plus the lines reconciled (confirmed or ignored). */
  booksBalance: z.number().nullable(),
  /** closingBalance − booksBalance: what is still open up to the balance's day; 0 when closed. */
  difference: z.number().nullable(),
});
export type BankReconciliation = z.infer<typeof bankReconciliationSchema>;

export const bankReconciliationQuerySchema = z.object({
  accountId: z.coerce
    .number({ error: BANK_STATEMENT_TEXTS.accountInvalid })
    .int()
    .positive(BANK_STATEMENT_TEXTS.accountInvalid),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, BANK_STATEMENT_TEXTS.monthInvalid),
});

/** Body of 'Confirmar todas as propostas' and of 'Importar Pix do PSP': the account and the month. */
export const bankConfirmAllSchema = z.strictObject({
  accountId: z
    .number({ error: BANK_STATEMENT_TEXTS.accountInvalid })
    .int()
    .positive(BANK_STATEMENT_TEXTS.accountInvalid),
  month: z
    .string({ error: BANK_STATEMENT_TEXTS.monthInvalid })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, BANK_STATEMENT_TEXTS.monthInvalid),
});

export const bankLineConfirmSchema = z.strictObject({
  kind: z.enum(BANK_MATCH_KINDS, { error: BANK_STATEMENT_TEXTS.matchNotValid }),
  ref: z.string().regex(/^\d{1,12}(:\d{1,4})?$/, BANK_STATEMENT_TEXTS.matchNotValid),
});
export type BankLineConfirm = z.infer<typeof bankLineConfirmSchema>;

export const bankLineIgnoreSchema = z.strictObject({
  reason: z
    .string({ error: BANK_STATEMENT_TEXTS.reasonInvalid })
    .trim()
    .min(3, BANK_STATEMENT_TEXTS.reasonInvalid)
    .max(300, BANK_STATEMENT_TEXTS.reasonInvalid),
});

export const bankLinePayableSchema = z.strictObject({
  category: z.enum(PAYABLE_CATEGORIES, { error: BANK_STATEMENT_TEXTS.categoryInvalid }),
  description: z
    .string({ error: BANK_STATEMENT_TEXTS.descriptionInvalid })
    .trim()
    .min(1, BANK_STATEMENT_TEXTS.descriptionInvalid)
    .max(200, BANK_STATEMENT_TEXTS.descriptionInvalid),
});
export type BankLinePayable = z.infer<typeof bankLinePayableSchema>;

/** Body of 'Criar recebimento': the open instalment the money-in line pays (its amount, on its day, by deposit). */
export const bankLineReceivableSchema = z.strictObject({
  receivableId: z
    .number({ error: BANK_STATEMENT_TEXTS.receivableInvalid })
    .int(BANK_STATEMENT_TEXTS.receivableInvalid)
    .positive(BANK_STATEMENT_TEXTS.receivableInvalid),
});
export type BankLineReceivable = z.infer<typeof bankLineReceivableSchema>;

/** Body of 'Importar Pix do PSP' (POST /bank-statements/psp): the account the PSP's money lands in, and the month. */
export const bankPspImportSchema = bankConfirmAllSchema;
export type BankPspImport = z.infer<typeof bankPspImportSchema>;
