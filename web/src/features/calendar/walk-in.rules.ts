import type { PricingOption, Service } from '../catalogue/types';
import { bookingTotal, type RoomTypeOffer } from '../appointments/booking-choices';
import { instantOf } from './calendar-layout';

/*
 * The desk's walk-in and phone booking: who it is for, and the booking it sends.
 * Identity and booking judge both again; these say what is missing before anything is sent.
 */

export interface NewCustomerInput {
  name: string;
  phone: string;
  email: string;
}

/** A simple shape check; identity normalises and judges the address itself. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with a new customer's details, field by field (empty when nothing is). */
export function newCustomerProblems(
  input: NewCustomerInput,
): Partial<Record<keyof NewCustomerInput, string>> {
  const problems: Partial<Record<keyof NewCustomerInput, string>> = {};
  const name = input.name.trim();
  const phone = input.phone.trim();
  const email = input.email.trim();
  if (!name) problems.name = 'Enter the customer’s name.';
  else if (name.length > 100) problems.name = 'A name is at most 100 characters.';
  if (!phone && !email) problems.phone = 'Enter a phone number or an email address (or both).';
  if (phone && phone.replace(/\D/g, '').length < 10)
    problems.phone = 'Enter the whole phone number, at least 10 digits.';
  if (email && !EMAIL.test(email)) problems.email = 'Enter an email address like name@example.com.';
  return problems;
}

/** Only what was given: identity stores no email for a customer who gave only a phone. */
export function newCustomerBody(input: NewCustomerInput): { name: string; phone?: string; email?: string } {
  const phone = input.phone.trim();
  const email = input.email.trim();
  return { name: input.name.trim(), ...(phone ? { phone } : {}), ...(email ? { email } : {}) };
}

export interface DeskBookingChoice {
  customerId: string | null;
  service: Service | undefined;
  option: PricingOption | undefined;
  room: RoomTypeOffer | undefined;
  /** YYYY-MM-DD and HH:MM, business time. */
  date: string;
  time: string;
}

/** Why the booking cannot be sent yet, or undefined; the first missing choice is named. */
export function deskBookingProblem(choice: DeskBookingChoice): string | undefined {
  if (!choice.customerId) return 'Choose the customer, or add a new one.';
  if (!choice.service) return 'Choose the treatment.';
  if (!choice.option) return 'Choose how long.';
  if (!choice.room) return 'Choose the room.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(choice.date) || !/^\d{2}:\d{2}$/.test(choice.time))
    return 'Choose the day and time.';
  return undefined;
}

/** The booking the desk sends: the customer's, cash at the counter, at the prices shown. */
export function deskBookingRequest(choice: DeskBookingChoice) {
  const { service, option, room } = choice;
  if (deskBookingProblem(choice) || !service || !option || !room || !choice.customerId) return undefined;
  const [hours, minutes] = choice.time.split(':').map(Number);
  return {
    customerId: choice.customerId,
    serviceId: service._id,
    durationMinutes: option.durationMinutes,
    ...(option._id ? { pricingOptionId: option._id } : {}),
    price: option.price,
    roomPrice: room.price,
    totalPrice: bookingTotal(option.price, room.price),
    type: room.type,
    capacity: room.capacity,
    appointmentDateTime: instantOf(choice.date, hours! * 60 + minutes!),
    paymentMethod: 'cash' as const,
  };
}
