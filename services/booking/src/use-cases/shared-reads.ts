/**
 * Reads shared by the bookings of one batch (book-batch.ts): the same read (the treatment, a day's
 * special hours, a week of busy rooms for the suggestions) asked by several of its choices is asked of
 * the database once. The key names everything the read depends on.
 */
export type SharedReads = <T>(key: string, read: () => Promise<T>) => Promise<T>;

/** Every read asked of the database (a booking on its own). */
export const readEachTime: SharedReads = (_key, read) => read();

/** Reads shared for as long as this object lives (one batch): a failed read fails each that shares it. */
export function sharedReads(): SharedReads {
  const reads = new Map<string, Promise<unknown>>();
  return <T>(key: string, read: () => Promise<T>) => {
    let pending = reads.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = read();
      reads.set(key, pending);
    }
    return pending;
  };
}
