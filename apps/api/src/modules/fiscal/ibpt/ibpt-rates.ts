/**
 * The IBPT rows a note's items take (issue 55 §2, decision 0077): the goods' rows (tipo 0, no TIPI exception) of
 * the issuer's state's table valid on the note's day, by each item's NCM. The note carries the approximate taxes
 * only when every item has its row (the builder's `carriesApproximateTaxes`): with no table, an NCM missing or the
 * table's validity ended, it carries none, and says nothing false.
 */
import type { Executor } from '../../../db/executor';
import type { NfeInput } from '../nfe/nfe-input';
import { ibptRepository as repo } from './ibpt.repository';

/** `input` with its items' IBPT rates and the table's source, when its state's table has them on its day. */
export async function withApproximateTaxRates(trx: Executor, input: NfeInput): Promise<NfeInput> {
  const day = input.issuedAt.slice(0, 10);
  const rows = await repo.goodsRates(
    trx,
    input.issuer.address.uf,
    input.items.map((item) => item.ncm),
    day,
  );
  const byNcm = new Map(rows.map((row) => [row.code, row]));
  const first = rows[0];
  if (!first || input.items.some((item) => !byNcm.has(item.ncm))) return input;
  return {
    ...input,
    approximateTaxesSource: { source: first.source, key: first.key, version: first.version },
    items: input.items.map((item) => {
      const row = byNcm.get(item.ncm);
      return row
        ? {
            ...item,
            approximateTaxRates: {
              nationalFederal: row.national_federal_rate_ten_thousandths,
              importedFederal: row.imported_federal_rate_ten_thousandths,
              state: row.state_rate_ten_thousandths,
              municipal: row.municipal_rate_ten_thousandths,
            },
          }
        : item;
    }),
  };
}
