import type { Logger } from './logger.js';

/**
 * Runs `task` every `everySeconds` (the first time after at most a minute, so a fresh process is not
 * slowed at start), on timers that never keep the process alive. A failure is logged and the task runs
 * again next time. 0 or less: never. Answers the stopper.
 */
export function startPeriodicTask(
  task: () => Promise<unknown>,
  everySeconds: number,
  logger: Pick<Logger, 'error'>,
  what: string,
): () => void {
  if (everySeconds <= 0) return () => {};
  const run = () =>
    task().catch((error: unknown) =>
      logger.error({ err: error }, `${what} failed; it runs again next interval`),
    );
  const first = setTimeout(run, Math.min(everySeconds, 60) * 1000);
  const timer = setInterval(run, everySeconds * 1000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
