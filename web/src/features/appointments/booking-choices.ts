import { appointmentTotal, bookableRoomsInOrder, fromHundredths, roundToHundredths } from '@spa/rules';
import { ROOM_TYPES, type PricingOption, type Room, type RoomType } from '../catalogue/types';

/** Spec section 9: service cards in the booking flow show the first 2 pricing options, then "+N more options". */
const CARD_PRICING_OPTIONS = 2;

export function cardPricing(pricing: readonly PricingOption[]): {
  shown: PricingOption[];
  moreLabel?: string;
} {
  const shown = pricing.slice(0, CARD_PRICING_OPTIONS);
  const more = pricing.length - shown.length;
  return { shown, moreLabel: more > 0 ? `+${more} more ${more === 1 ? 'option' : 'options'}` : undefined };
}

/** The option's name on screen: its label when it has one, else its duration text. */
export function optionTitle(option: Pick<PricingOption, 'label' | 'duration' | 'durationMinutes'>): string {
  return option.label?.trim() || option.duration || `${option.durationMinutes} min`;
}

/** A pricing option's identity: its id, else its position (older services may lack ids). */
export function optionKey(option: PricingOption, index: number): string {
  return option._id ?? `option-${index}`;
}

export interface RoomTypeOffer {
  /** The choice's identity: type and capacity. */
  key: string;
  type: RoomType;
  /** Rupees. */
  price: number;
  capacity: string;
  /** CSS modifier of the type's tint. */
  tint: 'silver' | 'gold' | 'diamond';
}

const roomChoiceKey = (type: string, capacity: string) => `${type}|${capacity}`;

/**
 * What is really bookable: each room type with each of its capacities, at that room's own price (the
 * catalogue computes it by the spec's rule, e.g. Gold Single Bed ₹2,000, Gold Double Bed ₹2,500), which
 * is what the booking service charges for a room of exactly that choice. Rooms under maintenance
 * cannot be booked, so they offer nothing. Shown Silver to Diamond, each type's cheaper choice first;
 * the price of a choice is its first bookable room's in room-number order (@spa/rules, as booking
 * charges it).
 */
export function roomTypeOffers(rooms: readonly Room[]): RoomTypeOffer[] {
  const offers = new Map<string, RoomTypeOffer>();
  for (const room of bookableRoomsInOrder(rooms)) {
    if (!(ROOM_TYPES as readonly string[]).includes(room.type)) continue;
    const key = roomChoiceKey(room.type, room.capacity);
    const price = Number(room.price);
    if (offers.has(key) || !Number.isFinite(price)) continue;
    offers.set(key, {
      key,
      type: room.type,
      price,
      capacity: room.capacity,
      tint: room.type.toLowerCase() as RoomTypeOffer['tint'],
    });
  }
  return [...offers.values()].sort(
    (a, b) =>
      ROOM_TYPES.indexOf(a.type) - ROOM_TYPES.indexOf(b.type) ||
      a.price - b.price ||
      a.capacity.localeCompare(b.capacity),
  );
}

/**
 * Spec: an appointment's total is the chosen duration's price plus the room type's price (@spa/rules),
 * summed in paise so that 2499.99 + 1000.01 is exactly 3500.
 */
export function bookingTotal(servicePrice: number, roomPrice: number): number {
  return fromHundredths(appointmentTotal(roundToHundredths(servicePrice), roundToHundredths(roomPrice)));
}
