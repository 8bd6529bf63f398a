import type { PayablePaymentMethod } from '@backoffice/contract';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { type AuditEntry, recordAudits } from '../lib/audit';
import {
  billCreatedChanges,
  billRows,
  type PayablesInput,
  paidNowRows,
  payableAudit,
} from '../modules/payables/payables.service';
import {
  enteringUnitCost,
  ledgerRow,
  reenteredUnit,
  releaseMove,
  type StockMoveContext,
  type StockMoveLine,
  takeInMove,
  takenInUnit,
  type UsedUnitIn,
  unitImeis,
} from '../modules/stock/stock.service';
import { columnTypes, insertColumns, updateColumns } from './bulk';

type Table = keyof Database;
type Row<T extends Table> = Insertable<Database[T]>;
/** The tables whose ids the rows name before they are written (the rest take theirs as they are inserted). */
type Named = 'trade_ins' | 'product_units' | 'stock_movements' | 'payables' | 'payable_payments';
type Acceptance = Pick<
  Row<'trade_ins'>,
  'status' | 'settlement' | 'product_id' | 'unit_id' | 'payable_id' | 'accepted_by' | 'accepted_at'
>;

/**
 * The used phones' rows written in bulk (issue 59): each trade-in, its files, the phone taken in (its unit, its IMEI,
 * its TRADE_IN ledger row naming it), the bill paid by Pix and its audit rows, the acceptance; later the phone
 * released for sale (its ledger row, its unit in stock). Every row is the one the stock module and the bills write one
 * by one (`takeInUsedUnit`, `releaseUsedUnit`, `createPayables`, `payPayableNow`): built by their own pure functions,
 * at the moment the demo says it happened, and held until `flush`, which writes them a statement a table. Their ids
 * are the ones the sequences would have given, taken from them and handed back; the seminovos' stock and cost are
 * followed here between flushes. Flush before anything else writes these tables or reads them (a seminovo sold at
 * the counter, through the services): it finds them as if written one by one. Unlike `takeInUsedUnit`, no phone is
 * looked up: every one is new to the shop (the demo's trade-in IMEIs, TAC 86, are no other unit's).
 */
export function tradeInWrites(trx: Transaction<Database>) {
  const ids = new Map<Named, { next: number; last: number }>();
  /** The seminovos' stock and cost as the rows held leave them, read at the first row of each. */
  const products = new Map<number, { id: number; stock: number; cost_cents: number }>();
  /** The phones taken in: what their release enters again. */
  const units = new Map<number, { product_id: number; imei: string; cost_cents: number }>();
  const types = new Map<Table, Map<string, string>>();
  let held = empty();

  /** The next id of a table's sequence: one `nextval` since the last flush, then counted here. */
  const nextId = async (table: Named) => {
    let range = ids.get(table);
    if (!range) {
      const { rows } = await sql<{
        id: number;
      }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id`.execute(trx);
      range = { next: Number(rows[0]?.id), last: 0 };
      ids.set(table, range);
    }
    range.last = range.next++;
    return range.last;
  };
  const productOf = async (id: number) => {
    let product = products.get(id);
    if (!product) {
      product = await trx
        .selectFrom('products')
        .select(['id', 'stock', 'cost_cents'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      products.set(id, product);
    }
    return product;
  };
  /** A ledger row of the move, at `at`, over its product as the rows held leave it (as `moveStock` writes it). */
  const ledger = async (move: { context: StockMoveContext; line: StockMoveLine }, at: Date) => {
    const product = await productOf(move.line.productId);
    const row = ledgerRow(product, move.context, move.line);
    const id = await nextId('stock_movements');
    held.movements.push({ id, ...row, created_at: at });
    product.stock = row.stock_after;
    product.cost_cents = row.cost_after_cents;
    return { id, row };
  };
  const typesOf = async (table: Table) => {
    let known = types.get(table);
    if (!known) {
      known = await columnTypes(trx, table);
      types.set(table, known);
    }
    return known;
  };

  return {
    /** A trade-in as evaluated (its id now, its row at the flush). */
    async evaluated(row: Omit<Row<'trade_ins'>, 'id'>): Promise<number> {
      const id = await nextId('trade_ins');
      held.tradeIns.push({ id, ...row });
      return id;
    },
    file(row: Row<'trade_in_files'>): void {
      held.files.push(row);
    },
    /** A used phone taken in at `at` (`takeInUsedUnit`: a new unit in preparation, its TRADE_IN row): its unit's id. */
    async takeIn(input: UsedUnitIn, at: Date): Promise<number> {
      const move = takeInMove(input);
      const { id: movementId } = await ledger(move, at);
      const unitId = await nextId('product_units');
      held.units.push({
        id: unitId,
        imei: input.imei,
        imei2: input.imei2,
        purchase_id: null,
        ...takenInUnit(input, at),
      });
      held.imeis.push(...unitImeis(unitId, input.imei, input.imei2));
      held.links.push({ movement_id: movementId, unit_id: unitId, event: move.event, created_at: at });
      units.set(unitId, { product_id: input.productId, imei: input.imei, cost_cents: input.costCents });
      return unitId;
    },
    /**
     * A bill of one instalment paid in full at once (`createPayables`, then `payPayableNow`), its payment dated
     * `paidOn`: the bill's id.
     */
    async paidBill(input: PayablesInput, actorId: number, method: PayablePaymentMethod, paidOn: string) {
      const [row] = billRows(input, actorId);
      if (!row || input.instalments.length !== 1) throw new Error('paidBill: one instalment');
      const id = await nextId('payables');
      const amount = Number(row.amount_cents);
      held.payables.push({ id, ...row, paid_cents: amount });
      held.audits.push(payableAudit(actorId, id, 'created', billCreatedChanges(row)));
      const paid = paidNowRows(id, actorId, amount, method);
      const paymentId = await nextId('payable_payments');
      held.payments.push({ id: paymentId, ...paid.payment, paid_on: paidOn });
      held.audits.push(payableAudit(actorId, id, 'paid', paid.changes(paymentId)));
      return id;
    },
    accept(id: number, acceptance: Acceptance): void {
      held.accepted.push({ id, ...acceptance });
    },
    /** A phone taken in released for sale at `at` by `by` (`releaseUsedUnit`: its TRADE_IN row of one unit). */
    async release(unitId: number, tradeInId: number, at: Date, by: number): Promise<void> {
      const unit = units.get(unitId);
      if (!unit) throw new Error(`release: unit ${unitId} was not taken in here`);
      const { id, row } = await ledger(releaseMove(unit, by), at);
      held.links.push({ movement_id: id, unit_id: unitId, event: null, created_at: at });
      held.entered.push({ id: unitId, ...reenteredUnit(enteringUnitCost(row), null, at) });
      held.released.push({ id: tradeInId, released_by: by, released_at: at });
    },
    /** Writes the rows held, in the order of their foreign keys; the sequences and the seminovos' stock follow. */
    async flush(): Promise<void> {
      await writeHeld(trx, held, typesOf);
      held = empty();
      // The products' stock and cost as their last rows left them, touched now (as `moveStock` does).
      const now = new Date();
      await updateColumns(
        trx,
        'products',
        [...products.values()].map((p) => ({ id: p.id, stock: p.stock, cost_cents: p.cost_cents, updated_at: now })),
        await typesOf('products'),
      );
      products.clear();
      for (const [table, range] of ids) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${range.last}, true)`.execute(trx);
      }
      ids.clear();
    },
  };
}

/** The rows held written, each table in one statement (or a few), in the order of their foreign keys. */
async function writeHeld(
  trx: Transaction<Database>,
  h: ReturnType<typeof empty>,
  typesOf: (table: Table) => Promise<Map<string, string>>,
): Promise<void> {
  const insert = async <T extends Table>(table: T, rows: Row<T>[]) =>
    insertColumns(trx, table, rows, await typesOf(table));
  await insert('payables', h.payables);
  await insert('trade_ins', h.tradeIns);
  await insert('trade_in_files', h.files);
  await insert('product_units', h.units);
  await insert('unit_imeis', h.imeis);
  await insert('stock_movements', h.movements);
  await insert('stock_movement_units', h.links);
  await insert('payable_payments', h.payments);
  await recordAudits(trx, h.audits);
  // The trade-ins accepted (their units now written), the phones released, the trade-ins released.
  await updateColumns(trx, 'trade_ins', h.accepted, await typesOf('trade_ins'));
  await updateColumns(trx, 'product_units', h.entered, await typesOf('product_units'));
  await updateColumns(trx, 'trade_ins', h.released, await typesOf('trade_ins'));
}

function empty() {
  return {
    tradeIns: [] as Row<'trade_ins'>[],
    files: [] as Row<'trade_in_files'>[],
    payables: [] as Row<'payables'>[],
    units: [] as Row<'product_units'>[],
    imeis: [] as Row<'unit_imeis'>[],
    movements: [] as Row<'stock_movements'>[],
    links: [] as Row<'stock_movement_units'>[],
    payments: [] as Row<'payable_payments'>[],
    audits: [] as AuditEntry[],
    accepted: [] as ({ id: number } & Acceptance)[],
    entered: [] as ({ id: number } & ReturnType<typeof reenteredUnit>)[],
    released: [] as { id: number; released_by: number; released_at: Date }[],
  };
}

export type TradeInWrites = ReturnType<typeof tradeInWrites>;
