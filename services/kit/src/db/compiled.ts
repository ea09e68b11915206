import type { Queryable } from './database.js';

/** What a drizzle query's `prepare()` answers: its statement, run with values for its placeholders. */
interface PreparedQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/**
 * A statement drizzle builds once and then runs with new values, on the database or inside any
 * transaction. Building is the cost it saves: drizzle turns a builder into SQL text on every call,
 * 80–150 µs for one of checkout's statements here, about a fifth of commerce's CPU per order.
 * Postgres already keeps the text prepared per connection (connectDatabase).
 *
 * `build` gets no values, only a handle to build on: whatever changes from one run to the next must
 * be a `sql.placeholder(name)`, given by name in `values`. The run goes to the client of the handle
 * it is given (the pool, or the transaction's connection), so a compiled statement inside a
 * transaction sees and is undone with that transaction's work.
 */
export function compiledStatement<R, V extends Record<string, unknown>>(
  build: (db: Queryable) => { prepare(name: string): PreparedQuery<R> },
): (db: Queryable, values: V) => Promise<R> {
  let prepared: PreparedQuery<R> | undefined;
  return (db, values) => {
    // No name: the connection names the statement by its text, as it names every other one.
    prepared ??= build(db).prepare(undefined as unknown as string);
    // drizzle's prepared query runs on `this.client`, the one of the session it was built with; this
    // run's is the handle's. (A test pins this to the drizzle version in use: compiled-statements.)
    const onThisClient = Object.create(prepared, { client: { value: clientOf(db) } }) as PreparedQuery<R>;
    return onThisClient.execute(values);
  };
}

const clientOf = (db: Queryable): unknown =>
  (db as unknown as { session: { client: unknown } }).session.client;
