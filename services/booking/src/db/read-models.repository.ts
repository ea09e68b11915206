import type { DepositPolicy } from '@spa/rules';
import type { Queryable } from '@spa/kit';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { categories, rooms, services, users, type RoomRow, type UserRow } from './schema.js';

export type ServiceState = typeof services.$inferInsert;
export type CategoryState = typeof categories.$inferInsert;
export type RoomState = typeof rooms.$inferInsert;
export type UserState = typeof users.$inferInsert;

/*
 * Each upsert keeps the newest copy: a replayed or late older event (same key, older source time)
 * leaves the row as it is. Deletions are flags, so appointments keep showing what they referred to.
 */

export async function upsertService(tx: Queryable, state: ServiceState): Promise<void> {
  const { id: _id, ...rest } = state;
  await tx
    .insert(services)
    .values(state)
    .onConflictDoUpdate({
      target: services.id,
      set: { ...rest, deleted: false },
      setWhere: sql`${services.sourceUpdatedAt} <= excluded.source_updated_at`,
    });
}

export async function markServiceDeleted(tx: Queryable, id: string): Promise<void> {
  await tx.update(services).set({ deleted: true, isActive: false }).where(eq(services.id, id));
}

export async function upsertCategory(tx: Queryable, state: CategoryState): Promise<void> {
  const { id: _id, ...rest } = state;
  await tx
    .insert(categories)
    .values(state)
    .onConflictDoUpdate({
      target: categories.id,
      set: { ...rest, deleted: false },
      setWhere: sql`${categories.sourceUpdatedAt} <= excluded.source_updated_at`,
    });
}

export async function markCategoryDeleted(tx: Queryable, id: string): Promise<void> {
  await tx.update(categories).set({ deleted: true, isActive: false }).where(eq(categories.id, id));
}

export async function upsertRoom(tx: Queryable, state: RoomState): Promise<void> {
  const { id: _id, ...rest } = state;
  await tx
    .insert(rooms)
    .values(state)
    .onConflictDoUpdate({
      target: rooms.id,
      set: { ...rest, deleted: false },
      setWhere: sql`${rooms.sourceUpdatedAt} <= excluded.source_updated_at`,
    });
}

export async function markRoomDeleted(tx: Queryable, id: string): Promise<void> {
  await tx.update(rooms).set({ deleted: true }).where(eq(rooms.id, id));
}

export async function upsertUser(tx: Queryable, state: UserState): Promise<void> {
  const { id: _id, ...rest } = state;
  await tx
    .insert(users)
    .values(state)
    .onConflictDoUpdate({
      target: users.id,
      set: { ...rest, deleted: false },
      setWhere: sql`${users.updatedAt} <= excluded.updated_at`,
    });
}

export async function markUserDeleted(tx: Queryable, id: string): Promise<void> {
  await tx.update(users).set({ deleted: true }).where(eq(users.id, id));
}

export interface BookableService {
  id: string;
  name: string;
  description: string;
  categoryId: string;
  categoryName: string;
  isActive: boolean;
  cleanupMinutes: number;
  pricing: ServiceState['pricing'];
  /** The employee role that performs it: the category's current one, else what the service carried. */
  assignedEmployeeRole: string;
  depositPolicy: DepositPolicy;
  /** The GST classification its appointments' events carry (catalogue's SAC code and rate). */
  sacCode?: string;
  gstBp?: number;
}

export async function findBookableService(db: Queryable, id: string): Promise<BookableService | undefined> {
  const [row] = await db
    .select({ service: services, category: categories })
    .from(services)
    .leftJoin(categories, and(eq(categories.id, services.categoryId), eq(categories.deleted, false)))
    .where(and(eq(services.id, id), eq(services.deleted, false)));
  if (!row) return undefined;
  const { service, category } = row;
  return {
    id: service.id,
    name: service.name,
    description: service.description,
    categoryId: service.categoryId,
    categoryName: category?.name ?? service.categoryName,
    isActive: service.isActive && (category?.isActive ?? true),
    cleanupMinutes: service.cleanupMinutes,
    pricing: service.pricing,
    assignedEmployeeRole: category?.assignedEmployeeRole ?? service.assignedEmployeeRole,
    depositPolicy: service.depositPolicy,
    sacCode: service.sacCode,
    gstBp: service.gstBp,
  };
}

/** The GST classification of a treatment (deleted ones too: a visit keeps its treatment). */
export async function serviceTaxOf(
  db: Queryable,
  id: string,
): Promise<{ sacCode: string; gstBp: number } | undefined> {
  const [row] = await db
    .select({ sacCode: services.sacCode, gstBp: services.gstBp })
    .from(services)
    .where(eq(services.id, id));
  return row;
}

export async function findUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.deleted, false)));
  return row;
}

/** The users (not deleted) of these ids, by id, in one read: a batch of bookings' customers. */
export async function findUsers(db: Queryable, ids: readonly string[]): Promise<Map<string, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.deleted, false)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The employees (not deleted), by name; at most `limit` of them when it is given. */
export async function employeesByName(db: Queryable, limit?: number): Promise<UserRow[]> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.role, 'employee'), eq(users.deleted, false)))
    .orderBy(asc(users.name));
  return limit === undefined ? query : query.limit(limit);
}

/** A room by id, deleted or not (the caller tells a deleted one apart). */
export async function findRoomIncludingDeleted(db: Queryable, id: string): Promise<RoomRow | undefined> {
  const [room] = await db.select().from(rooms).where(eq(rooms.id, id));
  return room;
}

/**
 * Customers (role user, not deleted) whose name or email holds `text`, or whose phone holds its digits
 * (three or more: "98765" finds +91 98765 43210), by name: the desk's search for a walk-in or a call.
 */
export async function searchCustomers(db: Queryable, text: string, limit: number): Promise<UserRow[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const digits = text.replace(/\D/g, '');
  const matches = [sql`${users.name} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`];
  if (digits.length >= 3)
    matches.push(sql`regexp_replace(${users.phone}, '\\D', '', 'g') like ${`%${digits}%`}`);
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'user'), eq(users.deleted, false), sql`(${sql.join(matches, sql` or `)})`))
    .orderBy(asc(users.name))
    .limit(limit);
}
