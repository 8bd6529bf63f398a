import { daysBetween } from '@backoffice/contract';
import { COBV_VIOLATIONS as V } from './psp-problems';

/*
 * The double's reading of a cobv (bacen/pix-api openapi.yaml 2.9.0, schemas `CobVSolicitada`, `CobVRevisada`,
 * `CobVValor`, `PessoaFisica`, `PessoaJuridica`, `TxId`) and the amount a payer's app is shown on a day, as the
 * PSP computes it from `valor.multa` and `valor.juros` in their modalities.
 */

export const TXID = /^[a-zA-Z0-9]{26,35}$/;
const AMOUNT = /^\d{1,10}\.\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface CobvBody {
  calendario?: { dataDeVencimento?: string; validadeAposVencimento?: number };
  devedor?: { cpf?: string; cnpj?: string; nome?: string };
  valor?: {
    original?: string;
    multa?: { modalidade?: number; valorPerc?: string };
    juros?: { modalidade?: number; valorPerc?: string };
    desconto?: unknown;
    abatimento?: unknown;
  };
  chave?: string;
  solicitacaoPagador?: string;
  status?: string;
}

type Violation = { razao: string; propriedade: string };

const cents = (amount: string) => {
  const [reais = '0', part = '00'] = amount.split('.');
  return Number(reais) * 100 + Number(part);
};

/** The violations of a whole cobv (after a PATCH merged into it), the day it was created and the PSP's key. */
export function cobvViolations(cobv: CobvBody, createdOn: string, ownKey: string): Violation[] {
  const out: Violation[] = [];
  const due = cobv.calendario?.dataDeVencimento;
  if (!due || !DAY.test(due)) out.push({ razao: V.dueBeforeCreation, propriedade: 'cobv.calendario.dataDeVencimento' });
  else if (due < createdOn) out.push({ razao: V.dueBeforeCreation, propriedade: 'cobv.calendario.dataDeVencimento' });
  const validity = cobv.calendario?.validadeAposVencimento;
  if (validity !== undefined && !(Number.isInteger(validity) && validity >= 0)) {
    out.push({ razao: V.validityNegative, propriedade: 'cobv.calendario.validadeAposVencimento' });
  }
  const d = cobv.devedor;
  const person = d && typeof d.nome === 'string' && d.nome.length > 0 && d.nome.length <= 200;
  const document =
    d && ((d.cpf && /^\d{11}$/.test(d.cpf) && !d.cnpj) || (d.cnpj && /^[0-9A-Z]{14}$/.test(d.cnpj) && !d.cpf));
  if (!person || !document) out.push({ razao: V.debtor, propriedade: 'cobv.devedor' });
  if (typeof cobv.chave !== 'string' || cobv.chave.length === 0 || cobv.chave.length > 77) {
    out.push({ razao: V.key, propriedade: 'cobv.chave' });
  } else if (cobv.chave !== ownKey) out.push({ razao: V.keyNotOwned, propriedade: 'cobv.chave' });
  const original = cobv.valor?.original;
  if (typeof original !== 'string' || !AMOUNT.test(original)) {
    out.push({ razao: V.original, propriedade: 'cobv.valor.original' });
  } else if (cents(original) === 0) out.push({ razao: V.originalZero, propriedade: 'cobv.valor.original' });
  const fine = cobv.valor?.multa;
  if (
    fine &&
    !(
      Number.isInteger(fine.modalidade) &&
      [1, 2].includes(fine.modalidade as number) &&
      AMOUNT.test(fine.valorPerc ?? '')
    )
  ) {
    out.push({ razao: V.fine, propriedade: 'cobv.valor.multa' });
  }
  const interest = cobv.valor?.juros;
  const mode = interest?.modalidade as number;
  if (interest && !(Number.isInteger(mode) && mode >= 1 && mode <= 8 && AMOUNT.test(interest.valorPerc ?? ''))) {
    out.push({ razao: V.interest, propriedade: 'cobv.valor.juros' });
  }
  // This double charges no discount nor rebate: one sent is refused as outside what it reads.
  if (cobv.valor?.desconto !== undefined) out.push({ razao: V.discount, propriedade: 'cobv.valor.desconto' });
  return out;
}

/** Weekdays from the day after `from` up to `to` (the double knows no holidays). */
function weekdaysBetween(from: string, to: string): number {
  let count = 0;
  const day = new Date(`${from}T12:00:00Z`);
  const end = new Date(`${to}T12:00:00Z`);
  while (day < end) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) count++;
  }
  return count;
}

const halfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * What the payer pays on `payDay`: the original up to the due day; after it, the fine (modalidade 1 a value, 2 a
 * percent of the original) and the interest (1 a value a day, 2 a percent a day, 3 a percent a month of 30 days,
 * 4 a percent a year of 365 days, counted in calendar days; 5 to 8 the same in weekdays), each rounded half up to
 * the cent. Null when `validadeAposVencimento` days after the due day have passed: no longer payable.
 */
export function amountOn(cobv: CobvBody, payDay: string) {
  const originalCents = cents(cobv.valor?.original ?? '0.00');
  const due = cobv.calendario?.dataDeVencimento as string;
  const late = daysBetween(due, payDay);
  if (late > (cobv.calendario?.validadeAposVencimento ?? 30)) return null;
  if (late <= 0) return { originalCents, fineCents: 0, interestCents: 0, totalCents: originalCents };
  const fine = cobv.valor?.multa;
  const fineHundredths = fine ? cents(fine.valorPerc ?? '0.00') : 0;
  const fineCents = !fine ? 0 : fine.modalidade === 1 ? fineHundredths : halfUp(originalCents * fineHundredths, 10_000);
  const interest = cobv.valor?.juros;
  let interestCents = 0;
  if (interest) {
    const rate = cents(interest.valorPerc ?? '0.00');
    const mode = interest.modalidade as number;
    const days = mode <= 4 ? late : weekdaysBetween(due, payDay);
    const base = ((mode - 1) % 4) + 1;
    interestCents =
      base === 1
        ? rate * days
        : base === 2
          ? halfUp(originalCents * rate * days, 10_000)
          : base === 3
            ? halfUp(originalCents * rate * days, 300_000)
            : halfUp(originalCents * rate * days, 3_650_000);
  }
  return { originalCents, fineCents, interestCents, totalCents: originalCents + fineCents + interestCents };
}
