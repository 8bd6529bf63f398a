import type { AppConfig } from './config';
import type { DB } from './db/database';
import type { FileLinks } from './lib/file-links';
import type { Mailer } from './lib/mailer';
import type { Storage } from './lib/storage';
import type { OrderEventsHub } from './modules/events/events.service';
import type { Scheduler } from './modules/system-tasks/scheduler';

/** What every module is built from; `app.ts` makes them, modules receive them (never importing `app.ts`). */
export interface AppDeps {
  config: AppConfig;
  db: DB;
  mailer: Mailer;
  storage: Storage;
  /** Signed links to order pictures (keyed from JWT_SECRET). */
  fileLinks: FileLinks;
  /** The process's listener of the database's announcements (orders, sessions, bells, auth), started on first use. */
  events: OrderEventsHub;
  /**
   * The scheduled work (decision 0063): modules register their tasks while the app is built; the server starts them
   * once the database is migrated, in a process whose role runs them (`config.scheduledWork`).
   */
  scheduler: Scheduler;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
