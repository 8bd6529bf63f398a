import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * Stock entries from the supplier's NF-e XML (issue 39 §2, decision 0049).
 * - `purchases`: one entered note: its access key (unique: the same note is never entered twice), the supplier
 *   (the note's issuer), number and series, when it was issued, its total (vNF), the signature's status and,
 *   for an unsigned note, the reason given when it was confirmed; the recipient's document and whether a
 *   recipient that is not the shop was confirmed; who entered it and when; the Idempotency-Key of the confirm.
 * - `purchase_items`: each item of the note as it was entered: its line (nItem), the supplier's code and
 *   description, GTIN, NCM, unit, quantity as written, the conversion factor and the units that came in, the
 *   product it went to, the parts of its cost (vProd, vFrete, vSeg, vDesc, vOutro, vIPI, vICMSST), its total
 *   and unit cost, the product's cost before and after (the weighted average) and the ledger row.
 * - `supplier_product_codes`: the supplier's own code remembered for a product, with the factor of its unit
 *   (a box of 10: 10), so the next note of that supplier matches and converts by itself.
 * - The bills of a purchase (`payables.purchase_id`, 0065) now refer to it; the ledger rows and the phones
 *   (units) that came in by a note name it (`purchase_id`): the unit's supplier and note.
 * - A ledger row may name a unit as sent back to its supplier (`stock_movement_units.event` 'SUPPLIER_RETURN').
 */
export const purchases: Migration = {
  async up(db) {
    await runStatements(db, [
      `create table purchases (
        id serial primary key,
        access_key text not null unique check (access_key ~ '^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$'),
        supplier_id integer not null references suppliers (id),
        number text not null,
        series text not null,
        issued_at timestamptz not null,
        total_cents bigint not null check (total_cents >= 0),
        items_count integer not null check (items_count > 0),
        signature_status text not null check (signature_status in ('VALID', 'ABSENT')),
        unsigned_reason text,
        recipient_document text,
        recipient_confirmed boolean not null default false,
        idempotency_key text unique,
        created_by integer not null references employees (id),
        created_at timestamptz not null default now(),
        constraint purchases_unsigned_reason check ((signature_status = 'ABSENT') = (unsigned_reason is not null))
      )`,
      'create index purchases_created on purchases (created_at desc, id desc)',
      'create index purchases_supplier on purchases (supplier_id, created_at)',
      `create table purchase_items (
        id serial primary key,
        purchase_id integer not null references purchases (id) on delete cascade,
        line integer not null check (line > 0),
        supplier_code text not null,
        description text not null,
        gtin text,
        ncm text,
        unit text not null,
        quantity text not null,
        factor integer not null check (factor >= 1),
        units integer not null check (units > 0),
        product_id integer not null references products (id),
        product_cents bigint not null,
        freight_cents bigint not null default 0,
        insurance_cents bigint not null default 0,
        discount_cents bigint not null default 0,
        other_cents bigint not null default 0,
        ipi_cents bigint not null default 0,
        icms_st_cents bigint not null default 0,
        total_cost_cents bigint not null,
        unit_cost_cents integer not null check (unit_cost_cents >= 0),
        cost_before_cents integer not null,
        cost_after_cents integer not null,
        movement_id integer references stock_movements (id),
        unique (purchase_id, line)
      )`,
      'create index purchase_items_product on purchase_items (product_id)',
      `create table supplier_product_codes (
        supplier_id integer not null references suppliers (id),
        supplier_code text not null,
        product_id integer not null references products (id) on delete cascade,
        factor integer not null default 1 check (factor >= 1),
        unit text,
        updated_by integer references employees (id),
        updated_at timestamptz not null default now(),
        primary key (supplier_id, supplier_code)
      )`,
      'alter table payables add constraint payables_purchase foreign key (purchase_id) references purchases (id)',
      'alter table stock_movements add column purchase_id integer references purchases (id)',
      'create index stock_movements_purchase on stock_movements (purchase_id) where purchase_id is not null',
      'alter table product_units add column purchase_id integer references purchases (id)',
      'create index product_units_purchase on product_units (purchase_id) where purchase_id is not null',
      // A phone sent back to its supplier (§4): its ledger row says so.
      'alter table stock_movement_units drop constraint stock_movement_units_event_check',
      `alter table stock_movement_units add constraint stock_movement_units_event_check
         check (event in ('RETURNED', 'RELEASED', 'WRITTEN_OFF', 'SUPPLIER_RETURN'))`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      "update stock_movement_units set event = 'WRITTEN_OFF' where event = 'SUPPLIER_RETURN'",
      'alter table stock_movement_units drop constraint stock_movement_units_event_check',
      `alter table stock_movement_units add constraint stock_movement_units_event_check
         check (event in ('RETURNED', 'RELEASED', 'WRITTEN_OFF'))`,
      'alter table product_units drop column purchase_id',
      'alter table stock_movements drop column purchase_id',
      'alter table payables drop constraint payables_purchase',
      'drop table supplier_product_codes',
      'drop table purchase_items',
      'drop table purchases',
    ]);
  },
};
