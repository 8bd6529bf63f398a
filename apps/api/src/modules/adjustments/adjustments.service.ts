import { randomUUID } from 'node:crypto';
import type { AdjustmentBody, AdjustmentResult, Unit } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { Principal } from '../../plugins/auth';
import { releaseUnit, writeOffUnit } from '../stock/stock.service';
import { unitWithRepairs } from '../units/units.service';
import { registerAdjustment } from './register-adjustment';

/**
 * Exchanges and returns of a delivered or finished order (issue 17 §5, decision 0012), and the analysis of
 * the phones that come back (released to stock or written off).
 */
export function createAdjustmentsService(db: DB) {
  return {
    /**
     * Registers an exchange or a return, all or nothing, in one transaction with the order locked: the order
     * must be delivered or finished (409 ORDER_NOT_ADJUSTABLE); each product one of its lines (400
     * NOT_IN_ORDER) and no more units than it sold less those already exchanged or returned (409
     * ADJUSTMENT_QUANTITY_EXCEEDED); a serialized line names its unit sold in this order (quantity 1); the
     * courier, if named, an active Motoboy (400 NOT_A_COURIER). Stock: a non-serialized item comes back to
     * stock (+quantity on a RETURN / EXCHANGE ledger row at the price paid); a phone comes back in analysis
     * (RETURNED, stock unchanged). An exchange takes the replacement out of stock (the same product unless
     * another is named; a phone by its IMEI, in stock; 409 STOCK_INSUFFICIENT otherwise) at the customer's
     * level price. The difference of each line: a return refunds quantity × price paid (negative); an
     * exchange is quantity × (replacement's level price − price paid), positive = the customer pays.
     */
    async register(principal: Principal, body: AdjustmentBody): Promise<AdjustmentResult> {
      const registration = body.registration ?? randomUUID();
      return db.transaction().execute((trx) => registerAdjustment(trx, principal, body, registration));
    },

    /** A returned phone back on sale after its analysis: the unit as GET /units/{imei} answers it. */
    async release(principal: Principal, imei: string): Promise<Unit> {
      await db.transaction().execute((trx) => releaseUnit(trx, imei, principal.employeeId));
      return unitWithRepairs(db, imei);
    },

    /** A returned phone written off after its analysis: the unit as GET /units/{imei} answers it. */
    async writeOff(principal: Principal, imei: string): Promise<Unit> {
      await db.transaction().execute((trx) => writeOffUnit(trx, imei, principal.employeeId));
      return unitWithRepairs(db, imei);
    },
  };
}
