/** Money is integer paise inside the service and on the bus; the API speaks rupees (2 decimals). */
export const rupeesToPaise = (rupees: number) => Math.round(rupees * 100);
export const paiseToRupees = (paise: number) => Math.round(paise) / 100;

/** "₹2,499.00", as the spec's screens format money (en-IN, 2 decimals). */
export function formatRupees(paise: number): string {
  const [whole, fraction] = (Math.abs(paise) / 100).toFixed(2).split('.');
  // Indian grouping: the last three digits, then groups of two (1,00,000).
  const grouped = whole!.replace(/(\d)(?=(\d\d)+\d$)/g, '$1,');
  return `${paise < 0 ? '-' : ''}₹${grouped}.${fraction}`;
}

export interface PricingOption {
  id: string;
  duration: string;
  durationMinutes: number;
  pricePaise: number;
  label: string;
}

export interface BookableService {
  id: string;
  name: string;
  pricing: PricingOption[];
}

export interface OptionChoice {
  durationMinutes: number;
  pricingOptionId?: string;
  /** The duration's price the client showed, in rupees: picks between two options of one length. */
  price?: number;
}

/**
 * Finds the chosen duration among the treatment's own pricing options. Answers the option, or the
 * problem as the customer should read it.
 */
export function choosePricingOption(service: BookableService, choice: OptionChoice): PricingOption | string {
  const offered = service.pricing.map((option) => `${option.durationMinutes} min`).join(', ');
  const notOffered = `${service.name} is not offered for ${choice.durationMinutes} minutes. Choose one of: ${offered}.`;
  if (choice.pricingOptionId !== undefined) {
    const option = service.pricing.find((candidate) => candidate.id === choice.pricingOptionId);
    if (!option) return `That duration is not one of ${service.name}'s options. Choose one of: ${offered}.`;
    return option.durationMinutes === choice.durationMinutes ? option : notOffered;
  }
  const sameLength = service.pricing.filter((option) => option.durationMinutes === choice.durationMinutes);
  if (sameLength.length === 0) return notOffered;
  if (sameLength.length === 1 || choice.price === undefined) return sameLength[0]!;
  return sameLength.find((option) => option.pricePaise === rupeesToPaise(choice.price!)) ?? sameLength[0]!;
}

export interface RoomForPricing {
  roomNumber: string;
  status: string;
  pricePaise: number;
}

export interface RoomForChoice extends RoomForPricing {
  capacity: string;
}

/**
 * What the customer chose among the rooms of a type: the capacity (when given) and the room price
 * they were shown. Answers the price charged, which is always the own price of the rooms that may be
 * allocated: the quoted price when some bookable room of the choice has it, else (one price, or an
 * old client) the first such room's in room-number order, which the quote check then refuses with the
 * right amount. Undefined when no bookable room matches the choice.
 */
export function chooseRoomPrice(
  rooms: readonly RoomForChoice[],
  choice: { capacity?: string; roomPricePaise?: number },
): number | undefined {
  const matching = rooms
    .filter((room) => room.status !== 'Maintenance')
    .filter((room) => choice.capacity === undefined || room.capacity === choice.capacity)
    .sort(compareRoomNumbers);
  if (matching.length === 0) return undefined;
  if (
    choice.roomPricePaise !== undefined &&
    matching.some((room) => room.pricePaise === choice.roomPricePaise)
  )
    return choice.roomPricePaise;
  return matching[0]!.pricePaise;
}

/** The rooms of a choice: its capacity (when given) at exactly the price charged. */
export function roomsOfChoice<T extends RoomForChoice>(
  rooms: readonly T[],
  choice: { capacity?: string; pricePaise: number },
): T[] {
  return rooms.filter(
    (room) =>
      room.pricePaise === choice.pricePaise &&
      (choice.capacity === undefined || room.capacity === choice.capacity),
  );
}

export function compareRoomNumbers(a: { roomNumber: string }, b: { roomNumber: string }): number {
  const numeric = (value: string) => (/^[0-9]{1,9}$/.test(value) ? Number(value) : undefined);
  const left = numeric(a.roomNumber);
  const right = numeric(b.roomNumber);
  if (left !== undefined && right !== undefined) return left - right;
  if (left !== undefined) return -1;
  if (right !== undefined) return 1;
  return a.roomNumber < b.roomNumber ? -1 : a.roomNumber > b.roomNumber ? 1 : 0;
}

export interface AppointmentPrice {
  servicePricePaise: number;
  roomPricePaise: number;
  totalPricePaise: number;
}

export function priceAppointment(option: PricingOption, roomPricePaise: number): AppointmentPrice {
  return {
    servicePricePaise: option.pricePaise,
    roomPricePaise,
    totalPricePaise: option.pricePaise + roomPricePaise,
  };
}

export interface QuotedPrices {
  price?: number;
  roomPrice?: number;
  totalPrice: number;
}

/**
 * Compares what the client showed the customer with what the server computes. Answers the fields that
 * disagree (with the right amounts), empty when they agree. The server's price is the one charged.
 */
export function quoteMismatches(
  quoted: QuotedPrices,
  computed: AppointmentPrice,
): Array<{ field: string; message: string; expected: number }> {
  const checks: Array<[keyof QuotedPrices, number | undefined, number, string]> = [
    ['price', quoted.price, computed.servicePricePaise, 'The treatment price'],
    ['roomPrice', quoted.roomPrice, computed.roomPricePaise, 'The room price'],
    ['totalPrice', quoted.totalPrice, computed.totalPricePaise, 'The total'],
  ];
  return checks.flatMap(([field, sent, expected, what]) =>
    sent === undefined || rupeesToPaise(sent) === expected
      ? []
      : [
          {
            field,
            message: `${what} is ${formatRupees(expected)}, not ${formatRupees(rupeesToPaise(sent))}`,
            expected: paiseToRupees(expected),
          },
        ],
  );
}
