/**
 * Rooms and how a room choice changes the price (spec section 9). The catalogue stores each room's
 * price by roomPrice and ignores any price a client sends; the admin form shows the same price live.
 * A customer books a room type and capacity at the price of the rooms of that choice: booking charges
 * it (chooseRoomPrice) and the booking screen offers it (bookableRoomsInOrder).
 */

export const ROOM_CAPACITIES = ['Single Bed', 'Double Bed'] as const;
export const ROOM_TYPES = ['Silver', 'Gold', 'Diamond'] as const;
export const ROOM_STATUSES = ['Available', 'Occupied', 'Maintenance'] as const;
export type RoomCapacity = (typeof ROOM_CAPACITIES)[number];
export type RoomType = (typeof ROOM_TYPES)[number];
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** Rupees: a Silver Single Bed room. */
export const ROOM_BASE_PRICE = 1000;
const CAPACITY_SURCHARGE: Record<RoomCapacity, number> = { 'Single Bed': 0, 'Double Bed': 500 };
const TYPE_SURCHARGE: Record<RoomType, number> = { Silver: 0, Gold: 1000, Diamond: 2000 };

/** The room price rule, in rupees: 1000, plus 500 for a double bed, plus 1000 for Gold or 2000 for Diamond. */
export function roomPrice(capacity: RoomCapacity, type: RoomType): number {
  return ROOM_BASE_PRICE + CAPACITY_SURCHARGE[capacity] + TYPE_SURCHARGE[type];
}

/** Room numbers in order: numbers numerically (2 before 10) and before names, names by code unit. */
export function compareRoomNumbers(a: { roomNumber: string }, b: { roomNumber: string }): number {
  const numeric = (value: string) => (/^[0-9]{1,9}$/.test(value) ? Number(value) : undefined);
  const left = numeric(a.roomNumber);
  const right = numeric(b.roomNumber);
  if (left !== undefined && right !== undefined) return left - right;
  if (left !== undefined) return -1;
  if (right !== undefined) return 1;
  return a.roomNumber < b.roomNumber ? -1 : a.roomNumber > b.roomNumber ? 1 : 0;
}

/** A room under maintenance cannot be booked; any other status can (occupancy is checked per slot). */
export const isBookableRoom = (room: { status: string }) => room.status !== 'Maintenance';

/** The bookable rooms in room-number order: the first room of a choice sets the choice's price. */
export function bookableRoomsInOrder<T extends { roomNumber: string; status: string }>(
  rooms: readonly T[],
): T[] {
  return rooms.filter(isBookableRoom).sort(compareRoomNumbers);
}

export interface RoomForChoice {
  roomNumber: string;
  status: string;
  capacity: string;
  pricePaise: number;
}

/**
 * What the customer chose among the rooms of a type: the capacity (when given) and the room price
 * they were shown. Answers the price charged, which is always the own price of the rooms that may be
 * allocated: the quoted price when some bookable room of the choice has it, else (one price, or an
 * old client) the first such room's in room-number order, which a quote check then refuses with the
 * right amount. Undefined when no bookable room matches the choice.
 */
export function chooseRoomPrice(
  rooms: readonly RoomForChoice[],
  choice: { capacity?: string; roomPricePaise?: number },
): number | undefined {
  const matching = bookableRoomsInOrder(
    rooms.filter((room) => choice.capacity === undefined || room.capacity === choice.capacity),
  );
  if (matching.length === 0) return undefined;
  if (
    choice.roomPricePaise !== undefined &&
    matching.some((room) => room.pricePaise === choice.roomPricePaise)
  )
    return choice.roomPricePaise;
  return matching[0]!.pricePaise;
}

/** An appointment's total: the chosen duration's price plus the room's, in paise. */
export function appointmentTotal(servicePricePaise: number, roomPricePaise: number): number {
  return servicePricePaise + roomPricePaise;
}
