// Journey 2 of `npm run bench`: a customer books a treatment. Signed in once per slot (accounts made by
// bench.mjs), the wizard's reads (treatments, categories, rooms, signed in so never from the gateway's
// anonymous cache), a choice of treatment, length, room type and start, a cash booking with auto-assign;
// a 409 (no room free) is a business answer, counted apart, and the customer then takes the first start
// it suggests. Sometimes the customer opens My Appointments afterwards.
import { apiOf, fetchCatalogue, pick, signedIn } from './common.mjs';

const IST_OFFSET_MS = 330 * 60_000;
const OPEN_MINUTE = 9 * 60;
const CLOSE_MINUTE = 21 * 60;
const DAYS_AHEAD = Number(process.env.BENCH_BOOKING_DAYS ?? 30);

/**
 * The price of each room type: its first bookable room by number, as the booking screen shows it.
 * @param {any[]} rooms
 */
function roomTypeOffers(rooms) {
  const byNumber = [...rooms]
    .filter((room) => room.status !== 'Maintenance')
    .sort((a, b) => Number(a.roomNumber) - Number(b.roomNumber) || a.roomNumber.localeCompare(b.roomNumber));
  /** @type {Map<string, number>} */
  const offers = new Map();
  for (const room of byNumber) if (!offers.has(room.type)) offers.set(room.type, Number(room.price));
  return [...offers].map(([type, price]) => ({ type, price }));
}

/** @param {import('./common.mjs').BenchData} data */
export async function setup(data) {
  const catalogue = await fetchCatalogue(data);
  const offers = roomTypeOffers(catalogue.rooms);
  if (catalogue.services.length === 0 || offers.length === 0) throw new Error('setup: nothing to book');
  return { services: catalogue.services, offers };
}

/**
 * A start on the half-hour grid, 1 to DAYS_AHEAD days ahead, inside business hours in India.
 * @param {number} durationMinutes
 */
function randomStart(durationMinutes) {
  const today = new Date(Date.now() + IST_OFFSET_MS);
  const day = 1 + Math.floor(Math.random() * DAYS_AHEAD);
  const midnight =
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + day) - IST_OFFSET_MS;
  const slots = Math.floor((CLOSE_MINUTE - OPEN_MINUTE - durationMinutes) / 30) + 1;
  const minute = OPEN_MINUTE + 30 * Math.floor(Math.random() * slots);
  return new Date(midnight + minute * 60_000).toISOString();
}

/**
 * @param {import('../open-model.mjs').Journey} journey
 * @param {string} api
 * @param {string} token
 * @param {Record<string, unknown>} request
 */
async function book(journey, api, token, request) {
  const answer = await journey.post(`${api}/appointments/auto-assign`, request, { token });
  const outcome = journey.record(answer, 201, true);
  if (outcome === 'ok') journey.count('booked');
  return { outcome, answer: answer.json() };
}

/**
 * @param {import('../open-model.mjs').Journey} journey
 * @param {import('./common.mjs').BenchData} data
 * @param {Awaited<ReturnType<typeof setup>>} wizard
 */
export async function run(journey, data, wizard) {
  const api = apiOf(data);
  const customer = await signedIn(journey, data, data.bookingCustomers);
  if (!customer) return;
  const { token, user } = customer;

  const reads = await journey.batch(
    [`${api}/admin/services`, `${api}/admin/categories`, `${api}/admin/rooms`],
    { token },
  );
  reads.forEach((answer) => journey.record(answer, 200));
  const [services] = reads;
  /** @type {any[]} */
  const listed =
    services?.status === 200 ? services.json().filter((/** @type {any} */ service) => service.isActive) : [];
  await journey.think();

  const service = pick(listed.length > 0 ? listed : wizard.services);
  const option = pick(service.pricing);
  const offer = pick(wizard.offers);
  await journey.think();

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
  const first = await book(journey, api, token, request);
  if (first.outcome === 'conflict') {
    const suggestion = first.answer?.details?.[0]?.suggestions?.[0];
    if (suggestion) {
      await journey.think();
      await book(journey, api, token, { ...request, appointmentDateTime: suggestion });
    }
  }

  if (Math.random() < 0.3) {
    await journey.think();
    journey.record(
      await journey.get(`${api}/appointments/users/${user.id}/appointments?timeRange=upcoming`, { token }),
      200,
    );
  }
}
