import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** A CPF or CNPJ is 11 or 14 digits: a shorter number is too like any other figure of a payer's text. */
const MIN_DOCUMENT_DIGITS = 11;

/**
 * The document's digits as a PostgreSQL regular expression over a payer's text: with or without its
 * punctuation ('529.982.247-25', '52998224725', '529 982 247 25'), not inside a longer number.
 */
function documentPattern(document: string): string | null {
  const digits = document.replace(/\D/g, '');
  if (digits.length < MIN_DOCUMENT_DIGITS) return null;
  return `(^|[^0-9])${[...digits].join('[[:space:]./-]?')}([^0-9]|$)`;
}

/**
 * LGPD (decision 0016): the Pix received about a customer being anonymised forget who paid them (`payer`, the
 * payer's text: a name, a CPF, a phone); their amount, dates, txid and end-to-end id stay for the books. His
 * are the Pix that paid one of his orders, and the ones that paid nothing (not identified) but named the txid
 * of one of his orders, of one of its Pix parts or of one of his instalments, or whose payer's text holds his
 * CPF/CNPJ (`documents`: the registration's and the former ones of his audit). The payments module's own
 * table, written here only: the anonymisation (customers.privacy.ts) calls this in its transaction.
 */
export async function forgetPixPayersOf(
  trx: Executor,
  customer: { id: number; documents: readonly string[] },
): Promise<void> {
  const patterns = [...new Set(customer.documents.map(documentPattern).filter((p): p is string => p !== null))];
  const hisOrders = trx.selectFrom('orders').select('id').where('customer_id', '=', customer.id);
  await trx
    .updateTable('pix_received as p')
    .set({ payer: null })
    .where('p.payer', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('p.order_id', 'in', hisOrders),
        eb.and([
          eb('p.order_id', 'is', null),
          eb.or([
            // The txid of his order: its code without the dash (K7M-4QP → K7M4QP), as `pixTxid` makes it.
            eb(
              'p.txid',
              'in',
              trx
                .selectFrom('orders')
                .select(sql<string>`replace(code, '-', '')`.as('txid'))
                .where('customer_id', '=', customer.id),
            ),
            eb('p.txid', 'in', trx.selectFrom('order_payments').select('pix_txid').where('order_id', 'in', hisOrders)),
            eb('p.txid', 'in', trx.selectFrom('receivables').select('pix_txid').where('customer_id', '=', customer.id)),
            ...patterns.map((pattern) => sql<boolean>`p.payer ~ ${pattern}`),
          ]),
        ]),
      ]),
    )
    .execute();
}
