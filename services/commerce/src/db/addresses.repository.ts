import { randomUUID } from 'node:crypto';
import type { Queryable } from '@spa/kit';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AddressFields } from '../domain/address.js';
import { addresses } from './schema.js';

export type Address = typeof addresses.$inferSelect;

export async function listAddresses(db: Queryable, userId: string): Promise<Address[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

/** The address when it is this user's; another user's address is as good as missing. */
export async function findOwnAddress(
  db: Queryable,
  userId: string,
  id: string,
): Promise<Address | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

export async function countAddresses(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.value ?? 0;
}

export async function insertAddress(db: Queryable, userId: string, fields: AddressFields): Promise<Address> {
  const [row] = await db
    .insert(addresses)
    .values({ id: randomUUID(), userId, ...fields })
    .returning();
  return row!;
}

export async function updateAddress(
  db: Queryable,
  userId: string,
  id: string,
  fields: AddressFields,
): Promise<Address | undefined> {
  const [row] = await db
    .update(addresses)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

export async function deleteAddress(db: Queryable, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return deleted.length > 0;
}
