import { z } from 'zod';
import { labelledValues } from './labelled-values';
import { centsToReais, formatBRL } from './money';

/** R$ 1.234,56 of a difference in cents (its sign dropped: the message says which side is larger). */
const reais = (cents: number) => formatBRL(centsToReais(Math.abs(cents)));

/**
 * The refusals of a supplier's note whose totals do not add up (issue 57 §2, decision 0088): a file the SEFAZ
 * could not have authorised (MOC 7.0, rules W16-10 → rejection 610 and W07 → rejection 564).
 */
export const PURCHASE_CONSISTENCY_TEXTS = {
  /** ICMSTot/vProd differs from the sum of the items' vProd (those with indTot 1). */
  productsTotal: (noteCents: number, itemsCents: number) =>
    `O total dos produtos da nota (vProd ${reais(noteCents)}) difere da soma dos itens (${reais(itemsCents)}) em ${reais(noteCents - itemsCents)}: a SEFAZ não autorizaria esta nota (rejeição 564). Peça ao fornecedor o XML correto.`,
  /** ICMSTot/vNF differs from vProd − vDesc + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol + vServ (− vICMSDeson). */
  noteTotal: (noteCents: number, expectedCents: number) =>
    `O valor total da nota (vNF ${reais(noteCents)}) difere da soma das suas parcelas (${reais(expectedCents)}) em ${reais(noteCents - expectedCents)}: a SEFAZ não autorizaria esta nota (rejeição 610). Peça ao fornecedor o XML correto.`,
} as const;

/** What a difference between the duplicatas and vNF (or a duplicata due before the issue date) means. */
export const INSTALMENTS_CHOICE_LABELS = {
  PAID_IN_ADVANCE: 'Parte paga antecipadamente',
  SUPPLIER_TYPO: 'Erro de digitação do fornecedor (contas pelo valor da nota)',
  FOLLOW_INSTALMENTS: 'Seguir as duplicatas',
};
export const INSTALMENTS_CHOICES = labelledValues(INSTALMENTS_CHOICE_LABELS);
export type InstalmentsChoice = (typeof INSTALMENTS_CHOICES)[number];

/** How the note is paid: the bills the entry makes. */
export const ENTRY_PAYMENT_MODE_LABELS = {
  INSTALMENTS: 'Gerar contas a pagar',
  ONE_BILL: 'Uma conta com vencimento em',
  PAID: 'Pago no ato',
  NONE: 'Sem pagamento',
};
export const ENTRY_PAYMENT_MODES = labelledValues(ENTRY_PAYMENT_MODE_LABELS);
export type EntryPaymentMode = (typeof ENTRY_PAYMENT_MODES)[number];
/** 'Pago no ato' by cash, Pix or card (the bill's payment methods). */
export const ENTRY_PAID_METHODS = ['DINHEIRO', 'PIX', 'CARTAO'] as const;
export type EntryPaidMethod = (typeof ENTRY_PAID_METHODS)[number];

/** The clerk's decisions on the note's payment (fields of POST /purchases/nfe's `decisions`). */
export const entryBillingDecisionsSchema = z.object({
  /** What the duplicatas' difference from vNF (or an early due date) means. */
  instalmentsChoice: z.enum(INSTALMENTS_CHOICES).optional(),
  /** How the note is paid; absent: the default the preview shows. */
  payment: z
    .object({
      mode: z.enum(ENTRY_PAYMENT_MODES),
      /** ONE_BILL: the bill's due date. */
      dueDate: z.iso.date().optional(),
      /** PAID: how. */
      method: z.enum(ENTRY_PAID_METHODS).optional(),
    })
    .optional(),
});

const bill = z.object({ documentNumber: z.string().nullable(), dueDate: z.string(), amount: z.number() });

/** The preview's (and the entry's) billing: the duplicatas checked against vNF and the bills that will be made. */
export const entryBillingSchema = z.object({
  /** The duplicatas' sum in reais; their difference from vNF (sum − vNF, 0 when none). */
  instalmentsTotal: z.number(),
  difference: z.number(),
  /** The duplicatas due before the issue date (their numbers). */
  earlyInstalments: z.array(z.string()),
  instalmentsChoice: z.enum(INSTALMENTS_CHOICES).nullable(),
  /** Whether a choice is needed (a difference or an early date, paid by the duplicatas). */
  choiceNeeded: z.boolean(),
  mode: z.enum(ENTRY_PAYMENT_MODES),
  dueDate: z.string().nullable(),
  method: z.enum(ENTRY_PAID_METHODS).nullable(),
  /** The note's pag/detPag/tPag codes ('01' cash, '17' Pix, '90' none…). */
  noteMethods: z.array(z.string()),
  /** The part paid in advance (PAID_IN_ADVANCE: vNF − the duplicatas). */
  advancePaid: z.number(),
  /** The bills the entry makes; `paid`: paid as made ('Pago no ato'). */
  bills: z.array(bill),
  paid: z.boolean(),
});
export type EntryBilling = z.infer<typeof entryBillingSchema>;

const phrase = (cents: number) => reais(cents);
export const ENTRY_BILLING_TEXTS = {
  differenceChoiceRequired: (instalments: number, total: number) =>
    `As duplicatas somam ${phrase(instalments)} e a nota ${phrase(total)} (diferença de ${phrase(instalments - total)}): escolha o que a diferença significa.`,
  earlyChoiceRequired: (numbers: string[], issued: string) =>
    `${numbers.length === 1 ? 'A duplicata' : 'As duplicatas'} ${numbers.join(', ')} ${numbers.length === 1 ? 'vence' : 'vencem'} antes da emissão da nota (${issued}): escolha o que isso significa.`,
  advanceNotBelow:
    "'Parte paga antecipadamente' vale só quando as duplicatas somam menos que a nota: a diferença é o que foi pago antes.",
  noInstalments: "A nota não tem duplicatas: escolha 'Uma conta com vencimento em', 'Pago no ato' ou 'Sem pagamento'.",
  dueDateRequired: "Informe o vencimento de 'Uma conta com vencimento em'.",
  methodRequired: 'Informe como foi pago no ato: dinheiro, Pix ou cartão.',
} as const;

/** An entry's billing as kept (GET /purchases/:id): null for an entry made before it was kept. */
export const purchaseBillingSchema = z
  .object({
    mode: z.enum(ENTRY_PAYMENT_MODES),
    dueDate: z.string().nullable(),
    method: z.enum(ENTRY_PAID_METHODS).nullable(),
    instalmentsTotal: z.number(),
    instalmentsChoice: z.enum(INSTALMENTS_CHOICES).nullable(),
    advancePaid: z.number(),
  })
  .nullable();
