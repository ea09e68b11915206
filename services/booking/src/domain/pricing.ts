import { appointmentTotal, type RoomForChoice } from '@spa/rules';

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

/**
 * The rooms of a choice: its capacity (when given) at exactly the price charged (chooseRoomPrice, from
 * @spa/rules, the rule the booking screen offers rooms by).
 */
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

export interface AppointmentPrice {
  servicePricePaise: number;
  roomPricePaise: number;
  totalPricePaise: number;
}

export function priceAppointment(option: PricingOption, roomPricePaise: number): AppointmentPrice {
  return {
    servicePricePaise: option.pricePaise,
    roomPricePaise,
    totalPricePaise: appointmentTotal(option.pricePaise, roomPricePaise),
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
