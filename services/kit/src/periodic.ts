import type { Logger } from './logger.js';

export interface PeriodicTaskOptions {
  /** The interval in milliseconds, overriding `everySeconds` (a test's sweep every 250 ms). */
  everyMs?: number;
  /** When the first run comes; by default after the interval, at most a minute. */
  firstAfterMs?: number;
  /** How a failed run is logged; by default an error. */
  failureLevel?: 'error' | 'warn';
}

/** Stops the timers; the promise settles once a run under way has finished. */
export type StopPeriodicTask = () => Promise<void>;

/**
 * Runs `task` every `everySeconds` (the first time after at most a minute, so a fresh process is not
 * slowed at start), on timers that never keep the process alive. A run still going when the next is
 * due is not doubled: that tick is skipped. A failure is logged and the task runs again next time.
 * 0 or less: never. Answers the stopper, which waits for a run under way.
 */
export function startPeriodicTask(
  task: () => Promise<unknown>,
  everySeconds: number,
  logger: Pick<Logger, 'error'> & Partial<Pick<Logger, 'warn'>>,
  what: string,
  options: PeriodicTaskOptions = {},
): StopPeriodicTask {
  const everyMs = options.everyMs ?? everySeconds * 1000;
  if (everyMs <= 0) return async () => {};
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = task()
      .then(() => undefined)
      .catch((error: unknown) => {
        const log = options.failureLevel === 'warn' && logger.warn ? logger.warn : logger.error;
        log.call(logger, { err: error }, `${what} failed; it runs again next interval`);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const firstAfterMs = options.firstAfterMs ?? Math.min(everyMs, 60_000);
  // The interval's own first tick is at everyMs: an earlier first run needs a timer of its own.
  const first = firstAfterMs < everyMs ? setTimeout(run, firstAfterMs) : undefined;
  const timer = setInterval(run, everyMs);
  first?.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
