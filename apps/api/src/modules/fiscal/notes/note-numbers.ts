/**
 * A note's number used once, ever (issue 56 §1, decision 0082): authorised, denied, cancelled, voided, or a rejected
 * note's until it is voided. The next number skips the voided ranges (a voided number issued is the SEFAZ's 206);
 * a voiding is refused in words, before anything is sent, when it overlaps a range voided before (the SEFAZ's 563 or
 * 256) or holds a note other than a rejected one (241, or a note still on its way).
 */
import { FISCAL_NOTE_STATUS_LABELS, FISCAL_NOTE_TEXTS, type FiscalNoteStatus } from '@backoffice/contract';
import type { Executor } from '../../../db/executor';
import { numbersRepository as repo, type Series } from './numbers.repository';

/** Numbers in words, runs joined: 'o número 7', 'os números 10 a 12', 'os números 3, 5 e 7 a 9'. */
export function numbersInWords(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j++;
    runs.push(i === j ? String(sorted[i]) : `${sorted[i]} a ${sorted[j]}`);
    i = j + 1;
  }
  if (sorted.length === 1) return `o número ${runs[0]}`;
  const last = runs.pop();
  return `os números ${runs.length > 0 ? `${runs.join(', ')} e ${last}` : last}`;
}

/**
 * The model's next number, taken under the issuer's lock (the caller's transaction): a number in a voided range is
 * skipped, with the rest of its range; the next number is set past the one taken.
 */
export async function takeNumber(
  trx: Executor,
  model: 55 | 65,
  environment: number,
): Promise<{ series: number; number: number }> {
  await repo.lockIssuer(trx);
  const { series, next } = await repo.next(trx, model);
  let number = next;
  for (;;) {
    const voided = await repo.voidedIn(trx, { model, series, environment }, number, number);
    if (voided.length === 0) break;
    number = Math.max(...voided.map((range) => range.number_to)) + 1;
  }
  await repo.setNext(trx, model, number + 1);
  return { series, number };
}

/**
 * Why the range `from`–`to` of the series may not be voided, in words (null: it may): numbers voided before (wholly
 * or in part), or numbers on a note whose status is not in `voidable` (a rejected note's by hand; also an unanswered
 * one's when the SEFAZ says it never received it).
 */
export async function voidingRefusal(
  db: Executor,
  series: Series,
  from: number,
  to: number,
  voidable: readonly FiscalNoteStatus[] = ['REJECTED'],
): Promise<string | null> {
  const voided = await repo.voidedIn(db, series, from, to);
  if (voided.length > 0) {
    const numbers: number[] = [];
    for (const range of voided)
      for (let n = Math.max(from, range.number_from); n <= Math.min(to, range.number_to); n++) numbers.push(n);
    return FISCAL_NOTE_TEXTS.voidingAlreadyVoided(numbersInWords(numbers), voided[0]?.protocol ?? null);
  }
  const holding = (await repo.notesIn(db, series, from, to)).filter(
    (note) => !voidable.includes(note.status as FiscalNoteStatus),
  );
  if (holding.length === 0) return null;
  return FISCAL_NOTE_TEXTS.voidingHoldsNotes(
    holding
      .slice(0, 5)
      .map((note) =>
        FISCAL_NOTE_TEXTS.noteInWords(note.number, FISCAL_NOTE_STATUS_LABELS[note.status as FiscalNoteStatus]),
      )
      .join('; '),
  );
}

/** The rejected (and unanswered) notes of a range just voided: VOIDED, their orders free for a new note. */
export const markVoided = (trx: Executor, series: Series, from: number, to: number) =>
  repo.markVoided(trx, series, from, to);
