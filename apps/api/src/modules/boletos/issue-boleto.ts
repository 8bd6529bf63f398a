import {
  BOLETO_TEXTS,
  type Boleto,
  businessDay,
  centsToReais,
  onlyDigits,
  type ReceivableDetails,
  reaisToCents,
} from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError, conflict } from '../../lib/errors';
import { creditSettings } from '../credit/credit.service';
import { instalmentDetails } from '../credit/receivables.service';
import { loadCustomer } from '../customers/customers.service';
import { freeFieldBB, nossoNumeroBB } from './banco-do-brasil';
import { type BbCobrancaClient, BbCobrancaError, bbBoletoRequest } from './bb-cobranca';
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
    pixCopyPaste: row.pix_emv,
    pixTxid: row.pix_txid,
    registeredByApi: row.api_registered_at !== null,
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
 * to be registered at the bank — unless the settings ask the boleto híbrido (decision 0100): then BB's API
 * Cobranças registers it now with `indicadorPix` "S" inside the transaction (BB's refusal or silence: 502
 * BANK_FAILED, nothing kept) and its Pix QR code is kept with it. Audited.
 */
export async function issueBoleto(
  db: DB,
  actorId: number,
  receivableId: number,
  now = new Date(),
  bank?: BbCobrancaClient,
): Promise<Boleto> {
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
    const pix = settings.pix_hybrid
      ? await registerHybrid(trx, bank, {
          id,
          settings,
          instalment,
          nossoNumero,
          dueDate,
          amountCents,
          barcode: code.barcode,
          today,
        })
      : null;
    await recordAudit(trx, {
      employeeId: actorId,
      entity: 'receivable',
      entityId: receivableId,
      action: 'boleto_issued',
      changes: {
        boletoId: id,
        nossoNumero,
        dueDate,
        amount: centsToReais(amountCents),
        ...(settings.pix_hybrid ? { registeredByApi: true, pixTxid: pix?.txid ?? null } : {}),
      },
    });
    return toBoleto((await repo.find(trx, id)) as BoletoRow);
  });
}

const bankFailed = (message: string) => new AppError(502, message, { code: 'BANK_FAILED' });

/**
 * The boleto híbrido registered by BB's API (`POST /boletos`, `indicadorPix` "S"): the payer as the customer's
 * registration has them, the fine and interest as the credit settings say. BB's barcode must be the one computed
 * here (else 502, nothing kept); its `qrCode` (txId and emv) kept with the boleto — none when BB answered none (its
 * rule: anything but "S" is "N").
 */
async function registerHybrid(
  trx: Transaction<Database>,
  bank: BbCobrancaClient | undefined,
  b: {
    id: number;
    settings: { convenio: string; carteira: string; variacao: string };
    instalment: ReceivableDetails;
    nossoNumero: string;
    dueDate: string;
    amountCents: number;
    barcode: string;
    today: string;
  },
): Promise<{ txid: string; emv: string } | null> {
  if (!bank) throw conflict(BOLETO_TEXTS.pixHybridNoApi);
  const [customer, rates] = await Promise.all([loadCustomer(trx, b.instalment.customer.id), creditSettings(trx)]);
  const a = customer.address;
  const request = bbBoletoRequest({
    convenio: b.settings.convenio,
    carteira: b.settings.carteira,
    variacao: b.settings.variacao,
    nossoNumero: b.nossoNumero,
    issuedOn: b.today,
    dueDate: b.dueDate,
    amountCents: b.amountCents,
    documentNumber: `${b.instalment.order.code}-${b.instalment.seq}`,
    fineHundredths: rates.fineHundredths,
    monthlyInterestHundredths: rates.monthlyInterestHundredths,
    payer: {
      document: onlyDigits(customer.document),
      name: customer.name,
      street: [a.street, a.number, a.complement].filter(Boolean).join(', '),
      zipCode: a.zipCode ?? '',
      city: a.city ?? '',
      neighborhood: a.neighborhood ?? '',
      state: a.state ?? '',
    },
    pix: true,
  });
  let answer: Awaited<ReturnType<BbCobrancaClient['register']>>;
  try {
    answer = await bank.register(request);
  } catch (error) {
    throw bankFailed(error instanceof BbCobrancaError ? error.message : String(error));
  }
  if (answer.codigoBarraNumerico && answer.codigoBarraNumerico !== b.barcode) {
    throw bankFailed(BOLETO_TEXTS.bankCodeMismatch(b.barcode, answer.codigoBarraNumerico));
  }
  const qr = answer.qrCode;
  const pix = qr?.emv && qr.txId ? { txid: qr.txId, emv: qr.emv } : null;
  await repo.markApiRegistered(trx, b.id, pix);
  return pix;
}
