/**
 * Waits for `work` at most `limitMs`: 'done' when it finished in time, 'late' when it did not (it goes
 * on in the background; a rejection after that is dropped). A rejection in time is thrown.
 */
export async function finishWithin(work: () => Promise<unknown>, limitMs: number): Promise<'done' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), limitMs);
  });
  const running = work();
  running.catch(() => undefined);
  try {
    return await Promise.race([running.then(() => 'done' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
