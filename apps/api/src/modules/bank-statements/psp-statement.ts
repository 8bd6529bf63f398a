import { BANK_STATEMENT_TEXTS, businessDay } from '@backoffice/contract';
import { AppError } from '../../lib/errors';
import type { ReceivedPix } from '../credit/receivables.service';

/** A statement line made of the PSP's list: a Pix received (money in) or a devolução settled (money out). */
export interface PspLine {
  key: string;
  fitId: string;
  postedOn: string;
  amountCents: number;
  memo: string;
}

const AMOUNT = /^\d{1,10}\.\d{2}$/;

/** The API's `valor` ('1025.00') in cents; 502 when it is not the schema's `\d{1,10}\.\d{2}`. */
function cents(valor: unknown, where: string): number {
  if (typeof valor !== 'string' || !AMOUNT.test(valor)) {
    throw new AppError(502, BANK_STATEMENT_TEXTS.pspAnswerInvalid(`${where}.valor`), { code: 'PSP_FAILED' });
  }
  const [reais, centavos] = valor.split('.') as [string, string];
  return Number(reais) * 100 + Number(centavos);
}

function day(horario: unknown, where: string): string {
  const at = typeof horario === 'string' ? Date.parse(horario) : Number.NaN;
  if (Number.isNaN(at)) {
    throw new AppError(502, BANK_STATEMENT_TEXTS.pspAnswerInvalid(`${where}.horario`), { code: 'PSP_FAILED' });
  }
  return businessDay(at);
}

/**
 * The PSP's Pix received (`GET /pix`, bacen/pix-api `Pix`) as statement lines (decision 0099): each Pix a money-in
 * line on the business day of its `horario`, keyed `pix:{endToEndId}` (its FITID the endToEndId, so a receipt
 * that kept it matches it exactly), its memo the payer's words and the txid; each devolução DEVOLVIDO a money-out
 * line on the day it settled (`horario.liquidacao`, else `solicitacao`), keyed `pix:{endToEndId}:{id}` (FITID its
 * rtrId). A devolução still EM_PROCESSAMENTO or NAO_REALIZADO moved no money: no line. Only the lines of [first,
 * last] (a Pix of the month refunded the next month: its devolução belongs to that month's import).
 */
export function pspLines(received: readonly ReceivedPix[], first: string, last: string): PspLine[] {
  const lines: PspLine[] = [];
  for (const pix of received) {
    if (typeof pix.endToEndId !== 'string' || pix.endToEndId.length === 0 || pix.endToEndId.length > 35) {
      throw new AppError(502, BANK_STATEMENT_TEXTS.pspAnswerInvalid('pix.endToEndId'), { code: 'PSP_FAILED' });
    }
    const where = `pix ${pix.endToEndId}`;
    lines.push({
      key: `pix:${pix.endToEndId}`,
      fitId: pix.endToEndId,
      postedOn: day(pix.horario, where),
      amountCents: cents(pix.valor, where),
      memo: BANK_STATEMENT_TEXTS.pspReceived(pix.infoPagador?.slice(0, 140) || null, pix.txid ?? null),
    });
    for (const back of pix.devolucoes ?? []) {
      if (back.status !== 'DEVOLVIDO') continue;
      lines.push({
        key: `pix:${pix.endToEndId}:${back.id}`,
        fitId: back.rtrId,
        postedOn: day(back.horario?.liquidacao ?? back.horario?.solicitacao, `${where}.devolucao ${back.id}`),
        amountCents: -cents(back.valor, `${where}.devolucao ${back.id}`),
        memo: BANK_STATEMENT_TEXTS.pspReturned(pix.endToEndId),
      });
    }
  }
  return lines.filter((line) => line.postedOn >= first && line.postedOn <= last && line.amountCents !== 0);
}
