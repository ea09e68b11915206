export const ROOM_CAPACITIES = ['Single Bed', 'Double Bed'] as const;
export const ROOM_TYPES = ['Silver', 'Gold', 'Diamond'] as const;
export const ROOM_STATUSES = ['Available', 'Occupied', 'Maintenance'] as const;
export type RoomCapacity = (typeof ROOM_CAPACITIES)[number];
export type RoomType = (typeof ROOM_TYPES)[number];
export type RoomStatus = (typeof ROOM_STATUSES)[number];

export const ROOM_BASE_PRICE = 1000;
const CAPACITY_SURCHARGE: Record<RoomCapacity, number> = { 'Single Bed': 0, 'Double Bed': 500 };
const TYPE_SURCHARGE: Record<RoomType, number> = { Silver: 0, Gold: 1000, Diamond: 2000 };

/** The room price rule of the spec (section 9), in rupees; the server's answer is the only one. */
export function roomPrice(capacity: RoomCapacity, type: RoomType): number {
  return ROOM_BASE_PRICE + CAPACITY_SURCHARGE[capacity] + TYPE_SURCHARGE[type];
}
