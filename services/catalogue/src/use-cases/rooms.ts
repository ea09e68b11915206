import { conflict, notFound, type Queryable } from '@spa/kit';
import { isUniqueViolation } from '../db/pg-errors.js';
import {
  deleteRoomRow,
  findRoom,
  insertRoom,
  lockRoom,
  updateRoomRow,
  type RoomRow,
} from '../db/rooms.repository.js';
import { cleanRoomForm, roomColumns, type RoomInput } from '../domain/room-form.js';
import { definedOnly } from '../domain/text.js';
import { publishRoomState } from '../events/catalogue-state.js';
import { catalogueEvents } from '../events/publishes.js';
import type { BookingClient } from '../integrations/booking-client.js';
import { clearFutureAppointments, type DeleteRequest } from './future-appointments.js';
import type { CatalogueContext } from './context.js';

export { listRooms } from '../db/rooms.repository.js';

const NOT_FOUND = 'Room not found';

export async function getRoom(db: Queryable, id: string): Promise<RoomRow> {
  const row = await findRoom(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

function translate(error: unknown, roomNumber: string): never {
  if (isUniqueViolation(error)) throw conflict(`Room ${roomNumber} already exists`);
  throw error;
}

export async function createRoom({ db, publish }: CatalogueContext, input: RoomInput): Promise<RoomRow> {
  const fields = cleanRoomForm(input);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertRoom(tx, roomColumns(fields));
      await publishRoomState(tx, publish, row.id);
      return row;
    });
  } catch (error) {
    return translate(error, fields.roomNumber);
  }
}

export async function updateRoom(
  { db, publish }: CatalogueContext,
  id: string,
  input: RoomInput,
): Promise<RoomRow> {
  let roomNumber = '';
  try {
    return await db.transaction(async (tx) => {
      const existing = await lockRoom(tx, id);
      if (!existing) throw notFound(NOT_FOUND);
      const fields = cleanRoomForm({ ...existing, ...definedOnly(input) });
      roomNumber = fields.roomNumber;
      const row = await updateRoomRow(tx, id, roomColumns(fields));
      await publishRoomState(tx, publish, id);
      return row;
    });
  } catch (error) {
    return translate(error, roomNumber);
  }
}

/**
 * Deleted outright; booking drops it from its mirror on catalogue.room.deleted. Its future
 * appointments are cleared first (or the delete refused); answers how many were cancelled.
 */
export async function deleteRoom(
  context: CatalogueContext,
  booking: BookingClient,
  id: string,
  request: DeleteRequest,
): Promise<number> {
  const room = await getRoom(context.db, id);
  const cancelled = await clearFutureAppointments(
    booking,
    { roomId: id },
    `Room ${room.roomNumber}`,
    request,
  );
  await deleteRoomRecord(context, id);
  return cancelled;
}

async function deleteRoomRecord({ db, publish }: CatalogueContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteRoomRow(tx, id))) throw notFound(NOT_FOUND);
    await publish(tx, catalogueEvents.roomDeleted, id, { roomId: id });
  });
}
