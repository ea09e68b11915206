import type { Logger } from '@spa/kit';

/**
 * Work a request starts but does not wait for. The answer goes out before the task begins, so its
 * timing and content cannot depend on what the task finds (forgot-password: whether the email has an
 * account). Tasks run in this process; closing the app waits for the ones started. A crash in between
 * loses the task, as a lost email would: the person asks again.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  private gate: Promise<void> = Promise.resolve();
  private open: (() => void) | undefined;

  constructor(private readonly logger: Logger) {}

  run(name: string, task: () => Promise<void>): void {
    const done = this.gate
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(task)
      .catch((error: unknown) => this.logger.error({ err: error, task: name }, 'background task failed'));
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  /** Holds new and waiting tasks until resume() (tests use it to look at the state a request leaves). */
  pause(): void {
    if (this.open) return;
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  resume(): void {
    this.open?.();
    this.open = undefined;
    this.gate = Promise.resolve();
  }

  get pending(): number {
    return this.running.size;
  }

  /** Waits for every task started so far (and those they start). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
