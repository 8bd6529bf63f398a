import {
  buildDynamicPixPayload,
  businessDay,
  COBV_FINE_PERCENT,
  COBV_INTEREST_PERCENT_A_MONTH,
  COBV_VALID_AFTER_DUE_DAYS,
  type CreditSettings,
  cobvTxid,
  PSP_TEXTS,
  pixAmount,
  type ReceivableDetails,
  reaisToCents,
  toPixText,
} from '@backoffice/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/errors';
import { type CobvRow, debtorOf, cobvRepository as repo } from './cobv.repository';
import { type PspConnection, PspError, pspClient } from './psp-client';

/*
 * An instalment's Pix Cobrança com vencimento (issue 58 §1, decision 0094): made on demand ('Cobrar por Pix') with
 * PUT /cobv/{txid}, revised with PATCH when what it charges changed (a part payment, a payment undone), removed
 * (status REMOVIDA_PELO_USUARIO_RECEBEDOR) when the instalment is paid otherwise; its `location` is the dynamic
 * BR Code's URL. The PSP computes fine and interest on the day of payment from `valor.multa` (modalidade 2,
 * percentual) and `valor.juros` (modalidade 3, percentual ao mês, dias corridos) — the shop's credit settings.
 */

/** What the cobv charges: the open principal, from its due day (or the last payment's, later), the fine once. */
export interface CobvTerms {
  principalCents: number;
  dueDate: string;
  fineCharged: boolean;
}

export function cobvTerms(instalment: ReceivableDetails): CobvTerms {
  const from = instalment.lateCharges?.interestFrom;
  return {
    principalCents: reaisToCents(instalment.open),
    dueDate: from && from > instalment.dueDate ? from : instalment.dueDate,
    fineCharged: instalment.lateCharges?.fineCharged ?? false,
  };
}

/** Hundredths of a percent as the API's `valorPerc` ('2.00' for 2 %). */
const percent = (hundredths: number) => pixAmount(hundredths);

/**
 * The cobv's `valor`: the original, the fine and the interest in the spec's modalities (left out when the shop
 * charges none). Once a payment paid the fine, its `valorPerc` is 0.00, sent so (a PATCH merges what it leaves out).
 */
function value(terms: CobvTerms, rates: CreditSettings) {
  const fine = terms.fineCharged ? '0.00' : percent(rates.fineHundredths);
  return {
    original: pixAmount(terms.principalCents),
    ...(rates.fineHundredths > 0 ? { multa: { modalidade: COBV_FINE_PERCENT, valorPerc: fine } } : {}),
    ...(rates.monthlyInterestHundredths > 0
      ? { juros: { modalidade: COBV_INTEREST_PERCENT_A_MONTH, valorPerc: percent(rates.monthlyInterestHundredths) } }
      : {}),
  };
}

interface CobvAnswer {
  txid: string;
  revisao: number;
  status: string;
  loc?: { location?: string };
  location?: string;
}

const sameTerms = (row: CobvRow, terms: CobvTerms) =>
  row.principal_cents === terms.principalCents &&
  row.due_date === terms.dueDate &&
  row.fine_charged === terms.fineCharged;

/** A PSP failure as the API's answer: 502 with the PSP's words. */
function failed(error: unknown): AppError {
  const message = error instanceof PspError ? error.message : String(error);
  return new AppError(502, PSP_TEXTS.testFailed(message), { code: 'PSP_FAILED' });
}

export type CobvOutcome =
  | { kind: 'COBV'; txid: string; location: string; dueDate: string; payload: string | null }
  | { kind: 'STATIC'; notice: string };

interface CobvContext {
  db: DB;
  conn: PspConnection;
  rates: CreditSettings;
  receiver: { key: string | null; merchantName: string | null; merchantCity: string | null };
}

/**
 * The instalment's cobv, made or revised as it stands: its location and dynamic BR Code, or why the static
 * code is used instead (no Pix key; a customer without CPF or CNPJ; an instalment overdue with no cobv yet, the
 * PSP refusing a due day before the cobv's creation). A PSP's refusal is a 502 with its words.
 */
export async function ensureCobv(ctx: CobvContext, instalment: ReceivableDetails, now: Date): Promise<CobvOutcome> {
  const { db, conn, rates, receiver } = ctx;
  if (!receiver.key) return { kind: 'STATIC', notice: PSP_TEXTS.noPixKey };
  const terms = cobvTerms(instalment);
  const active = await repo.active(db, instalment.id);
  const client = pspClient(conn);
  const payload = (location: string) =>
    receiver.merchantName && receiver.merchantCity
      ? buildDynamicPixPayload({
          location,
          merchantName: toPixText(receiver.merchantName).slice(0, 25),
          merchantCity: toPixText(receiver.merchantCity).slice(0, 15),
        })
      : null;
  try {
    if (active) {
      if (!sameTerms(active, terms)) {
        const answer = await client.call<CobvAnswer>('PATCH', `cobv/${active.txid}`, {
          calendario: { dataDeVencimento: terms.dueDate, validadeAposVencimento: COBV_VALID_AFTER_DUE_DAYS },
          valor: value(terms, rates),
        });
        await repo.revise(db, active.txid, {
          revision: answer.revisao,
          principal_cents: terms.principalCents,
          due_date: terms.dueDate,
          fine_charged: terms.fineCharged,
        });
      }
      return {
        kind: 'COBV',
        txid: active.txid,
        location: active.location,
        dueDate: terms.dueDate,
        payload: payload(active.location),
      };
    }
    if (terms.dueDate < businessDay(now)) return { kind: 'STATIC', notice: PSP_TEXTS.overdueStatic };
    const debtor = await debtorOf(db, instalment.id);
    const document = (debtor?.document ?? '').replace(/\D/g, '');
    if (document.length !== 11 && document.length !== 14) return { kind: 'STATIC', notice: PSP_TEXTS.noDebtorDocument };
    const generation = (await repo.lastGeneration(db, instalment.id)) + 1;
    const txid = cobvTxid(instalment.id, generation);
    const answer = await client.call<CobvAnswer>('PUT', `cobv/${txid}`, {
      calendario: { dataDeVencimento: terms.dueDate, validadeAposVencimento: COBV_VALID_AFTER_DUE_DAYS },
      devedor: { ...(document.length === 11 ? { cpf: document } : { cnpj: document }), nome: debtor?.name ?? '' },
      valor: value(terms, rates),
      chave: receiver.key,
      solicitacaoPagador: `Parcela ${instalment.seq}/${instalment.count} do pedido ${instalment.order.code}`,
    });
    const location = answer.loc?.location ?? answer.location ?? '';
    await repo.insert(db, {
      txid,
      receivable_id: instalment.id,
      generation,
      location,
      revision: answer.revisao ?? 0,
      principal_cents: terms.principalCents,
      due_date: terms.dueDate,
      fine_charged: terms.fineCharged,
    });
    return { kind: 'COBV', txid, location, dueDate: terms.dueDate, payload: payload(location) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw failed(error);
  }
}

/**
 * After a payment by hand or its undo: the instalment's cobv follows it — removed (REMOVIDA_PELO_USUARIO_RECEBEDOR,
 * alone in its PATCH as the spec asks) when nothing is left open, revised when what it charges changed. Answers
 * the PSP's refusal, if any, for the caller to log (the payment stands either way).
 */
export async function followInstalment(
  ctx: Omit<CobvContext, 'receiver'>,
  instalment: ReceivableDetails,
): Promise<string | undefined> {
  const active = await repo.active(ctx.db, instalment.id);
  if (!active) return undefined;
  const client = pspClient(ctx.conn);
  try {
    if (instalment.status === 'PAID' || instalment.status === 'CANCELED' || instalment.open <= 0) {
      const answer = await client.call<CobvAnswer>('PATCH', `cobv/${active.txid}`, {
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      });
      await repo.revise(ctx.db, active.txid, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revision: answer.revisao });
      return undefined;
    }
    const terms = cobvTerms(instalment);
    if (sameTerms(active, terms)) return undefined;
    const answer = await client.call<CobvAnswer>('PATCH', `cobv/${active.txid}`, {
      calendario: { dataDeVencimento: terms.dueDate, validadeAposVencimento: COBV_VALID_AFTER_DUE_DAYS },
      valor: value(terms, ctx.rates),
    });
    await repo.revise(ctx.db, active.txid, {
      revision: answer.revisao,
      principal_cents: terms.principalCents,
      due_date: terms.dueDate,
      fine_charged: terms.fineCharged,
    });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
