import { BANK_STATEMENT_TEXTS } from '@backoffice/contract';
import type { Executor } from '../../db/executor';
import { notFound } from '../../lib/errors';
import { activeShopAccount, type ShopAccount } from '../settings/settings.service';

/** One of the shop's active accounts (the settings module's 'Configurações bancárias'); 404 otherwise. */
export async function shopAccountOf(db: Executor, accountId: number): Promise<ShopAccount> {
  const account = await activeShopAccount(db, accountId);
  if (!account) throw notFound(BANK_STATEMENT_TEXTS.accountNotFound);
  return account;
}
