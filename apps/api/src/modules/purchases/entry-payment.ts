/**
 * How a supplier's note is paid (issue 57 §2 and §6, decision 0088): the duplicatas (cobr/dup) checked against
 * vNF and against the issue date, what the clerk says a difference means, and the bills the entry makes.
 *
 * - 'Gerar contas a pagar' (INSTALMENTS, the default when the note has duplicatas): one bill per duplicata. When
 *   their sum differs from vNF, or one is due before the issue date, the clerk must choose what it means:
 *   'Parte paga antecipadamente' (the duplicatas sum less than vNF: the bills follow them and the difference is kept
 *   as paid in advance), 'Erro de digitação do fornecedor' (the bills follow vNF, split as the duplicatas are, the
 *   rounding's cents on the last; a due date before the issue date becomes the issue date), 'Seguir as duplicatas'
 *   (bills as written, early dates too, the choice kept with the entry).
 * - 'Uma conta com vencimento em' (ONE_BILL): one bill of vNF due on the date chosen; the default when the note has
 *   no duplicatas and its pag says nothing paid on the spot (due on the issue date: the behaviour before).
 * - 'Pago no ato' (PAID): one bill of vNF paid as it is made, by cash, Pix or card; the default when the note has no
 *   duplicatas and its pag is cash (tPag 01), Pix (17, 20) or card (03, 04) — NT 2020.006's tPag table.
 * - 'Sem pagamento' (NONE): no bill; the default when the note's pag is tPag 90 ('Sem pagamento') and no duplicatas.
 */
import {
  centsToReais,
  type EntryBilling,
  type EntryPaidMethod,
  type EntryPaymentMode,
  type InstalmentsChoice,
  type PurchaseDecisions,
  ENTRY_BILLING_TEXTS as T,
} from '@backoffice/contract';
import type { NfeDocument, NfeInstalment } from './nfe/nfe-reader';

/** The tPag codes paid on the spot and the bill's method of each (NT 2020.006: 01 dinheiro, 03/04 cartão, 17/20 Pix). */
const PAID_ON_THE_SPOT: Record<string, EntryPaidMethod> = {
  '01': 'DINHEIRO',
  '03': 'CARTAO',
  '04': 'CARTAO',
  '17': 'PIX',
  '20': 'PIX',
};
/** tPag 90: 'Sem pagamento'. */
const NO_PAYMENT = '90';

export interface SettledBilling {
  billing: EntryBilling;
  problems: string[];
  /** The bills to make (cents), and whether they are paid as made (and how). */
  bills: NfeInstalment[];
  paidWith: EntryPaidMethod | null;
  advancePaidCents: number;
  instalmentsCents: number;
}

const dayOf = (issuedAt: string) => issuedAt.slice(0, 10);
const brazilianDay = (day: string) => day.split('-').reverse().join('/');

/** The mode when the clerk has not chosen: the duplicatas, else what the note's pag says. */
function defaultMode(note: NfeDocument): { mode: EntryPaymentMode; method: EntryPaidMethod | null } {
  if (note.instalments.length > 0) return { mode: 'INSTALMENTS', method: null };
  const types = note.payments.map((p) => p.type);
  if (types.length > 0 && types.every((t) => t === NO_PAYMENT)) return { mode: 'NONE', method: null };
  const spot = types.map((t) => PAID_ON_THE_SPOT[t]).filter((m): m is EntryPaidMethod => m !== undefined);
  if (types.length > 0 && spot.length === types.length) return { mode: 'PAID', method: spot[0] ?? null };
  return { mode: 'ONE_BILL', method: null };
}

/** `total` split as `weights` are, each rounded down, the cents left on the last (largest-remainder not needed). */
function splitAs(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  const rest = total - parts.reduce((a, b) => a + b, 0);
  parts[parts.length - 1] = (parts[parts.length - 1] ?? 0) + rest;
  return parts;
}

/** The duplicatas' bills as the choice says; problems when a choice is needed and missing or does not fit. */
function instalmentBills(
  note: NfeDocument,
  payable: number,
  choice: InstalmentsChoice | null,
  problems: string[],
): { bills: NfeInstalment[]; advance: number; needed: boolean; early: string[] } {
  const issued = dayOf(note.issuedAt);
  const sum = note.instalments.reduce((a, i) => a + i.amountCents, 0);
  const early = note.instalments.filter((i) => i.dueDate < issued).map((i) => i.documentNumber);
  const needed = sum !== payable || early.length > 0;
  if (!needed) return { bills: note.instalments, advance: 0, needed, early };
  if (!choice) {
    if (sum !== payable) problems.push(T.differenceChoiceRequired(sum, payable));
    if (early.length > 0) problems.push(T.earlyChoiceRequired(early, brazilianDay(issued)));
    return { bills: note.instalments, advance: 0, needed, early };
  }
  if (choice === 'PAID_IN_ADVANCE') {
    if (sum >= payable) problems.push(T.advanceNotBelow);
    return { bills: note.instalments, advance: Math.max(0, payable - sum), needed, early };
  }
  if (choice === 'FOLLOW_INSTALMENTS') return { bills: note.instalments, advance: 0, needed, early };
  const amounts = splitAs(
    payable,
    note.instalments.map((i) => i.amountCents),
  );
  const bills = note.instalments.map((i, index) => ({
    documentNumber: i.documentNumber,
    dueDate: [i.dueDate, issued].sort()[1] ?? issued,
    amountCents: amounts[index] ?? 0,
  }));
  return { bills, advance: 0, needed, early };
}

/**
 * The note's billing with the clerk's decisions: the preview's `billing`, its problems and the bills to make.
 * `payable` is vNF less the bonus items' value (decision 0089: a bonus is never billed): the duplicatas are compared
 * with it and the one bill is of it.
 */
export function settleBilling(note: NfeDocument, decisions: PurchaseDecisions, payable: number): SettledBilling {
  const problems: string[] = [];
  const fallback = defaultMode(note);
  const mode = decisions.payment?.mode ?? fallback.mode;
  const issued = dayOf(note.issuedAt);
  const dueDate = mode === 'ONE_BILL' ? (decisions.payment?.mode ? (decisions.payment.dueDate ?? null) : issued) : null;
  const method = mode === 'PAID' ? (decisions.payment?.method ?? fallback.method) : null;
  const choice = decisions.instalmentsChoice ?? null;
  const instalmentsCents = note.instalments.reduce((a, i) => a + i.amountCents, 0);
  let bills: NfeInstalment[] = [];
  let advance = 0;
  let needed = false;
  let early: string[] = [];
  const one = (day: string) => [{ documentNumber: note.number, dueDate: day, amountCents: payable }];
  if (mode === 'INSTALMENTS') {
    if (note.instalments.length === 0) problems.push(T.noInstalments);
    else ({ bills, advance, needed, early } = instalmentBills(note, payable, choice, problems));
  } else if (mode === 'ONE_BILL') {
    if (dueDate) bills = one(dueDate);
    else problems.push(T.dueDateRequired);
  } else if (mode === 'PAID') {
    if (method) bills = one(issued);
    else problems.push(T.methodRequired);
  }
  bills = bills.filter((b) => b.amountCents > 0);
  return {
    billing: {
      instalmentsTotal: centsToReais(instalmentsCents),
      difference: centsToReais(note.instalments.length > 0 ? instalmentsCents - payable : 0),
      earlyInstalments: early,
      instalmentsChoice: mode === 'INSTALMENTS' && needed ? choice : null,
      choiceNeeded: needed,
      mode,
      dueDate,
      method,
      noteMethods: note.payments.map((p) => p.type),
      advancePaid: centsToReais(advance),
      bills: bills.map((b) => ({
        documentNumber: b.documentNumber,
        dueDate: b.dueDate,
        amount: centsToReais(b.amountCents),
      })),
      paid: mode === 'PAID',
    },
    problems,
    bills,
    paidWith: method,
    advancePaidCents: advance,
    instalmentsCents,
  };
}
