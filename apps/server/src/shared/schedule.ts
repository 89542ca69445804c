import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `intervalMs` while the app is up: started when the app is ready, stopped when
 * it closes, never two runs of the same task at once in this instance, the timer unref'd so it
 * never holds the process. Tasks must be safe to run in several instances (row locks, idempotent
 * updates): every instance runs them.
 */
export function scheduleEvery(
  app: FastifyInstance,
  options: { name: string; intervalMs: number; task: () => Promise<unknown> },
): void {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      options
        .task()
        .catch((error: unknown) => app.log.warn({ err: error, job: options.name }, 'scheduled job failed'))
        .finally(() => {
          running = false;
        });
    }, options.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
