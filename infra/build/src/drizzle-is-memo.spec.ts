// The patched is() of the services' bundles (infra/build/drizzle-is-memo.mjs) against drizzle's own,
// both loaded from the installed drizzle-orm/entity.js: the same answer for every pair of value and
// kind a query is built from, asked once (the walk) and again (the remembered answer).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Column, Name, Param, Placeholder, SQL, StringChunk, Subquery, Table, View, sql } from 'drizzle-orm';
import { PgColumn, PgTable, QueryBuilder, integer, pgTable, pgView, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript without type declarations
import { rememberIsAnswers } from '../drizzle-is-memo.mjs';

type Is = (value: unknown, type: unknown) => boolean;

const installed = path.resolve(import.meta.dirname, '../../../node_modules/drizzle-orm/entity.js');

async function loadBoth(): Promise<{ original: Is; remembering: Is }> {
  // Without its source-map comment: the map is not copied beside it.
  const source = readFileSync(installed, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, '');
  const dir = mkdtempSync(path.join(tmpdir(), 'drizzle-is-'));
  writeFileSync(path.join(dir, 'original.mjs'), source);
  writeFileSync(path.join(dir, 'remembering.mjs'), rememberIsAnswers(source) as string);
  const load = async (name: string) =>
    ((await import(pathToFileURL(path.join(dir, name)).href)) as { is: Is }).is;
  return { original: await load('original.mjs'), remembering: await load('remembering.mjs') };
}

describe("the services' bundles' drizzle is()", () => {
  it('answers as drizzle does for every piece of a query, the first time and again', async () => {
    const { original, remembering } = await loadBoth();
    const items = pgTable('items', { id: uuid('id').primaryKey(), quantity: integer('quantity') });
    const builder = new QueryBuilder();
    // What another copy of drizzle's Column looks like: not an instance of this one's, the same kind.
    class ForeignColumn {
      static [Symbol.for('drizzle:entityKind')] = 'Column';
    }
    const values: unknown[] = [
      items,
      items.id,
      items.quantity,
      sql`select 1`,
      sql`x`.as('y'),
      sql.raw('raw'),
      sql.placeholder('p'),
      sql.identifier('name'),
      new Param(1),
      new StringChunk('chunk'),
      new Name('name'),
      builder.select().from(items).as('sq'),
      builder.select().from(items),
      pgView('items_view').as((qb) => qb.select().from(items)),
      {},
      [],
      new ForeignColumn(),
      new Date(),
      Object.create({ constructor: undefined }),
      'text',
      7,
      null,
      undefined,
    ];
    const kinds = [SQL, SQL.Aliased, Param, Placeholder, Name, StringChunk, Subquery, View, Table, Column];
    const pgKinds = [PgColumn, PgTable];
    let compared = 0;
    for (const value of values)
      for (const kind of [...kinds, ...pgKinds]) {
        const expected = original(value, kind);
        expect(remembering(value, kind), `${String(value)} as ${kind.name}`).toBe(expected);
        expect(remembering(value, kind), `${String(value)} as ${kind.name}, again`).toBe(expected);
        compared++;
      }
    expect(compared).toBe(values.length * 12);
    // The corpus holds both answers, and a match only the class-chain walk makes.
    expect(original(items.id, Column)).toBe(true);
    expect(original(items.id, SQL)).toBe(false);
    expect(original(new ForeignColumn(), Column)).toBe(true);
  });

  it('refuses an entity.js it was not written for, so the build stops', () => {
    expect(() =>
      rememberIsAnswers('export function is(value, type) { return value instanceof type; }'),
    ).toThrow(/not the version/);
  });
});
