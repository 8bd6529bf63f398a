import { z } from 'zod';

/**
 * The scheduled work (issue 43 §1, decision 0061), run by the processes of role `all` or `worker`: the daily backup,
 * the automatic notes of the orders handed over (every minute), the notes waiting for the SEFAZ (every five minutes),
 * the NFS-e of the repairs delivered (every five minutes), the margin reports' summary of the days sales touched (every
 * minute) and, on the embedded database, its nightly maintenance. 'Configurações' › 'Tarefas do sistema' shows each one.
 */
export const SYSTEM_TASKS = [
  'backup',
  'notes-emit',
  'notes-send',
  'nfse-emit',
  'report-summaries',
  'database-maintenance',
] as const;
export type SystemTask = (typeof SYSTEM_TASKS)[number];

/**
 * Every task is looked at once a minute (the waiting notes every five) by the process that runs the scheduled work: one
 * not looked at for this long has no such process (a `web` process alone, a worker stopped).
 */
export const SYSTEM_TASK_STALE_MS = 10 * 60_000;

/**
 * Work started on another machine and not ended after this long is taken as interrupted (on this machine, its process
 * is asked for directly): a manual backup, the only such work, takes minutes.
 */
export const SYSTEM_TASK_START_MAX_MS = 6 * 60 * 60_000;

export const SYSTEM_TASK_OUTCOMES = ['ok', 'failed'] as const;

export const systemTaskSchema = z.object({
  task: z.enum(SYSTEM_TASKS),
  /** When a process last looked whether the task was due; null: never. */
  lastCheckedAt: z.iso.datetime().nullable(),
  /** That process: its host, process id and role (`loja-01 #4120 worker`). */
  checkedBy: z.string().nullable(),
  /** True when no process has looked at it for SYSTEM_TASK_STALE_MS, or never did. */
  stale: z.boolean(),
  /**
   * When it will next do something, as the process that runs it planned at its last look: the backup's next time of
   * the day, the maintenance's next night, the next look of a task that looks every minute or five. Null when stale.
   */
  nextRunAt: z.iso.datetime().nullable(),
  /** The last time it did something (a backup made, notes sent…), and what, in words (`3 notas emitidas`). */
  lastRunAt: z.iso.datetime().nullable(),
  lastSummary: z.string().nullable(),
  /** How its latest run or failure went: `failed` until a run succeeds again. */
  lastOutcome: z.enum(SYSTEM_TASK_OUTCOMES).nullable(),
  /** Why the last failure failed, and when. */
  lastError: z.string().nullable(),
  lastFailedAt: z.iso.datetime().nullable(),
  runs: z.number().int().nonnegative(),
  failures: z.number().int().nonnegative(),
  /**
   * Work of the task started outside the schedule (a manual backup) and not ended: when and by which process; null
   * when none. Under way while that process runs; `interrupted` when it is gone (killed, restarted) before the end.
   */
  startedAt: z.iso.datetime().nullable(),
  startedBy: z.string().nullable(),
  interrupted: z.boolean(),
});
export type SystemTaskStatus = z.infer<typeof systemTaskSchema>;

export const systemTasksSchema = z.object({ tasks: z.array(systemTaskSchema) });
export const systemTasksEnvelopeSchema = z.object({ data: systemTasksSchema });
export type SystemTasks = z.infer<typeof systemTasksSchema>;
