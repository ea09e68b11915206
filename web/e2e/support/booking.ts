import pg from 'pg';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { baseUrl } from './browser.js';
import { linkTo, uniqueEmail, waitForEmail } from './inbox.js';
import { registerThroughApi } from './session.js';

/** Helpers of the booking journeys: the API through the gateway, sessions, and the spa's clock. */

export interface Session {
  token: string;
  user: { id: string; name: string; email: string; role: string } & Record<string, unknown>;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; code?: string } | undefined,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) throw new ApiFailure(response.status, parsed as ApiFailure['body'], `${method} ${path}`);
  return parsed as T;
}

export async function signIn(email: string, password: string): Promise<Session> {
  const { data } = await api<{ data: Session }>('POST', '/auth/login', { email, password });
  return data;
}

/**
 * A new customer with a verified email (through the real verification email), so no verification
 * popup covers the screens the journeys use.
 */
export async function verifiedCustomer(name: string, password: string): Promise<Session> {
  const email = uniqueEmail('booking');
  await registerThroughApi({ name, email, password });
  const link = linkTo(await waitForEmail(email, /Verify your email/), '/auth/verify-email/');
  const token = new URL(link).pathname.split('/').pop()!;
  await api('GET', `/auth/verify-email/${token}`);
  const session = await signIn(email, password);
  if (session.user.isEmailVerified !== true) throw new Error(`${email} is still not verified`);
  return session;
}

/** Loads the app once, stores the session where the app keeps it (spec: token and user), then opens the page. */
export async function openSignedIn(page: Page, session: Session, path: string): Promise<void> {
  await page.goto('/unauthorized');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
    sessionStorage.clear();
  }, session);
  await page.goto(path);
}

/** A day in the spa's zone (Asia/Kolkata, a fixed UTC+5:30) some days from today. */
export interface SpaDay {
  /** MM/dd/yyyy, as the booking picker reads it. */
  text: string;
  /** The instant of a business-time minute of that day, ISO. */
  at: (hours: number, minutes?: number) => string;
}

const IST_OFFSET_MS = 330 * 60_000;

export function spaDay(daysAhead: number): SpaDay {
  const shifted = new Date(Date.now() + IST_OFFSET_MS);
  const day = new Date(
    Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate() + daysAhead),
  );
  const [year, month, date] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
  return {
    text: `${String(month).padStart(2, '0')}/${String(date).padStart(2, '0')}/${year}`,
    at: (hours, minutes = 0) =>
      new Date(Date.UTC(year, month - 1, date, hours, minutes) - IST_OFFSET_MS).toISOString(),
  };
}

export interface CatalogueService {
  _id: string;
  name: string;
  pricing: Array<{ _id: string; duration: string; durationMinutes: number; price: number; label?: string }>;
}

export async function serviceNamed(name: string): Promise<CatalogueService> {
  const services = await api<CatalogueService[]>('GET', '/admin/services');
  const service = services.find((candidate) => candidate.name === name);
  if (!service) throw new Error(`the catalogue has no service named ${name}`);
  return service;
}

/** The price of a room type: its first bookable room's, by room number (what the wizard shows). */
export async function roomTypePrice(type: string): Promise<number> {
  const rooms = await api<Array<{ roomNumber: string; type: string; status: string; price: number }>>(
    'GET',
    '/admin/rooms',
  );
  const first = rooms
    .filter((room) => room.type === type && room.status !== 'Maintenance')
    .sort((a, b) => Number(a.roomNumber) - Number(b.roomNumber))[0];
  if (!first) throw new Error(`no bookable ${type} room`);
  return first.price;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Gets a fresh stack ready for the journeys: the treatment's category is assigned to the service staff
 * (the catalogue's demo seed may pick another role when it runs before identity has announced its
 * roles), and the booking service has caught up through Kafka with the catalogue (services, rooms,
 * categories) and identity (employees): an admin's probe booking of the treatment lists the therapist
 * among the available employees. The probe is cancelled again.
 */
export async function prepareBookingStack(
  admin: Session,
  service: CatalogueService,
  { categoryName, employeeName }: { categoryName: string; employeeName: string },
): Promise<void> {
  const categories = await api<Array<{ _id: string; name: string; assignedEmployeeRole: string }>>(
    'GET',
    '/admin/categories',
  );
  const category = categories.find((candidate) => candidate.name === categoryName);
  if (!category) throw new Error(`the catalogue has no category named ${categoryName}`);
  if (category.assignedEmployeeRole !== 'servicestaff')
    await api(
      'PUT',
      `/admin/categories/${category._id}`,
      { assignedEmployeeRole: 'servicestaff' },
      admin.token,
    );

  const option = service.pricing[0]!;
  const diamondPrice = await roomTypePrice('Diamond');
  const deadline = Date.now() + 60_000;
  let probe: { _id: string } | undefined;
  let last = '';
  while (Date.now() < deadline) {
    try {
      probe ??= await api<{ _id: string }>(
        'POST',
        '/appointments/auto-assign',
        {
          serviceId: service._id,
          durationMinutes: option.durationMinutes,
          pricingOptionId: option._id,
          totalPrice: option.price + diamondPrice,
          type: 'Diamond',
          appointmentDateTime: spaDay(60).at(11),
          paymentMethod: 'cash',
        },
        admin.token,
      );
      const { availableEmployees } = await api<{ availableEmployees: Array<{ name: string }> }>(
        'GET',
        `/appointments/${probe._id}/available-employees`,
        undefined,
        admin.token,
      );
      if (availableEmployees.some((employee) => employee.name === employeeName)) {
        await api('PUT', `/appointments/${probe._id}/cancel`, undefined, admin.token);
        return;
      }
      last = `available: ${availableEmployees.map((employee) => employee.name).join(', ') || 'nobody'}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await pause(500);
  }
  throw new Error(`the booking service did not catch up with the catalogue and identity: ${last}`);
}

/**
 * A cash booking of the treatment's first option in a room of `type` for `customer`, asked again until
 * booking has the treatment (it arrives by Kafka): the appointment's human id.
 */
export async function bookCash(
  customer: Session,
  service: CatalogueService,
  startIso: string,
  type = 'Gold',
): Promise<string> {
  const option = service.pricing[0]!;
  const roomPrice = await roomTypePrice(type);
  const deadline = Date.now() + 60_000;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const booked = await api<{ appointmentId: string }>(
        'POST',
        '/appointments/auto-assign',
        {
          serviceId: service._id,
          durationMinutes: option.durationMinutes,
          pricingOptionId: option._id,
          totalPrice: option.price + roomPrice,
          type,
          appointmentDateTime: startIso,
          paymentMethod: 'cash',
        },
        customer.token,
      );
      return booked.appointmentId;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
      await pause(500);
    }
  }
  throw new Error(`booking never took ${service.name}: ${last}`);
}

/** yyyy-mm-dd of a spaDay (its text is MM/dd/yyyy), as date inputs and the API take it. */
export const isoDateOf = (day: SpaDay) =>
  `${day.text.slice(6)}-${day.text.slice(0, 2)}-${day.text.slice(3, 5)}`;

const MINUTE = 60_000;
const istDateOfMs = (ms: number) => new Date(ms + 330 * MINUTE).toISOString().slice(0, 10);

/**
 * Moves an appointment to another start by shifting its row in booking's own database. The product
 * refuses to book the past, and the check-in steps belong to the appointment's day: this is the one
 * thing a journey cannot do through the API.
 */
export async function shiftInBooking(code: string, bookedStartIso: string, startMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: inject('databaseUrlPattern').replace('{service}', 'booking'),
  });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `update appointments set starts_at = starts_at + make_interval(secs => $2),
         ends_at = ends_at + make_interval(secs => $2), room_free_at = room_free_at + make_interval(secs => $2)
       where appointment_code = $1`,
      [code, (startMs - Date.parse(bookedStartIso)) / 1000],
    );
    expect(rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

/**
 * Today's two starts for the check-in journey, 90 minutes apart (so never in one room or with one
 * therapist at once): one five minutes ago (a no-show may be marked), and one later today, or earlier
 * when later would run past midnight in the spa's zone.
 */
export function startsToday(): { started: number; other: number } {
  const now = Date.now();
  const midnight = Date.parse(`${istDateOfMs(now)}T00:00:00+05:30`);
  const started = Math.max(Math.floor(now / MINUTE) * MINUTE - 5 * MINUTE, midnight);
  const later = started + 90 * MINUTE;
  return {
    started,
    other: istDateOfMs(later + 90 * MINUTE) === istDateOfMs(now) ? later : started - 90 * MINUTE,
  };
}

/**
 * Starts today (the spa's day) at least three hours from now and 100 minutes apart: the check-in steps
 * belong to the appointment's day, and the calendar journey checks its own two in around now with the
 * same therapist, so these never meet them (or each other) in her diary or a room. Each journey that
 * moves a visit to today takes its own slots: the reviews journey the first two, the counter the fourth.
 */
export function quietStartsToday(): number[] {
  const now = Date.now();
  const istDate = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
  const midnight = Date.parse(`${istDate(now)}T00:00:00+05:30`);
  const starts: number[] = [];
  for (
    let start = midnight + 30 * 60_000;
    istDate(start + 75 * 60_000) === istDate(now);
    start += 100 * 60_000
  )
    if (Math.abs(start - now) >= 3 * 3_600_000) starts.push(start);
  return starts;
}
