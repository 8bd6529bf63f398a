import type { BackupLog, BackupsService } from './backups.service';

const MINUTE = 60_000;

export interface BackupScheduler {
  /** Stops the timer and waits for a backup under way. */
  stop(): Promise<void>;
}

/**
 * The daily backup: a light in-process timer that looks once a minute whether the day's backup is due
 * (`runScheduled`: the time set in 'Configurações', once per São Paulo day, once across the servers sharing
 * one PostgreSQL). The timer is unref'd, so it never keeps a process (or a test run) alive, and ends with
 * the app (`stop` in its onClose).
 */
export function startBackupScheduler(service: BackupsService, log: BackupLog, now = () => new Date()): BackupScheduler {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let tick: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    // At the start of the next minute (the first check a moment after start).
    const wait = MINUTE - (now().getTime() % MINUTE);
    timer = setTimeout(() => {
      tick = service
        .runScheduled(now())
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, 'scheduled backup failed'),
        )
        .finally(schedule);
    }, wait);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await tick;
      await service.idle();
    },
  };
}
