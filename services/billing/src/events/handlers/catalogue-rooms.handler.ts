import { PermanentEventError, type EventHandler } from '@spa/kit';
import type { events } from '@spa/proto';
import { markRoomDeleted, upsertRoom } from '../../db/reports.repository.js';

/** The producer's change time, or the event's when an older producer left it out. */
const sourceTime = (updatedAtMs: bigint, occurredAt: Date) =>
  updatedAtMs > 0n ? new Date(Number(updatedAtMs)) : occurredAt;

/** catalogue.room.upserted: the rooms the utilisation report lists, booked or not. */
export const roomUpserted: EventHandler<typeof events.roomUpserted> = async (tx, payload, meta) => {
  const room = payload.room;
  if (!room?.id) throw new PermanentEventError('room event without a room id');
  await upsertRoom(tx, {
    id: room.id,
    roomNumber: room.roomNumber,
    type: room.type,
    sourceUpdatedAt: sourceTime(room.updatedAtMs, meta.occurredAt),
  });
};

/** A deleted room is listed only for a range in which it was booked. */
export const roomDeleted: EventHandler<typeof events.roomDeleted> = async (tx, payload) => {
  await markRoomDeleted(tx, payload.roomId);
};
