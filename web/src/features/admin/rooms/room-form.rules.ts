import type { RoomInput } from '../../catalogue/catalogue.api';
import type { Room, RoomCapacity, RoomStatus, RoomType } from '../../catalogue/types';

/**
 * Spec section 9's room price rule, shown live while the form is filled in. The server computes the
 * stored price by the same rule and ignores any price a client sends.
 */
export const ROOM_BASE_PRICE = 1000;
const CAPACITY_SURCHARGE: Record<RoomCapacity, number> = { 'Single Bed': 0, 'Double Bed': 500 };
const TYPE_SURCHARGE: Record<RoomType, number> = { Silver: 0, Gold: 1000, Diamond: 2000 };

export function roomPrice(capacity: RoomCapacity, type: RoomType): number {
  return ROOM_BASE_PRICE + CAPACITY_SURCHARGE[capacity] + TYPE_SURCHARGE[type];
}

export interface RoomDraft {
  roomNumber: string;
  capacity: RoomCapacity;
  type: RoomType;
  status: RoomStatus;
  location: string;
}

/** Spec section 4: a new room starts as Single Bed, Silver and Occupied (price 1000). */
export function roomDraft(room?: Room): RoomDraft {
  return {
    roomNumber: room?.roomNumber ?? '',
    capacity: room?.capacity ?? 'Single Bed',
    type: room?.type ?? 'Silver',
    status: room?.status ?? 'Occupied',
    location: room?.location ?? '',
  };
}

export function validateRoomDraft(draft: RoomDraft): { error?: string; input?: RoomInput } {
  const roomNumber = draft.roomNumber.trim();
  const location = draft.location.trim();
  if (!roomNumber || !location) return { error: 'Room Number and Location are required' };
  return { input: { ...draft, roomNumber, location } };
}
