import type { BankLineConfirm, BankLinePayable, BankLineReceivable } from '@backoffice/contract';
import type { DB } from '../../db/database';
import type { ReceivingActor } from '../credit/receivables.service';
import { activeShopAccounts } from '../settings/settings.service';
import { confirmAllProposals } from './confirm-all';
import { importPspPix, type PspAccess } from './import-psp';
import { importStatement } from './import-statement';
import { receivableFromLine } from './receivable-line';
import { reconciliation } from './reconciliation';
import { confirmLine, ignoreLine, payableFromLine } from './resolve-line';

/**
 * The bank statement and its reconciliation (issue 58 §3, decision 0097). Each use case lives in a file of its own:
 * the OFX read off the request thread (`ofx-reader.ts` in a worker, `ofx-worker.ts`) and turned into lines
 * (`ofx-statement.ts`), the import (`import-statement.ts`), the month's lines with their proposed matches and the
 * balances (`reconciliation.ts`), a line confirmed, ignored or made a bill (`resolve-line.ts`), a receipt of an instalment (`receivable-line.ts`), a
 * confirmed line whose entry was undone open again (`reopen-line.ts`, decision 0098), every proposal of a month confirmed at once
 * (`confirm-all.ts`). It writes only its
 * own tables; the entries it matches are read, a bill made from a line is written by the payables module.
 */
export function createBankStatementsService(
  db: DB,
  psp: PspAccess = { serverSecret: '', ca: [] },
  /** After 'Criar recebimento' commits: the credit module's cobv of the instalment follows the receipt. */
  afterReceipt: (receivableId: number) => Promise<void> = async () => {},
) {
  return {
    /** 'Importar Pix do PSP' (`import-psp.ts`, decision 0099). */
    importPsp: (actorId: number, accountId: number, month: string) => importPspPix(db, psp, actorId, accountId, month),
    /** The shop's active accounts a statement may be of. */
    accounts: () => activeShopAccounts(db),
    importStatement: (actorId: number, accountId: number, file: { name: string; content: Buffer }) =>
      importStatement(db, actorId, accountId, file),
    reconciliation: (accountId: number, month: string) => reconciliation(db, accountId, month),
    confirm: (actorId: number, lineId: number, body: BankLineConfirm) => confirmLine(db, actorId, lineId, body),
    confirmAll: (actorId: number, accountId: number, month: string) =>
      confirmAllProposals(db, actorId, accountId, month),
    ignore: (actorId: number, lineId: number, reason: string) => ignoreLine(db, actorId, lineId, reason),
    payable: (actorId: number, lineId: number, body: BankLinePayable) => payableFromLine(db, actorId, lineId, body),
    async receivable(actor: ReceivingActor, lineId: number, body: BankLineReceivable) {
      const match = await receivableFromLine(db, actor, lineId, body);
      await afterReceipt(body.receivableId);
      return match;
    },
  };
}
