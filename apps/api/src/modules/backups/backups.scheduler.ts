import type { AppDeps } from '../../app-deps';
import type { BackupsService } from './backups.service';

/**
 * The daily backup as a scheduled task ('backup', decision 0063): every minute a process that runs the scheduled work
 * looks whether the day's backup is due (`runScheduled`: the time set in 'Configurações', once per day of the business,
 * once across the servers sharing one PostgreSQL) and makes it; 'Tarefas do sistema' names the file made and the next
 * backup's time. A round may take an hour (a large pg_dump) before the queue gives it to another worker.
 */
export function scheduleBackups(
  scheduler: Pick<AppDeps['scheduler'], 'every'>,
  service: Pick<BackupsService, 'runScheduled' | 'nextScheduled'>,
  now = () => new Date(),
): void {
  scheduler.every('backup', 1, async () => (await service.runScheduled(now()))?.name ?? null, {
    expireInSeconds: 60 * 60,
    nextRun: (at) => service.nextScheduled(at),
  });
}
