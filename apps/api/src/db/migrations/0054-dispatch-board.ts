import type { Migration } from 'kysely/migration';
import { runStatements } from './run-statements';

/**
 * The dispatch board at a shop's size (issue 36): the orders waiting for a courier (Aguardando motoboy 3,
 * Entrega imediata 15; `WAITING` of dispatch.repository.ts) by since when they wait, with what the board
 * counts and orders them by. Its summary (one grouped statement) and a departure's page of ids read this
 * small index alone (an index-only scan of some 1,250 entries at scale 100) instead of one table page per
 * waiting order.
 */
export const dispatchBoard: Migration = {
  async up(db) {
    await runStatements(db, [
      `create index orders_waiting_board on orders (status, status_since, id)
        include (neighborhood, payment_method, total_cents) where status in (3, 15)`,
    ]);
  },
  async down(db) {
    await runStatements(db, ['drop index orders_waiting_board']);
  },
};
