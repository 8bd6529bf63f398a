import { SELLING_TEXTS } from '@backoffice/contract';
import { conflict, notFound } from '../../lib/errors';
import type { CartLineRow } from './selling.repository';

/**
 * A sale's lines as read under their locks, checked before they are priced (the checkout's, the counter's): every
 * product asked for still exists (404) and none is archived (409 naming each, `details.productIds`).
 */
export function assertLinesSellable(lines: CartLineRow[], asked: number): CartLineRow[] {
  if (lines.length !== asked) throw notFound(SELLING_TEXTS.productNotFound);
  const archived = lines.filter((line) => line.archived);
  if (archived.length > 0) {
    throw conflict(archived.map((line) => SELLING_TEXTS.productArchived(line.name)).join(' '), 'CONFLICT', {
      productIds: archived.map((line) => line.product_id),
    });
  }
  return lines;
}
