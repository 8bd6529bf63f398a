import { createHash } from 'node:crypto';
import { BOLETO_TEXTS, type BoletoRetornoResult, businessDay, centsToReais } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { receiveInstalmentBoleto } from '../credit/receivables.service';
import { createPayables, payPayableNow } from '../payables/payables.service';
import { type BoletoRow, boletosRepository as repo } from './boletos.repository';
import { parseRetorno, RetornoError, type RetornoEvent } from './cnab240';

/** C044 movements that pay a boleto: 06 liquidação, 17 liquidação após baixa. */
const LIQUIDATIONS = new Set(['06', '17']);
/** C044 09: baixa (the bank no longer collects it). */
const WRITE_OFF = '09';

type Result = Omit<BoletoRetornoResult, 'applied'>;

/**
 * The bank liquidated a boleto not yet PAID (locked by the caller): its instalment paid by the credit module
 * (`paidCents` on `paidOn`, fine and interest first, the nosso número as the bank reference, so the same boleto
 * never pays twice) and the boleto marked paid. False when the credit module refused it (the instalment was
 * already paid by other means). The retorno's liquidação and BB's API (settle-by-api.ts) both pay through here.
 */
export async function payBoleto(
  trx: Transaction<Database>,
  boleto: BoletoRow,
  paidOn: string,
  paidCents: number,
): Promise<boolean> {
  const paid = await receiveInstalmentBoleto(trx, {
    receivableId: boleto.receivable_id,
    bankReference: boleto.nosso_numero,
    paidOn,
    amountCents: paidCents,
  });
  await repo.markPaid(trx, boleto.id, paidOn, paidCents);
  return !('refused' in paid);
}

/** One occurrence applied (once: the same boleto, movement and day again changes nothing). */
async function applyEvent(
  trx: Transaction<Database>,
  retornoId: number,
  event: RetornoEvent,
  today: string,
  result: Result & { feeCents: number },
): Promise<void> {
  const boleto = await repo.byNossoNumero(trx, event.nossoNumero);
  if (!boleto) {
    result.notes.push(BOLETO_TEXTS.retornoUnknown(event.nossoNumero));
    return;
  }
  const occurredOn = event.occurredOn ?? today;
  const fresh = await repo.insertEvent(trx, {
    retorno_id: retornoId,
    boleto_id: boleto.id,
    movement: event.movement,
    occurred_on: occurredOn,
    paid_cents: event.paidCents,
    charges_cents: event.chargesCents,
    fee_cents: event.feeCents,
  });
  if (!fresh) return;
  if (event.feeCents > 0) {
    result.feeCents += event.feeCents;
    await repo.addFee(trx, boleto.id, event.feeCents);
  }
  if (LIQUIDATIONS.has(event.movement) && boleto.status !== 'PAID' && event.paidCents > 0) {
    if (!(await payBoleto(trx, boleto, occurredOn, event.paidCents))) {
      result.notes.push(BOLETO_TEXTS.retornoAlreadyPaid(boleto.nosso_numero));
    } else {
      result.paid.push({
        nossoNumero: boleto.nosso_numero,
        receivableId: boleto.receivable_id,
        amount: centsToReais(event.paidCents),
      });
    }
  } else if (event.movement === WRITE_OFF && boleto.status === 'ISSUED') {
    await repo.markWrittenOff(trx, boleto.id);
    result.writtenOff.push({ nossoNumero: boleto.nosso_numero, receivableId: boleto.receivable_id });
  }
}

/**
 * POST /boletos/retornos ('Ler retorno'): the bank's CNAB 240 retorno (its size checked before reading, by the
 * route). A file not of 240-position lines, not a retorno, of another bank or convênio: 400, nothing changes. In one
 * transaction: the file recorded by its SHA-256 (read before: `applied: false`, its first answer, nothing changes);
 * each T/U applied once per boleto, movement and day — a liquidação (06, 17) pays its instalment by the credit
 * module (what the payer paid, fine and interest first) and marks the boleto paid; a baixa (09) writes it off; what
 * the bank charged (T 199-213) on any occurrence is summed and booked as one bill of 'Tarifas bancárias', paid
 * today as money out of the account ('Transferência': the cash flow counts it; 'Compensação' it leaves out) by the payables module. Audited.
 */
export async function readRetorno(
  db: DB,
  actorId: number,
  file: { name: string; content: Buffer },
  now = new Date(),
): Promise<BoletoRetornoResult> {
  let retorno: ReturnType<typeof parseRetorno>;
  try {
    retorno = parseRetorno(file.content.toString('latin1'));
  } catch (error) {
    if (error instanceof RetornoError) throw badRequest(BOLETO_TEXTS.retornoInvalid(error.line, error.message));
    throw error;
  }
  const settings = await repo.settings(db);
  if (!settings) throw badRequest(BOLETO_TEXTS.notConfigured);
  if (retorno.bankCode !== settings.bank_code || retorno.convenio !== settings.convenio.replace(/^0+/, '')) {
    throw badRequest(BOLETO_TEXTS.retornoOtherBank);
  }
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  const today = businessDay(now);
  return db.transaction().execute(async (trx) => {
    const retornoId = await repo.insertRetorno(trx, {
      sha256,
      file_name: file.name.slice(0, 200),
      nsa: retorno.nsa || null,
      created_by: actorId,
    });
    if (retornoId === undefined) {
      const earlier = (await repo.retornoSummary(trx, sha256))?.summary as Result | undefined;
      return { applied: false, ...(earlier as Result), notes: [BOLETO_TEXTS.retornoAlreadyRead] };
    }
    const result: Result & { feeCents: number } = {
      nsa: retorno.nsa || null,
      paid: [],
      writtenOff: [],
      fees: 0,
      feePayableId: null,
      notes: [],
      feeCents: 0,
    };
    for (const event of retorno.events) await applyEvent(trx, retornoId, event, today, result);
    if (result.feeCents > 0) {
      const [payableId] = await createPayables(
        trx,
        {
          supplierId: null,
          purchaseId: null,
          category: 'TARIFAS',
          description: BOLETO_TEXTS.feeDescription(result.nsa),
          instalments: [
            { documentNumber: `RET ${result.nsa ?? ''}`.trim(), dueDate: today, amountCents: result.feeCents },
          ],
        },
        actorId,
      );
      await payPayableNow(trx, payableId as number, actorId, result.feeCents, 'TRANSFERENCIA');
      result.feePayableId = payableId as number;
    }
    const { feeCents: _cents, ...summary } = { ...result, fees: centsToReais(result.feeCents) };
    await repo.saveRetornoSummary(trx, retornoId, summary);
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'boleto_retorno',
      entityId: retornoId,
      action: 'read',
      changes: {
        file: file.name,
        nsa: summary.nsa,
        paid: summary.paid.length,
        writtenOff: summary.writtenOff.length,
        fees: summary.fees,
      },
    });
    return { applied: true, ...summary };
  });
}
