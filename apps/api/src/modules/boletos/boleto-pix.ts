import { businessDay } from '@backoffice/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { instalmentDetails, receiveInstalmentBoleto } from '../credit/receivables.service';
import { boletosRepository as repo } from './boletos.repository';

/**
 * A Pix the bank's webhook told of that names a boleto híbrido's txid (decision 0100), in the webhook's
 * transaction: the boleto is one charge payable by its barcode or its QR code, so it pays once. Still ISSUED: the
 * instalment paid by the credit module (what the payer paid on the Pix's business day, fine and interest first,
 * the nosso número as its bank reference) and the boleto marked paid — a retorno's liquidação of it later changes
 * nothing (read-retorno.ts skips a PAID boleto). Already PAID (the retorno came first): the same payment told
 * twice, nothing recorded. Answers the order, or undefined when the txid is no boleto's.
 */
export async function receiveBoletoPix(
  trx: Transaction<Database>,
  pix: { txid: string; amountCents: number; paidAt: Date },
): Promise<{ orderId: number } | { refused: 'ALREADY_PAID' } | undefined> {
  const boleto = await repo.byPixTxid(trx, pix.txid);
  if (!boleto) return undefined;
  if (boleto.status === 'PAID') {
    return { orderId: (await instalmentDetails(trx, boleto.receivable_id)).order.id };
  }
  const paidOn = businessDay(pix.paidAt);
  const paid = await receiveInstalmentBoleto(trx, {
    receivableId: boleto.receivable_id,
    bankReference: boleto.nosso_numero,
    paidOn,
    amountCents: pix.amountCents,
  });
  await repo.markPaid(trx, boleto.id, paidOn, pix.amountCents);
  if ('refused' in paid) return paid;
  return { orderId: paid.orderId };
}
