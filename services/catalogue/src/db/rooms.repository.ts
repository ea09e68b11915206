import type { Queryable } from '@spa/kit';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { roomColumns } from '../domain/room-form.js';
import type { ListPage } from './list-page.js';
import { isUuid } from './pg-errors.js';
import { rooms } from './schema.js';

export type RoomRow = typeof rooms.$inferSelect;
type RoomColumns = ReturnType<typeof roomColumns>;

/** One page of the rooms, and how many there are. */
export async function listRooms(db: Queryable, page: ListPage): Promise<{ items: RoomRow[]; total: number }> {
  // Numeric room numbers in numeric order (2 before 10), the rest after them by name.
  const [items, [counted]] = await Promise.all([
    db
      .select()
      .from(rooms)
      .orderBy(
        sql`case when ${rooms.roomNumber} ~ '^[0-9]{1,9}$' then ${rooms.roomNumber}::int end nulls last`,
        asc(rooms.roomNumber),
        asc(rooms.id),
      )
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.select({ total: count() }).from(rooms),
  ]);
  return { items, total: counted?.total ?? 0 };
}

export async function findRoom(db: Queryable, id: string): Promise<RoomRow | undefined> {
  const [row] = isUuid(id) ? await db.select().from(rooms).where(eq(rooms.id, id)) : [];
  return row;
}

/** The room, locked for a change (undefined when there is none). */
export async function lockRoom(tx: Queryable, id: string): Promise<RoomRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update');
  return row;
}

export async function insertRoom(tx: Queryable, columns: RoomColumns): Promise<RoomRow> {
  const [row] = await tx.insert(rooms).values(columns).returning();
  return row!;
}

export async function updateRoomRow(tx: Queryable, id: string, columns: RoomColumns): Promise<RoomRow> {
  const [row] = await tx
    .update(rooms)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(rooms.id, id))
    .returning();
  return row!;
}

/** Answers whether there was such a room. */
export async function deleteRoomRow(tx: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await tx.delete(rooms).where(eq(rooms.id, id)).returning({ id: rooms.id });
  return deleted.length > 0;
}
