/* global __ENV */
// Journey 2 of `npm run bench`: a customer books a treatment. Signed in once per virtual user (accounts
// made by bench.mjs), the wizard's reads (treatments, categories, rooms, signed in so never from the
// gateway's anonymous cache), a choice of treatment, length, room type and start, a cash booking with
// auto-assign; a 409 (no room free) is a business answer, counted apart, and the customer then takes the
// first start it suggests. Sometimes the customer opens My Appointments afterwards.
import http from 'k6/http';
import { Counter } from 'k6/metrics';
import {
  announceStart,
  api,
  body,
  data,
  fetchCatalogue,
  params,
  pick,
  record,
  signedIn,
  stepOptions,
  summaryTo,
  think,
} from './k6-common.js';

export const options = stepOptions();
const booked = new Counter('booked');

const IST_OFFSET_MS = 330 * 60_000;
const OPEN_MINUTE = 9 * 60;
const CLOSE_MINUTE = 21 * 60;
const DAYS_AHEAD = Number(__ENV.BENCH_BOOKING_DAYS ?? 30);

/** The price of each room type: its first bookable room by number, as the booking screen shows it. */
function roomTypeOffers(rooms) {
  const byNumber = [...rooms]
    .filter((room) => room.status !== 'Maintenance')
    .sort((a, b) => Number(a.roomNumber) - Number(b.roomNumber) || a.roomNumber.localeCompare(b.roomNumber));
  const offers = new Map();
  for (const room of byNumber) if (!offers.has(room.type)) offers.set(room.type, Number(room.price));
  return [...offers].map(([type, price]) => ({ type, price }));
}

export function setup() {
  const catalogue = fetchCatalogue();
  const offers = roomTypeOffers(catalogue.rooms);
  if (catalogue.services.length === 0 || offers.length === 0) throw new Error('setup: nothing to book');
  announceStart();
  return { services: catalogue.services, offers };
}

/** A start on the half-hour grid, 1 to DAYS_AHEAD days ahead, inside business hours in India. */
function randomStart(durationMinutes) {
  const today = new Date(Date.now() + IST_OFFSET_MS);
  const day = 1 + Math.floor(Math.random() * DAYS_AHEAD);
  const midnight =
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + day) - IST_OFFSET_MS;
  const slots = Math.floor((CLOSE_MINUTE - OPEN_MINUTE - durationMinutes) / 30) + 1;
  const minute = OPEN_MINUTE + 30 * Math.floor(Math.random() * slots);
  return new Date(midnight + minute * 60_000).toISOString();
}

function book(token, request) {
  const response = http.post(
    `${api}/appointments/auto-assign`,
    JSON.stringify(request),
    params('POST /appointments/auto-assign', { token, json: true }),
  );
  const outcome = record(response, 201, true);
  if (outcome === 'ok') booked.add(1);
  return { outcome, answer: body(response) };
}

export default function (wizard) {
  const customer = signedIn(data.bookingCustomers);
  if (!customer) return;
  const { token, user } = customer;

  const reads = http.batch([
    ['GET', `${api}/admin/services`, null, params('GET /admin/services', { token })],
    ['GET', `${api}/admin/categories`, null, params('GET /admin/categories', { token })],
    ['GET', `${api}/admin/rooms`, null, params('GET /admin/rooms', { token })],
  ]);
  reads.forEach((response) => record(response, 200));
  const listed = reads[0].status === 200 ? body(reads[0]).filter((service) => service.isActive) : [];
  think();

  const service = pick(listed.length > 0 ? listed : wizard.services);
  const option = pick(service.pricing);
  const offer = pick(wizard.offers);
  think();

  const request = {
    serviceId: service._id,
    durationMinutes: option.durationMinutes,
    pricingOptionId: option._id,
    price: Number(option.price),
    roomPrice: offer.price,
    totalPrice: Math.round((Number(option.price) + offer.price) * 100) / 100,
    type: offer.type,
    appointmentDateTime: randomStart(option.durationMinutes),
    paymentMethod: 'cash',
  };
  const first = book(token, request);
  if (first.outcome === 'conflict') {
    const suggestion = first.answer?.details?.[0]?.suggestions?.[0];
    if (suggestion) {
      think();
      book(token, { ...request, appointmentDateTime: suggestion });
    }
  }

  if (Math.random() < 0.3) {
    think();
    record(
      http.get(
        `${api}/appointments/users/${user.id}/appointments?timeRange=upcoming`,
        params('GET /appointments/users/:id/appointments', { token }),
      ),
      200,
    );
  }
}

export const handleSummary = summaryTo(__ENV.BENCH_SUMMARY);
