import { hostname } from 'node:os';
import type { SystemTask } from '@backoffice/contract';
import { PgBoss } from 'pg-boss';
import type { DB } from '../../db/database';
import { everyMinute } from '../../lib/minute-timer';
import { createSystemTasksService, type NextRun, type TaskRound } from './system-tasks.service';

/** How often a task runs: every minute, or every fifth minute of the clock. */
export type TaskCadence = 1 | 5;

export interface TaskOptions {
  /** The longest a round may run before it is given up and tried again (the queue's `expireInSeconds`). */
  expireInSeconds?: number;
  /**
   * When the task will next do something, for 'Tarefas do sistema' (the backup: its next time of the day); by default
   * its next look, the next slot of its cadence.
   */
  nextRun?: NextRun;
}

/** The next slot of a cadence after `now`: the next minute, or the next fifth minute of the clock. */
export function nextSlot(now: Date, minutes: TaskCadence): Date {
  const slot = minutes * 60_000;
  return new Date((Math.floor(now.getTime() / slot) + 1) * slot);
}

export interface Scheduler {
  /**
   * Registers `task`: `round` runs every `minutes`, once across the processes that run the scheduled work, each round
   * recorded in 'Tarefas do sistema'. Before `start`; a process that never starts runs nothing (`web`, the tests' apps).
   */
  every(task: SystemTask, minutes: TaskCadence, round: TaskRound, options?: TaskOptions): void;
  /** Starts the rounds of the tasks registered (the server, once its database is migrated). */
  start(): Promise<void>;
  /** Stops them, waiting for a round under way. */
  stop(): Promise<void>;
  /** `queue`: PostgreSQL's job queue (pg-boss); `timer`: this process's minute timer (the embedded database). */
  readonly kind: 'queue' | 'timer';
}

interface Registered {
  task: SystemTask;
  minutes: TaskCadence;
  round: TaskRound;
  expireInSeconds: number;
  nextRun: NextRun;
}

export interface SchedulerOptions {
  db: DB;
  /** PostgreSQL: the queue lives there; undefined: the embedded database, a timer of this process. */
  databaseUrl: string | undefined;
  role: string;
  log: { error(object: object, message: string): void; warn(object: object, message: string): void };
  /** The queue's schema (`pgboss` by default; a test's own beside its schema). */
  queueSchema?: string;
  /**
   * How often a worker asks for a job, and how often pg-boss's supervision looks for rounds over their time or without
   * heartbeats (60 s by default; tests shorten them).
   */
  pollingIntervalSeconds?: number;
  superviseIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  /** False: the tasks are worked but not put on their cron (a test sends their jobs itself). */
  cron?: boolean;
  now?: () => Date;
}

/** A queue's cron for a cadence, in UTC (a cadence of minutes needs no zone). */
const cronOf = (minutes: TaskCadence) => (minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`);

/**
 * The scheduled work of a process (issue 43 §1, decisions 0061 and 0063). On PostgreSQL each task is a pg-boss queue
 * with a cron schedule: one job per slot whichever processes run the work, taken by one worker, tried again when it
 * fails (once, 5 s later) or when the worker that took it stops sending heartbeats (killed mid-way). On the embedded
 * database (one process) a minute timer runs them in turn. Either way each round goes through 'Tarefas do sistema'.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const registered: Registered[] = [];
  const tasks = createSystemTasksService({ db: options.db, role: options.role, embedded: !options.databaseUrl });
  const now = options.now ?? (() => new Date());
  const run = (entry: Registered) => tasks.run(entry.task, entry.round, now, entry.nextRun);
  let stopping: (() => Promise<void>) | undefined;

  const every: Scheduler['every'] = (task, minutes, round, taskOptions = {}) => {
    if (stopping) throw new Error(`the scheduler has started: ${task} comes too late`);
    registered.push({
      task,
      minutes,
      round,
      expireInSeconds: taskOptions.expireInSeconds ?? 5 * 60,
      nextRun: taskOptions.nextRun ?? (async (at) => nextSlot(at, minutes)),
    });
  };

  if (!options.databaseUrl) {
    return {
      kind: 'timer',
      every,
      async start() {
        if (registered.length === 0 || stopping) return;
        const timer = everyMinute(async () => {
          const minute = Math.floor(now().getTime() / 60_000);
          for (const entry of registered) {
            if (minute % entry.minutes !== 0) continue;
            await run(entry).catch((error: unknown) =>
              options.log.error({ err: error, task: entry.task }, 'scheduled task failed'),
            );
          }
        }, now);
        stopping = () => timer.stop();
      },
      async stop() {
        await stopping?.();
      },
    };
  }

  const databaseUrl = options.databaseUrl;
  return {
    kind: 'queue',
    every,
    async start() {
      if (registered.length === 0 || stopping) return;
      const boss = new PgBoss({
        connectionString: databaseUrl,
        schema: options.queueSchema ?? 'pgboss',
        application_name: `backoffice-jobs ${hostname()} #${process.pid}`,
        max: 4,
        ...(options.superviseIntervalSeconds
          ? {
              superviseIntervalSeconds: options.superviseIntervalSeconds,
              monitorIntervalSeconds: options.superviseIntervalSeconds,
            }
          : {}),
        ...(options.cronMonitorIntervalSeconds
          ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds, cronWorkerIntervalSeconds: 1 }
          : {}),
      });
      boss.on('error', (error: unknown) => options.log.warn({ err: error }, 'job queue: error'));
      // A queue that never started (its database away) has nothing to stop: the app's close must not fail on it.
      stopping = () => boss.stop({ graceful: true, timeout: 30_000 }).catch(() => undefined);
      // The database was reachable a moment ago (migrated): a few tries ride out a blip.
      await boss.start({ attempts: 5 });
      for (const entry of registered) {
        await boss.createQueue(entry.task, {
          // One round of a task at a time: a backup never overlaps the next minute's look.
          policy: 'singleton',
          retryLimit: 1,
          retryDelay: 5,
          expireInSeconds: entry.expireInSeconds,
          // A worker killed mid-round stops its heartbeats: the round is tried again by another.
          heartbeatSeconds: 10,
          // A look waiting ten minutes is no use (a later one has come): dropped; kept a day once done.
          retentionSeconds: 10 * 60,
          deleteAfterSeconds: 24 * 60 * 60,
        });
        if (options.cron !== false) await boss.schedule(entry.task, cronOf(entry.minutes), null, { tz: 'UTC' });
        await boss.work(entry.task, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
          await run(entry);
        });
      }
    },
    async stop() {
      await stopping?.();
    },
  };
}
