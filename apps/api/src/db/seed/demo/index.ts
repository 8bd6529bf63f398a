import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../../lib/storage';
import type { DB } from '../../database';
import { seedFoundation } from '../foundation';

export interface SeedOptions {
  storage: Storage;
  log?: FastifyBaseLogger;
  /** Multiplies the business (issue 3's --scale). */
  scale?: number;
}

/**
 * The demo business. Today: the demo roles and employees; the data-model issue adds customers,
 * catalogue, orders and analytics from a fixed random seed.
 */
export async function seedDemo(db: DB, _options: SeedOptions): Promise<void> {
  await seedFoundation(db);
}
