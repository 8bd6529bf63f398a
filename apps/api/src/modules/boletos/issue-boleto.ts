import { BOLETO_TEXTS, type Boleto, businessDay, centsToReais, reaisToCents } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import { recordAudit } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import { instalmentDetails } from '../credit/receivables.service';
import { freeFieldBB, nossoNumeroBB } from './banco-do-brasil';
import { type BoletoRow, boletosRepository as repo } from './boletos.repository';
import { boletoCode } from './febraban';

export function toBoleto(row: BoletoRow): Boleto {
  return {
    id: row.id,
    receivableId: row.receivable_id,
    bankCode: row.bank_code,
    nossoNumero: row.nosso_numero,
    dueDate: row.due_date,
    amount: centsToReais(row.amount_cents),
    barcode: row.barcode,
    digitableLine: row.digitable_line,
    status: row.status,
    remessa: row.remessa_nsa,
    paidOn: row.paid_on,
    paid: row.paid_cents === null ? null : centsToReais(row.paid_cents),
    fee: centsToReais(row.fee_cents),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** GET /receivables/{id}/boletos: an instalment's boletos, the latest first (404 for an unknown instalment). */
export async function boletosOf(db: Executor, receivableId: number): Promise<Boleto[]> {
  await instalmentDetails(db, receivableId);
  return (await repo.ofReceivable(db, receivableId)).map(toBoleto);
}

/**
 * POST /receivables/{id}/boletos ('Emitir boleto'): one boleto per open instalment (while one not written off
 * exists, 409), under the settings' lock so two at once take two nosso números. It asks what the instalment asks
 * today: its open principal, due on its due day; when already late, its principal with the fine and interest up to
 * today, due today (the bank adds the late charges after that, as the remessa tells it). Waits for the next remessa
 * to be registered at the bank; audited.
 */
export async function issueBoleto(db: DB, actorId: number, receivableId: number, now = new Date()): Promise<Boleto> {
  return db.transaction().execute(async (trx) => {
    const settings = await repo.settings(trx, true);
    if (!settings) throw conflict(BOLETO_TEXTS.notConfigured, 'CONFLICT');
    const instalment = await instalmentDetails(trx, receivableId, now);
    if (instalment.status === 'PAID' || instalment.status === 'CANCELED' || instalment.open <= 0) {
      throw conflict(BOLETO_TEXTS.instalmentNotOpen, 'TRANSITION_REFUSED');
    }
    const current = (await repo.ofReceivable(trx, receivableId)).find((b) => b.status !== 'WRITTEN_OFF');
    if (current) throw conflict(BOLETO_TEXTS.alreadyIssued, 'DUPLICATE', { boletoId: current.id });
    const today = businessDay(now);
    const late = instalment.dueDate < today;
    const dueDate = late ? today : instalment.dueDate;
    const amountCents = reaisToCents(instalment.dueToday.total);
    const sequence = settings.next_sequence;
    if (sequence > 9_999_999_999) throw conflict(BOLETO_TEXTS.sequenceFull);
    const nossoNumero = nossoNumeroBB(settings.convenio, sequence);
    const code = boletoCode(settings.bank_code, dueDate, amountCents, freeFieldBB(nossoNumero, settings.carteira));
    const id = await repo.insertBoleto(trx, {
      receivable_id: receivableId,
      bank_code: settings.bank_code,
      nosso_numero: nossoNumero,
      due_date: dueDate,
      amount_cents: amountCents,
      barcode: code.barcode,
      digitable_line: code.digitableLine,
      created_by: actorId,
    });
    await repo.bumpSequence(trx, sequence + 1);
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'receivable',
      entityId: receivableId,
      action: 'boleto_issued',
      changes: { boletoId: id, nossoNumero, dueDate, amount: centsToReais(amountCents) },
    });
    return toBoleto((await repo.find(trx, id)) as BoletoRow);
  });
}
