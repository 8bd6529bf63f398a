import { PERMISSIONS } from './permissions';

/*
 * Who reaches the used phones taken in (issue 42 §1), free of schemas: the sidebar and the first screen read it
 * without loading zod (decision 0025; under the strict CSP zod's eval probe is a violation).
 */

/** Who evaluates and takes in a used phone: the desk (orders) and the counter (selling). */
export const TRADE_IN_PERMISSIONS = [PERMISSIONS.orders, PERMISSIONS.selling] as const;
/** Who releases a seminovo in preparation for sale: the stock, or the repair counter that checked it. */
export const TRADE_IN_RELEASE_PERMISSIONS = [PERMISSIONS.products, PERMISSIONS.repairs] as const;
/** Who reads 'Usados por mês' (GET /trade-ins/report): whoever reads reports, and who manages the trade-ins. */
export const TRADE_IN_REPORT_PERMISSIONS = [PERMISSIONS.reports, PERMISSIONS.tradeIns] as const;
