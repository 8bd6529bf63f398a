import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * What a supplier's note cost the shop, kept per entry (issue 57, decision 0089):
 * - `purchase_items`: `fcp_st_cents` (vFCPST) and `ipi_devol_cents` (vIPIDevol), now in the item's cost; `bonus`
 *   (CFOP 5910, 6910, 5911, 6911: no bill behind it); the credits netted from the cost — `icms_credit_cents`,
 *   `pis_credit_cents`, `cofins_credit_cents` (Regime Normal, CRT 3); `entry_cost_cents` (what the line entered the
 *   stock at: its cost less its credits, a bonus by the entry's rule; units × unit cost + `cent_units` cents); and
 *   `cent_units`: how many units cost one cent more (positive) or one cent less (negative) than `unit_cost_cents`
 *   so that the line adds up exactly, their ledger row `cent_movement_id`;
 * - `purchases`: `bonus_cost` (ZERO or SHARE; null without bonus items), `bonus_cents` (the bonus items' value in
 *   vNF), and the credits' totals;
 * - `fiscal_issuer.pis_cofins_non_cumulative`: the shop's PIS/COFINS is non-cumulative (lucro real).
 * Entries made before keep zeros: their cost was what it was.
 */
export const purchaseEntryCosts: Migration = {
  async up(db) {
    await runStatements(db, [
      `alter table purchase_items
        add column fcp_st_cents bigint not null default 0 check (fcp_st_cents >= 0),
        add column ipi_devol_cents bigint not null default 0 check (ipi_devol_cents >= 0),
        add column bonus boolean not null default false,
        add column icms_credit_cents bigint not null default 0 check (icms_credit_cents >= 0),
        add column pis_credit_cents bigint not null default 0 check (pis_credit_cents >= 0),
        add column cofins_credit_cents bigint not null default 0 check (cofins_credit_cents >= 0),
        add column entry_cost_cents bigint,
        add column cent_units integer not null default 0,
        add column cent_movement_id integer references stock_movements(id)`,
      `alter table purchases
        add column bonus_cost text check (bonus_cost in ('ZERO', 'SHARE')),
        add column bonus_cents bigint not null default 0 check (bonus_cents >= 0),
        add column icms_credit_cents bigint not null default 0 check (icms_credit_cents >= 0),
        add column pis_credit_cents bigint not null default 0 check (pis_credit_cents >= 0),
        add column cofins_credit_cents bigint not null default 0 check (cofins_credit_cents >= 0)`,
      `alter table fiscal_issuer add column pis_cofins_non_cumulative boolean not null default false`,
    ]);
  },
  async down(db) {
    await runStatements(db, [
      'alter table fiscal_issuer drop column pis_cofins_non_cumulative',
      `alter table purchases drop column bonus_cost, drop column bonus_cents, drop column icms_credit_cents,
        drop column pis_credit_cents, drop column cofins_credit_cents`,
      `alter table purchase_items drop column fcp_st_cents, drop column ipi_devol_cents, drop column bonus,
        drop column icms_credit_cents, drop column pis_credit_cents, drop column cofins_credit_cents,
        drop column entry_cost_cents, drop column cent_units, drop column cent_movement_id`,
    ]);
  },
};
