import { and, eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledStatement, connectDatabase } from '../src/index.js';
import { createTestDatabase } from '../src/testing/index.js';

const notes = pgTable('notes', { id: integer('id').primaryKey(), body: text('body').notNull() });

// A statement built once and run again with other values, on the pool and inside transactions.
let database: ReturnType<typeof connectDatabase>;
beforeAll(async () => {
  database = connectDatabase((await createTestDatabase('kit_compiled')).url, { max: 2 });
  await database.db.execute(sql`create table notes (id int primary key, body text not null)`);
});
afterAll(async () => database?.close());

const addNote = compiledStatement<{ id: number; body: string }[], { id: number; body: string }>((db) =>
  db
    .insert(notes)
    .values({ id: sql.placeholder('id'), body: sql.placeholder('body') })
    .returning(),
);
const noteBody = compiledStatement<{ body: string }[], { id: number }>((db) =>
  db
    .select({ body: notes.body })
    .from(notes)
    .where(eq(notes.id, sql.placeholder('id'))),
);
const renameNote = compiledStatement<{ id: number }[], { id: number; from: string; to: string }>((db) =>
  db
    .update(notes)
    .set({ body: sql`${sql.placeholder('to')}` })
    .where(and(eq(notes.id, sql.placeholder('id')), eq(notes.body, sql.placeholder('from'))))
    .returning({ id: notes.id }),
);

describe('compiledStatement', () => {
  it('runs with each call’s values, not the first call’s', async () => {
    expect(await addNote(database.db, { id: 1, body: 'first' })).toEqual([{ id: 1, body: 'first' }]);
    expect(await addNote(database.db, { id: 2, body: 'second' })).toEqual([{ id: 2, body: 'second' }]);
    expect(await noteBody(database.db, { id: 2 })).toEqual([{ body: 'second' }]);
    expect(await noteBody(database.db, { id: 1 })).toEqual([{ body: 'first' }]);
    expect(await renameNote(database.db, { id: 1, from: 'nope', to: 'x' })).toEqual([]);
    expect(await renameNote(database.db, { id: 1, from: 'first', to: 'renamed' })).toEqual([{ id: 1 }]);
    expect(await noteBody(database.db, { id: 1 })).toEqual([{ body: 'renamed' }]);
  });

  it('inside a transaction runs on its connection: sees its work, and is undone with it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await addNote(tx, { id: 10, body: 'in the transaction' });
        // Only this connection sees the row before the commit; the pool's other one does not.
        expect(await noteBody(tx, { id: 10 })).toEqual([{ body: 'in the transaction' }]);
        expect(await noteBody(database.db, { id: 10 })).toEqual([]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await noteBody(database.db, { id: 10 })).toEqual([]);

    await database.db.transaction(async (tx) => {
      await addNote(tx, { id: 11, body: 'kept' });
    });
    expect(await noteBody(database.db, { id: 11 })).toEqual([{ body: 'kept' }]);
  });
});
