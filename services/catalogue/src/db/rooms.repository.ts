import { conflict, notFound, type Queryable } from '@spa/kit';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { ListPage } from './list-page.js';
import { rupeesToPaise } from '../domain/money.js';
import { cleanRoomForm, type RoomFields, type RoomInput } from '../domain/room-form.js';
import { definedOnly } from '../domain/text.js';
import { publishRoomState } from '../events/catalogue-state.js';
import { catalogueEvents } from '../events/publishes.js';
import { isUniqueViolation, isUuid } from './pg-errors.js';
import { rooms } from './schema.js';
import type { Store } from './store.js';

export type RoomRow = typeof rooms.$inferSelect;

const NOT_FOUND = 'Room not found';

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

export async function getRoom(db: Queryable, id: string): Promise<RoomRow> {
  const [row] = isUuid(id) ? await db.select().from(rooms).where(eq(rooms.id, id)) : [];
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

function columnsOf(fields: RoomFields) {
  const { price, ...rest } = fields;
  return { ...rest, pricePaise: rupeesToPaise(price) };
}

function translate(error: unknown, roomNumber: string): never {
  if (isUniqueViolation(error)) throw conflict(`Room ${roomNumber} already exists`);
  throw error;
}

export async function createRoom({ db, publish }: Store, input: RoomInput): Promise<RoomRow> {
  const fields = cleanRoomForm(input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(rooms).values(columnsOf(fields)).returning();
      await publishRoomState(tx, publish, row!.id);
      return row!;
    });
  } catch (error) {
    return translate(error, fields.roomNumber);
  }
}

export async function updateRoom({ db, publish }: Store, id: string, input: RoomInput): Promise<RoomRow> {
  let roomNumber = '';
  try {
    return await db.transaction(async (tx) => {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const [existing] = await tx.select().from(rooms).where(eq(rooms.id, id)).for('update');
      if (!existing) throw notFound(NOT_FOUND);
      const fields = cleanRoomForm({ ...existing, ...definedOnly(input) });
      roomNumber = fields.roomNumber;
      const [row] = await tx
        .update(rooms)
        .set({ ...columnsOf(fields), updatedAt: new Date() })
        .where(eq(rooms.id, id))
        .returning();
      await publishRoomState(tx, publish, id);
      return row!;
    });
  } catch (error) {
    return translate(error, roomNumber);
  }
}

/** Deleted outright; booking drops it from its mirror on catalogue.room.deleted. */
export async function deleteRoom({ db, publish }: Store, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound(NOT_FOUND);
    const deleted = await tx.delete(rooms).where(eq(rooms.id, id)).returning({ id: rooms.id });
    if (deleted.length === 0) throw notFound(NOT_FOUND);
    await publish(tx, catalogueEvents.roomDeleted, id, { roomId: id });
  });
}
