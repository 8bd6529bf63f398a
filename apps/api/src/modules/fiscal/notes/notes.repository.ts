import type { FiscalNoteStatus, FiscalNotesQuery } from '@backoffice/contract';
import { type Selectable, sql } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { Database } from '../../../db/schema';

export type NoteRow = Selectable<Database['fiscal_notes']> & {
  order_code: string | null;
  created_by_name: string | null;
};
export type EventRow = Selectable<Database['fiscal_note_events']> & { created_by_name: string | null };

/** What a note shows in the list and its details (note-views.ts): its row without its XMLs, which only its own files read. */
const VIEW_COLUMNS = [
  'n.id',
  'n.order_id',
  'n.model',
  'n.series',
  'n.number',
  'n.environment',
  'n.emission_type',
  'n.access_key',
  'n.status',
  'n.status_code',
  'n.status_reason',
  'n.protocol',
  'n.authorized_at',
  'n.issued_at',
  'n.total_cents',
  'n.recipient_document',
  'n.recipient_name',
  'n.created_by',
] as const;
export type NoteViewRow = Pick<NoteRow, (typeof VIEW_COLUMNS)[number] extends `n.${infer C}` ? C : never> & {
  order_code: string | null;
  created_by_name: string | null;
};

const noteColumns = (db: Executor) =>
  db
    .selectFrom('fiscal_notes as n')
    .leftJoin('orders as o', 'o.id', 'n.order_id')
    .leftJoin('employees as e', 'e.id', 'n.created_by')
    .selectAll('n')
    .select(['o.code as order_code', 'e.name as created_by_name']);

/** The SQL of the notes (issue 41): the order's figures for its note, the numbers, the notes and their events. */
export const notesRepository = {
  async lockOrder(db: Executor, orderId: number) {
    return db
      .selectFrom('orders')
      .select([
        'id',
        'code',
        'status',
        'customer_id',
        'total_cents',
        'shipping_cost_cents',
        'fast_delivery_tax_cents',
        'warranty_cents',
        'labour_cents',
        'discount_cents',
        'delivery_type',
        'payment_method',
        'note_document',
      ])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
  },

  async customer(db: Executor, id: number) {
    return db
      .selectFrom('customers')
      .select([
        'name',
        'email',
        'document',
        'state_registration',
        'phone',
        'status',
        'street',
        'number',
        'complement',
        'neighborhood',
        'city',
        'state',
        'zip_code',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  },

  async items(db: Executor, orderId: number) {
    return db
      .selectFrom('order_items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select([
        'i.product_id',
        'i.quantity',
        'i.unit_price_cents',
        'i.discount_cents',
        'p.code',
        'p.name',
        'p.barcode',
        'p.ncm',
        'p.cest',
        'p.origin',
        'p.fiscal_profile_id',
      ])
      .where('i.order_id', '=', orderId)
      .orderBy('i.id')
      .execute();
  },

  async units(db: Executor, orderId: number) {
    return db
      .selectFrom('product_units')
      .select(['product_id', 'imei', 'imei2'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  },

  async confirmedParts(db: Executor, orderId: number) {
    return db
      .selectFrom('order_payments')
      .select(['method', 'amount_cents', 'card_kind', 'card_brand', 'authorization_code'])
      .where('order_id', '=', orderId)
      .where('status', '=', 'CONFIRMED')
      .orderBy('seq')
      .execute();
  },

  async instalments(db: Executor, orderId: number) {
    return db
      .selectFrom('receivables')
      .select(['seq', 'amount_cents'])
      .select(sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('due_date'))
      .where('order_id', '=', orderId)
      .where('canceled_at', 'is', null)
      .orderBy('seq')
      .execute();
  },

  async profiles(db: Executor) {
    return db.selectFrom('fiscal_profiles').selectAll().execute();
  },

  /** The model's series and next number, the number taken (the issuer's row locked until the transaction ends). */
  async takeNumber(db: Executor, model: 55 | 65): Promise<{ series: number; number: number }> {
    const row =
      model === 55
        ? await db
            .updateTable('fiscal_issuer')
            .set({ nfe_next_number: sql`nfe_next_number + 1` })
            .returning(['nfe_series as series', sql<number>`nfe_next_number - 1`.as('number')])
            .executeTakeFirstOrThrow()
        : await db
            .updateTable('fiscal_issuer')
            .set({ nfce_next_number: sql`nfce_next_number + 1` })
            .returning(['nfce_series as series', sql<number>`nfce_next_number - 1`.as('number')])
            .executeTakeFirstOrThrow();
    return { series: Number(row.series), number: Number(row.number) };
  },

  /** The order's NFC-e whose DANFE goes with the goods: authorised, or issued in offline contingency. */
  async printableNfceOf(db: Executor, orderId: number) {
    return db
      .selectFrom('fiscal_notes')
      .select(['id', 'xml', 'proc_xml', 'access_key'])
      .where('order_id', '=', orderId)
      .where('model', '=', 65)
      .where('status', 'in', ['AUTHORIZED', 'CONTINGENCY'])
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  async aliveNoteOf(db: Executor, orderId: number) {
    return db
      .selectFrom('fiscal_notes')
      .select(['id', 'number', 'status'])
      .where('order_id', '=', orderId)
      .where('status', 'not in', ['REJECTED', 'CANCELLED', 'UNKNOWN', 'VOIDED'])
      .executeTakeFirst();
  },

  /** The contingency NFC-e that covered the sale of the unanswered note `id` (offline-substitute.ts). */
  async setSubstitute(db: Executor, id: number, substituteId: number) {
    await db.updateTable('fiscal_notes').set({ substitute_id: substituteId }).where('id', '=', id).execute();
  },

  /** The order's rejected note, if any: its number is still the order's, to be sent again once corrected. */
  async rejectedNoteOf(db: Executor, orderId: number) {
    return db
      .selectFrom('fiscal_notes')
      .select(['id', 'number'])
      .where('order_id', '=', orderId)
      .where('status', '=', 'REJECTED')
      .executeTakeFirst();
  },

  async insertNote(db: Executor, values: NewNote): Promise<number> {
    const row = await db.insertInto('fiscal_notes').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async updateNote(
    db: Executor,
    id: number,
    changes: Partial<{
      status: FiscalNoteStatus;
      status_code: number | null;
      status_reason: string | null;
      receipt_number: string | null;
      protocol: string | null;
      authorized_at: Date | null;
      proc_xml: string | null;
      xml: string;
      access_key: string;
      emission_type: number;
      total_cents: number;
      issued_at: Date;
      provider_id: string | null;
    }>,
  ) {
    await db
      .updateTable('fiscal_notes')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Up to `limit` notes waiting for the SEFAZ, untouched for two minutes, claimed: their updated_at set now (the
   * lease), rows another server holds skipped.
   */
  async claimWaiting(db: Executor, limit: number): Promise<number[]> {
    const rows = await sql<{ id: number }>`
      update fiscal_notes set updated_at = now()
      where id in (
        select id from fiscal_notes
        where status in ('SIGNED', 'PROCESSING', 'CONTINGENCY', 'UNKNOWN') and updated_at < now() - interval '2 minutes'
        order by id limit ${limit}
        for update skip locked)
      returning id`.execute(db);
    return rows.rows.map((row) => row.id);
  },

  /** The order's automatic note asked for (once: a second handover of the same order asks nothing more). */
  async requestEmission(db: Executor, orderId: number, employeeId: number | null) {
    await db
      .insertInto('fiscal_emission_requests')
      .values({ order_id: orderId, requested_by: employeeId })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .execute();
  },

  async autoEmit(db: Executor): Promise<string | null> {
    const row = await db.selectFrom('fiscal_issuer').select('auto_emit').executeTakeFirst();
    return row?.auto_emit ?? null;
  },

  /** Up to `limit` requests not tried for a minute (a lease, as the waiting notes'), with fewer than three tries. */
  async claimRequests(db: Executor, limit: number) {
    const rows = await sql<{ order_id: number; requested_by: number | null }>`
      update fiscal_emission_requests set updated_at = now(), attempts = attempts + 1
      where order_id in (
        select order_id from fiscal_emission_requests
        where attempts < 3 and (attempts = 0 or updated_at < now() - interval '1 minute')
        order by requested_at limit ${limit}
        for update skip locked)
      returning order_id, requested_by`.execute(db);
    return rows.rows;
  },

  /**
   * The request of one order just handed over (a counter sale, decision 0078), claimed as the round claims them
   * (attempts + 1, its lease) while nobody has tried it yet; none when there is none or the round has it.
   */
  async claimRequestOf(db: Executor, orderId: number) {
    const rows = await sql<{ order_id: number; requested_by: number | null }>`
      update fiscal_emission_requests set updated_at = now(), attempts = attempts + 1
      where order_id in (
        select order_id from fiscal_emission_requests
        where order_id = ${orderId} and attempts = 0
        for update skip locked)
      returning order_id, requested_by`.execute(db);
    return rows.rows;
  },

  /** The automatic notes that could not be emitted: the requests with a refusal, oldest first. */
  async failedRequests(db: Executor) {
    return db
      .selectFrom('fiscal_emission_requests as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(['r.order_id', 'o.code', 'r.attempts', 'r.last_error', 'r.requested_at'])
      .where('r.last_error', 'is not', null)
      .orderBy('r.requested_at')
      .limit(200)
      .execute();
  },

  async requestDone(db: Executor, orderId: number) {
    await db.deleteFrom('fiscal_emission_requests').where('order_id', '=', orderId).execute();
  },

  async requestFailed(db: Executor, orderId: number, error: string) {
    await db
      .updateTable('fiscal_emission_requests')
      .set({ last_error: error })
      .where('order_id', '=', orderId)
      .execute();
  },

  async note(db: Executor, id: number): Promise<NoteRow | undefined> {
    return noteColumns(db).where('n.id', '=', id).executeTakeFirst();
  },

  /** A note as its details show it: without its XMLs. */
  async noteView(db: Executor, id: number): Promise<NoteViewRow | undefined> {
    return db
      .selectFrom('fiscal_notes as n')
      .leftJoin('orders as o', 'o.id', 'n.order_id')
      .leftJoin('employees as e', 'e.id', 'n.created_by')
      .select(VIEW_COLUMNS)
      .select(['o.code as order_code', 'e.name as created_by_name'])
      .where('n.id', '=', id)
      .executeTakeFirst();
  },

  async events(db: Executor, noteId: number): Promise<EventRow[]> {
    return db
      .selectFrom('fiscal_note_events as v')
      .leftJoin('employees as e', 'e.id', 'v.created_by')
      .selectAll('v')
      .select('e.name as created_by_name')
      .where('v.note_id', '=', noteId)
      .orderBy('v.id')
      .execute();
  },

  async insertEvent(
    db: Executor,
    values: {
      note_id: number;
      type: 'CANCEL' | 'CORRECTION' | 'SUBSTITUTION';
      sequence: number;
      text: string;
      status_code: number | null;
      status_reason: string | null;
      protocol: string | null;
      registered_at: Date | null;
      xml: string | null;
      /**
       * The signed evento as sent (`answer.request`), for its procEventoNFe; null through a provider, whose xml is
       * the proc. Required so that no event (110112 too) is kept without it (issue 56 §3).
       */
      request_xml: string | null;
      created_by: number | null;
    },
  ) {
    await db.insertInto('fiscal_note_events').values(values).execute();
  },

  async correctionCount(db: Executor, noteId: number): Promise<number> {
    const row = await db
      .selectFrom('fiscal_note_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('note_id', '=', noteId)
      .where('type', '=', 'CORRECTION')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** A number of the range already on a note (any status: a rejected note's number is still the note's). */
  async usedNumber(
    db: Executor,
    range: { model: number; series: number; from: number; to: number; environment: number },
  ) {
    const row = await db
      .selectFrom('fiscal_notes')
      .select('number')
      .where('model', '=', range.model)
      .where('series', '=', range.series)
      .where('environment', '=', range.environment)
      .where('number', '>=', range.from)
      .where('number', '<=', range.to)
      .orderBy('number')
      .executeTakeFirst();
    return row?.number ?? null;
  },

  async insertVoiding(
    db: Executor,
    values: Omit<Selectable<Database['fiscal_voidings']>, 'id' | 'created_at' | 'answer_only' | 'request_xml'> & {
      request_xml?: string | null;
    },
  ) {
    return db.insertInto('fiscal_voidings').values(values).returning(['id', 'created_at']).executeTakeFirstOrThrow();
  },

  async customerEmailOf(db: Executor, orderId: number) {
    const row = await db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['c.email', 'c.status'])
      .where('o.id', '=', orderId)
      .executeTakeFirst();
    return row && row.status !== 'WALK_IN' ? row.email : null;
  },

  /**
   * A page of the list (issue 41; issue 59): its columns only, never the XMLs. The search is one of the note's own
   * indexed columns, so each arm reads an index (migration 0112): the key (unique), the number (its digits), any
   * part of the recipient's name (trigrams), the recipient's document, the order's code (its order's notes).
   */
  async page(db: Executor, query: FiscalNotesQuery, dayBounds: { from?: Date; to?: Date }) {
    let base = db.selectFrom('fiscal_notes as n');
    if (query.orderId) base = base.where('n.order_id', '=', query.orderId);
    if (query.status) base = base.where('n.status', '=', query.status);
    if (query.model) base = base.where('n.model', '=', query.model);
    if (dayBounds.from) base = base.where('n.issued_at', '>=', dayBounds.from);
    if (dayBounds.to) base = base.where('n.issued_at', '<', dayBounds.to);
    if (query.search) {
      const term = query.search;
      const digits = term.replace(/\D/g, '');
      // The number as written (`number::text` equal to the digits typed): no leading zero, nine digits at most.
      const number = /^[1-9]\d{0,8}$/.test(digits) ? Number(digits) : undefined;
      base = base.where((eb) =>
        eb.or([
          eb('n.access_key', '=', digits || term),
          ...(number === undefined ? [] : [eb('n.number', '=', number)]),
          eb('n.recipient_name', 'ilike', `%${term.replace(/[%_\\]/g, '\\$&')}%`),
          eb('n.recipient_document', '=', digits || term),
          eb('n.order_id', '=', eb.selectFrom('orders').select('id').where('code', '=', term.toUpperCase()).limit(1)),
        ]),
      );
    }
    const [count, rows] = await Promise.all([
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      base
        .leftJoin('orders as o', 'o.id', 'n.order_id')
        .leftJoin('employees as e', 'e.id', 'n.created_by')
        .select(VIEW_COLUMNS)
        .select(['o.code as order_code', 'e.name as created_by_name'])
        .orderBy('n.issued_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(query.pageSize)
        .offset(query.page * query.pageSize)
        .execute(),
    ]);
    return { total: Number(count.n), rows: rows as NoteViewRow[] };
  },
};

type NewNote = {
  order_id: number;
  model: number;
  series: number;
  number: number;
  environment: number;
  emission_type: number;
  access_key: string;
  status: FiscalNoteStatus;
  total_cents: number;
  recipient_document: string | null;
  recipient_name: string | null;
  xml: string;
  issued_at: Date;
  created_by: number | null;
};
