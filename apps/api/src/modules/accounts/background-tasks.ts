import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has been sent (the recovery lookup, code and e-mail), so the time of an
 * answer tells nothing about what the work found. Each task logs its own failure; `drain()` waits for the
 * queued ones (the app awaits it on close, so nothing runs against a closed database).
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, work: () => Promise<unknown>): void {
      const task = new Promise<void>((resolve) => setImmediate(resolve)).then(work).then(
        () => undefined,
        (error: unknown) => log.error({ task: name, reason: (error as Error)?.message }, 'background task failed'),
      );
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
