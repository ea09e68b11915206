import type { RoomInput } from '../../catalogue/catalogue.api';
import type { Room, RoomCapacity, RoomStatus, RoomType } from '../../catalogue/types';

// The price shown live while the form is filled in is @spa/rules' roomPrice: the catalogue stores a
// room's price by the same function and ignores any price a client sends.

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
