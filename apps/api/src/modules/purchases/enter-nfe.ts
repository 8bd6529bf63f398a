import {
  formatBusinessDateTimeMinutes,
  type PurchaseDecisions,
  type PurchasePreview,
  PURCHASE_ENTRY_TEXTS as T,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql-errors';
import { type NfeDocument, NfeReadError } from './nfe/nfe-reader';
import { readNfeInWorker } from './nfe/nfe-worker';
import { entryOfNote, lockNote, noteEnteredBefore, refuseNoteEnteredBefore } from './nfe/note-identity';
import { purchasesRepository as repo } from './purchases.repository';
import { settle } from './settle-purchase';
import { write } from './write-purchase';

/** The 409 of a note entered before, naming when and by whom. */
function alreadyEntered(accessKey: string, entry: { id: number; created_at: Date | string; employee_name: string }) {
  return new AppError(
    409,
    T.alreadyEntered(accessKey, formatBusinessDateTimeMinutes(new Date(entry.created_at)), entry.employee_name),
    {
      code: 'PURCHASE_ALREADY_ENTERED',
      details: { purchaseId: entry.id },
    },
  );
}

/**
 * The note read from the file (in the reader's worker thread); a refusal of the reader is a 400 with its own
 * message, a homologation note too. The confirm's first step, and the demo seed's (demo/purchases.ts).
 */
export async function readNfeFile(bytes: Buffer): Promise<NfeDocument> {
  let note: NfeDocument;
  try {
    note = await readNfeInWorker(bytes);
  } catch (error) {
    if (error instanceof NfeReadError) {
      const { code } = error;
      throw new AppError(code === 'too-large' ? 413 : 400, (error as Error).message, {
        code: code === 'too-large' ? 'PAYLOAD_TOO_LARGE' : 'NFE_INVALID',
        details: { reason: code },
      });
    }
    throw error;
  }
  if (note.environment === 'homologation') {
    throw new AppError(400, T.homologation, { code: 'NFE_INVALID', details: { reason: 'homologation' } });
  }
  return note;
}

/**
 * The entry of a note read (`readNfeFile`) in the caller's transaction: the note's key locked (a second confirm of it
 * waits, then finds this entry), refused when entered before (409, unless by the same Idempotency-Key: then that
 * entry, `replayed`), settled with the decisions, refused while anything is open (400 PURCHASE_NOT_READY naming
 * each), then written. The confirm runs it in a transaction of its own; the demo seed in its one transaction.
 */
export async function enterNfe(
  trx: Transaction<Database>,
  actorId: number,
  note: NfeDocument,
  decisions: PurchaseDecisions,
  idempotencyKey?: string,
): Promise<{ id: number; replayed: boolean }> {
  await repo.lockAccessKey(trx, note.accessKey);
  const entered = await repo.byAccessKey(trx, note.accessKey);
  if (entered) {
    if (idempotencyKey && entered.idempotency_key === idempotencyKey) return { id: entered.id, replayed: true };
    throw alreadyEntered(note.accessKey, entered);
  }
  await lockNote(trx, note);
  await refuseNoteEnteredBefore(trx, note);
  const settled = await settle(trx, note, decisions);
  if (!settled.preview.ready) {
    const messages = settled.preview.problems;
    throw new AppError(400, messages[0] ?? T.notReady, {
      code: 'PURCHASE_NOT_READY',
      messages,
      details: { items: settled.preview.items.map((i) => ({ line: i.line, problems: i.problems })) },
    });
  }
  return { id: await write(trx, actorId, settled, decisions, idempotencyKey), replayed: false };
}

/** The preview of the note with the clerk's decisions so far: nothing is written. */
export async function previewNfe(
  db: DB,
  actorId: number,
  bytes: Buffer,
  decisions: PurchaseDecisions,
): Promise<PurchasePreview> {
  const note = await readNfeFile(bytes);
  const entered = await repo.byAccessKey(db, note.accessKey);
  if (entered) throw alreadyEntered(note.accessKey, entered);
  await refuseNoteEnteredBefore(db, note);
  // 'Pago no ato' in cash: the preview says whether the clerk's drawer is open (decision 0090).
  return (await settle(db, note, decisions, { drawerOf: actorId })).preview;
}

/**
 * 'Confirmar entrada': in ONE transaction, under a lock of the note's key (two confirms of one note at once:
 * the second waits, then finds the first's entry). The same Idempotency-Key answers the entry it made.
 * Answers the entry's id (its purchase read by the caller) and whether it was made before.
 */
export async function confirmNfe(
  db: DB,
  actorId: number,
  bytes: Buffer,
  decisions: PurchaseDecisions,
  idempotencyKey: string | undefined,
): Promise<{ id: number; replayed: boolean }> {
  const note = await readNfeFile(bytes);
  if (idempotencyKey) {
    const keyed = await repo.byIdempotencyKey(db, idempotencyKey);
    if (keyed && keyed.access_key !== note.accessKey) throw conflict(T.keyOfAnotherNote, 'CONFLICT');
    if (keyed) return { id: keyed.id, replayed: true };
  }
  const run = () => db.transaction().execute((trx) => enterNfe(trx, actorId, note, decisions, idempotencyKey));
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Settled meanwhile by another confirm of the same key or note (the unique index is the last word).
    const entered = await repo.byAccessKey(db, note.accessKey);
    if (!entered) {
      const sameNote = await entryOfNote(db, note);
      throw sameNote ? noteEnteredBefore(note, sameNote) : error;
    }
    if (!(idempotencyKey && entered.idempotency_key === idempotencyKey)) throw alreadyEntered(note.accessKey, entered);
    return { id: entered.id, replayed: true };
  }
}
