/** After a failed attempt the next one waits this long by default, doubling up to the maximum. */
const FIRST_DELAY_MS = 5_000;
const MAX_DELAY_MS = 60_000;

export interface RetryUntilDoneOptions {
  /** One attempt: done when it resolves, tried again later when it rejects. */
  attempt: () => Promise<unknown>;
  /** Hears every failed attempt (to log it); the loop goes on regardless. */
  onFailure: (error: unknown) => void;
  /** The wait before the second attempt (5 s by default); each later wait doubles it… */
  firstDelayMs?: number;
  /** …up to this (60 s by default). */
  maxDelayMs?: number;
}

/** A task tried at start until it has succeeded once. */
export interface UntilDone {
  /** Whether an attempt has succeeded. */
  done: () => boolean;
  /** Stops retrying (on shutdown); an attempt under way finishes, and none follows it. */
  stop: () => void;
}

/**
 * A task a service must get done once before it may do some things (e.g. billing's recovery of its
 * bills before it hands out invoice numbers, booking's of its appointments before it takes slots), but
 * without which it still serves the rest: attempts it now and resolves when that first attempt has
 * settled; when it failed, keeps attempting in the background (5 s later, then doubling to a minute
 * apart, on timers that never keep the process alive) until one succeeds or `stop()` is called.
 * `done()` tells the callers which way to go meanwhile.
 */
export async function retryUntilDone(options: RetryUntilDoneOptions): Promise<UntilDone> {
  const maxDelayMs = options.maxDelayMs ?? MAX_DELAY_MS;
  let done = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async (): Promise<boolean> => {
    try {
      await options.attempt();
      done = true;
    } catch (error) {
      options.onFailure(error);
    }
    return done;
  };
  const retry = (delayMs: number) => {
    timer = setTimeout(() => {
      void attempt().then((succeeded) => {
        if (!succeeded && !stopped) retry(Math.min(delayMs * 2, maxDelayMs));
      });
    }, delayMs);
    timer.unref();
  };
  if (!(await attempt()) && !stopped) retry(Math.min(options.firstDelayMs ?? FIRST_DELAY_MS, maxDelayMs));
  return {
    done: () => done,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
