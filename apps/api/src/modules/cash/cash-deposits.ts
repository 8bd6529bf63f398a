import { CASH_TEXTS } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { badRequest } from '../../lib/errors';
import { activeShopAccount, type ShopAccount } from '../settings/settings.service';

/**
 * The account a sangria is deposited in (decision 0099): one of the shop's active accounts ('Configurações
 * bancárias'), or none; 400 in Portuguese when the id names no active account.
 */
export async function depositAccountOf(
  db: Executor,
  accountId: number | null | undefined,
): Promise<ShopAccount | null> {
  if (accountId == null) return null;
  const account = await activeShopAccount(db, accountId);
  if (!account) throw badRequest(CASH_TEXTS.depositAccountNotFound);
  return account;
}
