import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

// connectDatabase's connections run parameterised queries as named prepared statements (parsed and
// planned once per connection). One connection here, so the statements it kept can be read.
let database: ReturnType<typeof connectDatabase>;
beforeAll(async () => {
  database = connectDatabase((await createTestDatabase('kit_prepared')).url, { max: 1 });
  await database.db.execute(sql`create table notes (id int primary key, body text not null)`);
});
afterAll(async () => database?.close());

async function preparedStatements(): Promise<string[]> {
  const { rows } = await database.pool.query<{ statement: string }>(
    'select statement from pg_prepared_statements order by statement',
  );
  return rows.map((row) => row.statement);
}

describe('prepared statements', () => {
  it('keeps a parameterised query prepared and answers it as before; plain statements stay unprepared', async () => {
    await database.db.execute(sql`insert into notes values (${1}, ${'first'}), (${2}, ${'second'})`);
    for (const id of [1, 2, 1]) {
      const { rows } = await database.db.execute(sql`select body from notes where id = ${id}`);
      expect(rows).toEqual([{ body: id === 1 ? 'first' : 'second' }]);
    }
    // The string form with values too (the relay's poll, tests' pool.query).
    const { rows } = await database.pool.query(
      'select count(*)::int as notes from notes where id >= $1',
      [1],
    );
    expect(rows).toEqual([{ notes: 2 }]);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update notes set body = ${'changed'} where id = ${2}`);
    });

    const prepared = await preparedStatements();
    expect(prepared).toEqual(
      expect.arrayContaining([
        'insert into notes values ($1, $2), ($3, $4)',
        'select body from notes where id = $1',
        'select count(*)::int as notes from notes where id >= $1',
        'update notes set body = $1 where id = $2',
      ]),
    );
    // Once each, whatever the number of calls; BEGIN, COMMIT and DDL never.
    expect(prepared.filter((text) => text === 'select body from notes where id = $1')).toHaveLength(1);
    expect(prepared.some((text) => /^(begin|commit|create)/i.test(text))).toBe(false);
  });

  it('a statement that fails to parse is not kept, and the connection goes on working', async () => {
    await expect(database.db.execute(sql`select body from missing_table where id = ${1}`)).rejects.toThrow();
    const { rows } = await database.db.execute(sql`select body from notes where id = ${1}`);
    expect(rows).toEqual([{ body: 'first' }]);
    expect((await preparedStatements()).some((text) => text.includes('missing_table'))).toBe(false);
    // Created after the failure, the table is found by the same text.
    await database.db.execute(sql`create table missing_table (id int, body text)`);
    expect((await database.db.execute(sql`select body from missing_table where id = ${1}`)).rows).toEqual([]);
  });
});
