import { badRequest } from '@spa/kit/errors';
import {
  ROOM_CAPACITIES,
  ROOM_STATUSES,
  ROOM_TYPES,
  roomPrice,
  type RoomCapacity,
  type RoomStatus,
  type RoomType,
} from '@spa/rules';
import { rupeesToPaise } from './money.js';
import { cleanText } from './text.js';

export interface RoomInput {
  roomNumber?: string | number | null;
  capacity?: string | null;
  type?: string | null;
  status?: string | null;
  location?: string | null;
  /** Sent by the form but never trusted: the price follows from capacity and type. */
  price?: unknown;
}

export interface RoomFields {
  roomNumber: string;
  capacity: RoomCapacity;
  type: RoomType;
  status: RoomStatus;
  location: string;
  price: number;
}

function oneOf<T extends string>(value: string, choices: readonly T[], label: string): T {
  const match = choices.find((choice) => choice.toLowerCase() === value.toLowerCase());
  if (!match)
    throw badRequest(`${label} must be one of: ${choices.join(', ')}`, [{ field: label.toLowerCase() }]);
  return match;
}

export function cleanRoomForm(input: RoomInput): RoomFields {
  const roomNumber = cleanText(
    input.roomNumber === undefined || input.roomNumber === null ? '' : String(input.roomNumber),
  );
  const location = cleanText(input.location);
  if (roomNumber === '' || location === '')
    throw badRequest('Room Number and Location are required', [
      { field: roomNumber === '' ? 'roomNumber' : 'location' },
    ]);
  const capacity = oneOf(cleanText(input.capacity) || 'Single Bed', ROOM_CAPACITIES, 'Capacity');
  const type = oneOf(cleanText(input.type) || 'Silver', ROOM_TYPES, 'Type');
  const status = oneOf(cleanText(input.status) || 'Available', ROOM_STATUSES, 'Status');
  return { roomNumber, capacity, type, status, location, price: roomPrice(capacity, type) };
}

/** The room's columns: its price is stored in paise. */
export function roomColumns(fields: RoomFields) {
  const { price, ...rest } = fields;
  return { ...rest, pricePaise: rupeesToPaise(price) };
}
