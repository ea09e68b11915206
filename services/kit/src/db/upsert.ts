import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

type ColumnKey<T extends PgTable> = Extract<keyof T['_']['columns'], string>;

/**
 * The `set` of an upsert that writes the row being inserted over the one there (`excluded.<column>`
 * for every column), but for the columns it must `keep` (left as they are) and those it `merges`
 * another way (a `coalesce` with the row there, say). The restores that write a snapshot back listed
 * every column by hand; now what they leave alone is named, and a column added to the table later is
 * written too (their snapshots are typed as whole rows, so the compiler asks for its value).
 */
export function setFromExcluded<T extends PgTable>(
  table: T,
  options: { keep?: readonly ColumnKey<T>[]; merge?: Partial<Record<ColumnKey<T>, SQL>> } = {},
): Record<string, SQL> {
  const keep = new Set<string>(options.keep ?? []);
  const merge: Partial<Record<string, SQL>> = options.merge ?? {};
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (keep.has(key)) continue;
    set[key] = merge[key] ?? sql`excluded.${sql.identifier(column.name)}`;
  }
  return set;
}
