const MINUTE = 60_000;

/**
 * Runs `tick` at the start of every minute, the next one only once it has settled (a long run is never
 * overlapped). The timer is unref'd, so it never keeps a process (or a test run) alive; `stop` ends it and
 * waits for a tick under way. `tick` reports its own failures: a rejection is ignored here.
 */
export function everyMinute(
  tick: () => Promise<unknown>,
  now: () => Date = () => new Date(),
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = tick()
          .catch(() => undefined)
          .finally(schedule);
      },
      MINUTE - (now().getTime() % MINUTE),
    );
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
