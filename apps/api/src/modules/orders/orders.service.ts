import type { DB } from '../../db/database';
import type { FileLinks } from '../../lib/file-links';
import type { Storage } from '../../lib/storage';
import { orderDetails } from './order-details';
import { orderLists } from './order-lists';
import { orderMoves } from './order-moves';

export { hashBands } from './images';

/**
 * Orders: the status cards, paged lists, search (`order-lists.ts`), details, pictures, histories
 * (`order-details.ts`), and every move (`order-moves.ts`). Every read is scoped to what the caller may read
 * (`readerOf`, order-readers.ts): a courier reads only his orders, any other one is a 404 to him. Pictures are
 * answered as signed links (lib/file-links.ts).
 */
export function createOrdersService(db: DB, storage: Storage, links: FileLinks) {
  return {
    ...orderMoves(db, storage),
    ...orderLists(db),
    ...orderDetails(db, storage, links),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
