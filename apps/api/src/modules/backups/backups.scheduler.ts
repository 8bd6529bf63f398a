import { everyMinute } from '../../lib/minute-timer';
import type { SystemTasksService } from '../system-tasks/system-tasks.service';
import type { BackupLog, BackupsService } from './backups.service';

export interface BackupScheduler {
  /** Stops the timer and waits for a backup under way. */
  stop(): Promise<void>;
}

/**
 * The daily backup: a light in-process timer that looks once a minute whether the day's backup is due
 * (`runScheduled`: the time set in 'Configurações', once per day of the business, once across the servers sharing
 * one PostgreSQL). The timer is unref'd, so it never keeps a process (or a test run) alive, and ends with
 * the app (`stop` in its onClose). Each look goes through 'Tarefas do sistema' (`tasks`: task 'backup').
 */
export function startBackupScheduler(
  service: BackupsService,
  log: BackupLog,
  tasks: Pick<SystemTasksService, 'run'>,
  now = () => new Date(),
): BackupScheduler {
  const timer = everyMinute(
    () =>
      tasks
        .run('backup', async () => (await service.runScheduled(now()))?.name ?? null)
        .catch((error: unknown) => log.error({ err: error }, 'scheduled backup failed')),
    now,
  );
  return {
    async stop() {
      await timer.stop();
      await service.idle();
    },
  };
}
