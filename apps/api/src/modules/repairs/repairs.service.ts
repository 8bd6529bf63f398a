import type { RepairAction, RepairCreateBody, RepairMoveBody, RepairUpdateBody } from '@backoffice/contract';
import type { Principal } from '../../plugins/auth';
import { shopIdentity } from '../settings/settings.service';
import { openRepair } from './open-repair';
import { readDevicePassword } from './read-device-password';
import { repairPdf } from './receipt';
import { type RepairsDeps, repairDetail } from './repair-detail';
import {
  type RepairListFilter,
  repairCsvBatches,
  repairCustomerOptions,
  repairPartOptions,
  repairsPage,
  repairsReport,
  repairTasks,
} from './repair-lists';
import { createRepairMoves } from './repair-moves';
import { repairSettings, saveRepairSettings } from './repair-settings';
import { publicRepairStatus } from './repair-status-page';
import { repairWarranties } from './repair-warranty.service';
import { updateRepair } from './update-repair';

/** When an open service order is late, and the public page's address of a token. */
export { lateAt, statusUrl } from './repair-views';

/**
 * The repair counter (issue 42 §2, decision 0059): service orders opened (`open-repair.ts`), corrected
 * (`update-repair.ts`), their device password read by the bench and the counter, each reading audited
 * (`read-device-password.ts`), moved along the contract's REPAIR_TRANSITIONS (`repair-moves.ts`: each move one
 * transaction with the order locked, a history row and an audit row), the parts out of stock through the stock
 * module's ledger (REPAIR rows naming the service order), the bill placed as a real order by the selling module's
 * `placeOrder`, the repair warranty, the lists and the CSV (`repair-lists.ts`), the detail (`repair-detail.ts`), the
 * receipt and the public status page.
 */
export function createRepairsService(deps: RepairsDeps) {
  const { db, storage } = deps;
  const moveRepair = createRepairMoves({ db, storage });
  const detail = (principal: Principal, id: number, now = new Date()) => repairDetail(deps, principal, id, now);

  return {
    detail,

    /** POST /repairs: the service order opened at the counter, with its photos; RECEIVED, its history and audit. */
    async create(principal: Principal, input: RepairCreateBody, now = new Date(), key?: string) {
      return detail(principal, await openRepair(deps, principal, input, now, key), now);
    },

    /** PATCH /repairs/{id}: corrections while the device is with us; refused once it left. */
    async update(principal: Principal, id: number, input: RepairUpdateBody, now = new Date()) {
      await updateRepair(db, principal, id, input, now);
      return detail(principal, id, now);
    },

    /**
     * A move of the table (POST /repairs/{id}/{action}): repair-moves.ts, on the state machines' engine; answers the
     * service order as it is after the move.
     */
    async move(principal: Principal, id: number, action: RepairAction, input: RepairMoveBody, now = new Date()) {
      await moveRepair(principal, id, action, input, now);
      return detail(principal, id, now);
    },

    list: (query: RepairListFilter, now = new Date()) => repairsPage(db, query, now),

    tasks: (principal: Principal, now = new Date()) => repairTasks(db, principal, now),

    csvBatches: (query: RepairListFilter, now = new Date()) => repairCsvBatches(db, query, now),

    /** GET /repairs/{id}/device-password: the password or pattern left, each reading audited. */
    devicePassword: (principal: Principal, id: number) => readDevicePassword(deps, principal, id),

    /** GET /repairs/{id}/receipt.pdf: the customer's receipt, with the QR code of the public status page. */
    async receipt(principal: Principal, id: number, now = new Date()): Promise<Buffer> {
      const repair = await detail(principal, id, now);
      return repairPdf(repair, await shopIdentity(db), now);
    },

    /** GET /repairs/status/{token}: the public page (`repair-status-page.ts`). */
    publicStatus: (token: string) => publicRepairStatus(db, token),

    /** GET /repairs/warranty/{imei}: the repair warranties of a device, one of our units or not. */
    warranties(imei: string, now = new Date()) {
      return repairWarranties(db, imei, now);
    },

    partOptions: (search: string) => repairPartOptions(db, search),

    report: (from: string, to: string) => repairsReport(db, from, to),

    customerOptions: (search: string) => repairCustomerOptions(db, search),

    settings: () => repairSettings(db),

    saveSettings: (principal: Principal, warrantyDays: number) => saveRepairSettings(db, principal, warrantyDays),
  };
}

export type RepairsService = ReturnType<typeof createRepairsService>;
