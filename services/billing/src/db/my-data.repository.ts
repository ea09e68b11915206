import type { Queryable } from '@spa/kit';
import { and, asc, eq, sql } from 'drizzle-orm';
import { bills } from './schema.js';

/** `email` is lower-case: a bill issued to it, whatever the case it was typed in. */
const issuedTo = (email: string) => sql`lower(${bills.email}) = ${email}`;

/** The ids of the bills issued to this (lower-case) email, oldest first. */
export async function billIdsIssuedTo(db: Queryable, email: string): Promise<string[]> {
  const rows = await db
    .select({ id: bills.id })
    .from(bills)
    .where(issuedTo(email))
    .orderBy(asc(bills.createdAt));
  return rows.map((row) => row.id);
}

/** Whether the bill `id` was issued to this (lower-case) email. */
export async function isBillIssuedTo(db: Queryable, id: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.id, id), issuedTo(email)));
  return row !== undefined;
}
