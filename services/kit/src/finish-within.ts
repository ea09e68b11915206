/** What `valueWithin` answers: the work's value when it finished in time, else that it is late. */
export type WithinLimit<T> = { late: false; value: T } | { late: true };

/**
 * Waits for `work` at most `limitMs`: its value when it finished in time, `{ late: true }` when it did
 * not (it goes on in the background; a rejection after that is dropped). A rejection in time is thrown.
 * The timer keeps the process alive unless `holdProcess` is false (a probe or a scrape must not).
 */
export async function valueWithin<T>(
  work: () => Promise<T>,
  limitMs: number,
  { holdProcess = true }: { holdProcess?: boolean } = {},
): Promise<WithinLimit<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<WithinLimit<T>>((resolve) => {
    timer = setTimeout(() => resolve({ late: true }), limitMs);
    if (!holdProcess) timer.unref();
  });
  const running = work();
  running.catch(() => undefined);
  try {
    return await Promise.race([running.then((value) => ({ late: false as const, value })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** valueWithin without the value: 'done' when the work finished in time, 'late' when it did not. */
export async function finishWithin(work: () => Promise<unknown>, limitMs: number): Promise<'done' | 'late'> {
  return (await valueWithin(work, limitMs)).late ? 'late' : 'done';
}
