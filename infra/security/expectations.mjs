// The permission table: every route of the public API (what the gateway's merged OpenAPI lists, plus
// the gateway's own routes) and who may call it. The matrix fails on any route this table does not
// cover, so a new route cannot slip through without a decision here.
import { ADDRESS, billBody, productBody, roomBody, serviceBody, spaDate, waitlistBody } from './fixtures.mjs';
import { uniqueEmail } from './lib.mjs';

/** @typedef {Awaited<ReturnType<typeof import('./fixtures.mjs').createFixtures>>} Fixtures */
/** @typedef {import('./lib.mjs').Session} Session */
/** @typedef {'public' | 'user' | 'staff' | 'admin' | 'owner' | 'ownerOnly' | 'employeeSelf' | 'desk'} Access */
/** @typedef {'anonymous' | 'customerB' | 'employee' | 'customerA' | 'admin'} Role */
/** @typedef {'ok' | number} Expected what a caller must get: 'ok', or an exact status */
/**
 * One route's row of the table (see ROUTE_TABLE).
 * @typedef {object} Route
 * @property {Access} access
 * @property {string} why
 * @property {(fx: Fixtures) => Record<string, string | number | undefined>} [params]
 * @property {(fx: Fixtures) => Record<string, unknown>} [query]
 * @property {(fx: Fixtures, who: Session | undefined) => unknown} [body]
 * @property {boolean} [multipart]
 * @property {(fx: Fixtures, role: Role) => Record<string, string>} [headers] e.g. an Idempotency-Key
 * @property {boolean} [freshToken]
 * @property {boolean} [allow404]
 * @property {boolean} [gateway]
 * @property {(fx: Fixtures) => Partial<Record<Role, Expected>>} [roles]
 * @property {(fx: Fixtures) => Partial<Record<Role, string | string[]>>} [shows] positive controls: each
 *   role named must get a 2xx whose body (or, for a file, its Content-Disposition) holds the text(s):
 *   the fixture's own number, id or email ('' for a body-less 2xx)
 * @property {Array<Partial<Route> & { label: string }>} [variants]
 */

/**
 * Access kinds and what each caller must get (ok = a success, or a business 4xx that is not an
 * authorisation answer: 400, 409, 422):
 *   public    everyone ok
 *   user      signed out 401; every signed-in role ok
 *   staff     signed out 401; customers 403; employee and admin ok
 *   admin     signed out 401; customers and employee 403; admin ok
 *   owner     customer A's resource: signed out 401; A and admin ok; customer B and the employee 404
 *   ownerOnly customer A's resource: signed out 401; A ok; everyone else 404 (the admin included)
 *   employeeSelf the employee's own list: signed out 401; the employee and admin ok; customers 404
 *   desk      the front desk (booking's isDesk): signed out 401; customers 403; admin ok; the employee
 *             ok only when their employeeRole is manager or receptionist, else 403 (the fixtures'
 *             employee, the demo therapist, is servicestaff: 403)
 */
/** @type {Role[]} */
export const ROLES = ['anonymous', 'customerB', 'employee', 'customerA', 'admin'];

/** @type {Record<Access, Record<Role, Expected>>} */
const EXPECTED = {
  public: { anonymous: 'ok', customerB: 'ok', employee: 'ok', customerA: 'ok', admin: 'ok' },
  user: { anonymous: 401, customerB: 'ok', employee: 'ok', customerA: 'ok', admin: 'ok' },
  staff: { anonymous: 401, customerB: 403, employee: 'ok', customerA: 403, admin: 'ok' },
  admin: { anonymous: 401, customerB: 403, employee: 403, customerA: 403, admin: 'ok' },
  owner: { anonymous: 401, customerB: 404, employee: 404, customerA: 'ok', admin: 'ok' },
  ownerOnly: { anonymous: 401, customerB: 404, employee: 404, customerA: 'ok', admin: 404 },
  employeeSelf: { anonymous: 401, customerB: 404, employee: 'ok', customerA: 404, admin: 'ok' },
  desk: { anonymous: 401, customerB: 403, employee: 403, customerA: 403, admin: 'ok' },
};

/** The employee roles that run the desk besides an admin (DESK_ROLES in booking's use-cases/calendar.ts). */
const DESK_ROLES = ['manager', 'receptionist'];
const isDeskEmployee = (/** @type {Fixtures} */ fixtures) =>
  DESK_ROLES.includes(
    String(fixtures?.sessions?.employee?.user?.employeeRole ?? '')
      .trim()
      .toLowerCase(),
  );

/**
 * What the given role must get on a route: 'ok' or an exact status.
 * @param {Route} route
 * @param {Role} role
 * @param {Fixtures} fixtures
 * @returns {Expected}
 */
export function expectedFor(route, role, fixtures) {
  const desk = route.access === 'desk' && isDeskEmployee(fixtures) ? { employee: 'ok' } : {};
  const expected = { ...EXPECTED[route.access], ...desk, ...(route.roles?.(fixtures) ?? {}) };
  return /** @type {Expected} every access kind names every role */ (expected[role]);
}

const suffix = () => Math.random().toString(36).slice(2, 8);
/** @type {NonNullable<Route['body']>} */
const self = (_fx, who) => ({ name: who?.user?.name ?? 'Signed Out' });

/**
 * Route key "METHOD /api/v1/path" → { access, params?(fx), query?(fx), body?(fx, who), multipart?,
 * freshToken?, allow404?, roles?(fx), shows?(fx), variants?, why }. Routes run in this order for every
 * role (signed out, B, employee, A, admin), so callers that must be refused come before the ones that
 * may change or delete the resource. A route on one customer's resource names a positive control
 * (`shows`): a 404 for everyone else proves something only when the owner (or the admin) is answered
 * that very resource. `variants` are further rounds of the same route with another body (and their own
 * `roles`), for a route whose answer depends on what is asked, not only on who asks.
 */
/** @type {Record<string, Route>} */
export const ROUTE_TABLE = {
  // identity
  'GET /api/v1/auth/config': { access: 'public', why: 'sign-in options for the sign-in page' },
  'GET /api/v1/auth/employee-roles': { access: 'public', why: 'role names for the register form' },
  'POST /api/v1/auth/register': {
    access: 'public',
    body: () => ({
      name: 'Matrix User',
      email: uniqueEmail('matrix'),
      password: 'Secure@12345',
      role: 'user',
    }),
    why: 'anyone may create a customer account',
  },
  'POST /api/v1/auth/login': {
    access: 'public',
    body: (fx) => ({ email: fx.sessions.customerB.email, password: fx.sessions.customerB.password }),
    why: 'sign-in',
  },
  'POST /api/v1/auth/google': {
    access: 'public',
    body: () => ({ tokenId: 'not-a-google-token' }),
    why: 'Google sign-in (disabled here: a 4xx business answer)',
  },
  'POST /api/v1/auth/forgot-password': {
    access: 'public',
    body: () => ({ email: uniqueEmail('forgot') }),
    why: 'password reset request; answers the same for unknown emails',
  },
  'POST /api/v1/auth/reset-password/{token}': {
    access: 'public',
    params: () => ({ token: 'not-a-reset-token' }),
    body: () => ({ password: 'Secure@12345' }),
    why: 'the token in the path is the credential',
  },
  'GET /api/v1/auth/verify-email/{token}': {
    access: 'public',
    params: () => ({ token: 'not-a-verification-token' }),
    why: 'the token in the path is the credential',
  },
  'GET /api/v1/auth/me': { access: 'user', why: "the caller's own profile" },
  'PUT /api/v1/auth/me': { access: 'user', body: self, why: "the caller's own profile" },
  'POST /api/v1/auth/change-password': {
    access: 'user',
    body: () => ({ currentPassword: 'Wrong@12345', newPassword: 'Other@12345' }),
    why: "the caller's own password (a wrong current password: 400)",
  },
  'POST /api/v1/auth/send-verification-email': { access: 'user', why: "the caller's own email" },
  'GET /api/v1/auth/me/export': {
    access: 'user',
    shows: (fx) => ({ customerA: fx.sessions.customerA.email }),
    why: "download my data: the caller's own account",
  },
  'DELETE /api/v1/auth/me': {
    access: 'user',
    body: () => ({ password: 'Wrong@12345' }),
    why: "deletes the caller's own account only (a wrong password: 400, nothing deleted)",
  },
  'POST /api/v1/auth/walk-in-customers': {
    access: 'desk',
    // A throwaway customer (the SMTP sink gets its "set your password" email): the admin's call makes one.
    body: () => ({ name: 'Matrix Walk-in', phone: '9876501234', email: uniqueEmail('walk-in') }),
    why: 'the desk (admin, manager, receptionist) creates a customer account without a password',
  },
  'POST /api/v1/auth/logout': { access: 'user', freshToken: true, why: "revokes the caller's token" },
  'GET /api/v1/admin/users': { access: 'admin', why: 'user directory' },
  'PUT /api/v1/admin/users/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.victim }),
    body: () => ({ role: 'user' }),
    why: 'roles and staff details',
  },
  'POST /api/v1/admin/users/{id}/approve': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.applicant }),
    why: 'staff rights only by an admin (the applicant has not verified the email: 409)',
  },
  'POST /api/v1/admin/users/{id}/reject': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.applicant }),
    why: 'staff rights only by an admin',
  },
  'GET /api/v1/admin/employee-roles': { access: 'admin', why: 'employee roles' },
  'POST /api/v1/admin/employee-roles': {
    access: 'admin',
    body: () => ({ name: `matrixrole${suffix()}` }),
    why: 'employee roles',
  },
  'PUT /api/v1/admin/employee-roles/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.employeeRole }),
    body: () => ({ description: 'changed by the matrix' }),
    why: 'employee roles',
  },

  // catalogue
  'GET /api/v1/admin/categories': { access: 'public', why: 'treatment categories are shown on the store' },
  'POST /api/v1/admin/categories': {
    access: 'admin',
    body: () => ({ name: `Matrix category ${suffix()}`, assignedEmployeeRole: 'servicestaff' }),
    why: 'catalogue management',
  },
  'PUT /api/v1/admin/categories/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.newCategory }),
    body: () => ({ description: 'changed by the matrix' }),
    why: 'catalogue management',
  },
  'GET /api/v1/admin/categories/roles/list': { access: 'admin', why: 'role names for the category form' },
  'GET /api/v1/admin/rooms': { access: 'public', why: 'room types and prices for the booking wizard' },
  'GET /api/v1/admin/rooms/{id}': {
    access: 'public',
    params: (fx) => ({ id: fx.room._id }),
    why: 'room detail',
  },
  'POST /api/v1/admin/rooms': {
    access: 'admin',
    body: () => roomBody(`8${Math.floor(Math.random() * 900 + 100)}`),
    why: 'catalogue management',
  },
  'PUT /api/v1/admin/rooms/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.newRoom }),
    body: () => ({ location: 'Moved by the matrix' }),
    why: 'catalogue management',
  },
  'GET /api/v1/admin/services': { access: 'public', why: 'the treatment list is public' },
  'GET /api/v1/admin/services/{id}': {
    access: 'public',
    params: (fx) => ({ id: fx.service._id }),
    why: 'treatment detail',
  },
  'POST /api/v1/admin/services': {
    access: 'admin',
    body: (fx) => serviceBody(`Matrix service ${suffix()}`, fx.category._id),
    why: 'catalogue management',
  },
  'PUT /api/v1/admin/services/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.newService }),
    body: () => ({ description: 'Changed by the matrix.' }),
    why: 'catalogue management',
  },
  'GET /api/v1/products': { access: 'public', why: 'the store' },
  'GET /api/v1/products/{id}': {
    access: 'public',
    params: (fx) => ({ id: fx.product._id }),
    why: 'product detail',
  },
  'POST /api/v1/products': {
    access: 'admin',
    body: (fx) => productBody(`Matrix product ${suffix()}`, fx.productCategory._id),
    why: 'catalogue management',
  },
  'PUT /api/v1/products/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.newProduct }),
    body: () => ({ description: 'Changed by the matrix.' }),
    why: 'catalogue management',
  },
  'GET /api/v1/product-categories': { access: 'public', why: 'store filters' },
  'POST /api/v1/product-categories': {
    access: 'admin',
    body: () => ({ name: `Matrix products ${suffix()}` }),
    why: 'catalogue management',
  },
  'GET /api/v1/subcategories': { access: 'public', why: 'store filters' },
  'POST /api/v1/subcategories': {
    access: 'admin',
    body: (fx) => ({ name: `Matrix sub ${suffix()}`, productCategory: fx.productCategory._id }),
    why: 'catalogue management',
  },
  'POST /api/v1/upload': { access: 'admin', multipart: true, why: 'catalogue images' },
  'GET /api/v1/favorites': { access: 'user', why: "the caller's own favorites" },
  'POST /api/v1/favorites': {
    access: 'user',
    body: (fx) => ({ service: fx.service._id }),
    why: "the caller's own favorites",
  },
  'GET /api/v1/favorites/check/{serviceId}': {
    access: 'user',
    params: (fx) => ({ serviceId: fx.service._id }),
    why: "the caller's own favorites",
  },
  'DELETE /api/v1/favorites/{serviceId}': {
    access: 'user',
    params: (fx) => ({ serviceId: fx.service._id }),
    why: "the caller's own favorites",
  },
  'GET /api/v1/reviews': {
    access: 'public',
    query: (fx) => ({ service: fx.service._id }),
    why: "a treatment's or a product's published reviews",
  },
  'POST /api/v1/reviews/photos': {
    access: 'user',
    multipart: true,
    why: "a photo for the caller's own review",
  },
  'GET /api/v1/reviews/mine': {
    access: 'user',
    shows: (fx) => ({ customerA: fx.ids.review }),
    why: "the caller's own reviews and what they may review",
  },
  // Only a completed visit or a delivered order (booking's and commerce's events) makes something
  // reviewable: the fixtures' delivered order of A's has a second line A has not reviewed yet.
  'POST /api/v1/reviews': {
    access: 'ownerOnly',
    body: (fx) => ({ sourceId: fx.ids.openReviewSource, rating: 5 }),
    shows: (fx) => ({ customerA: fx.ids.openReviewSource }),
    why: 'a customer reviews only their own completed visit or delivered order (anyone else: 404)',
  },
  // The emailed review link (catalogue.review.requested): no sign-in, the signed token is the key. The
  // fixtures cannot make a signed token (the sweep signs it a day after a visit): a forged one is 404
  // for every caller. Catalogue's review-requests test covers a real one (200, 201, 409, 410).
  'GET /api/v1/reviews/invitations/{token}': {
    access: 'public',
    params: () => ({ token: 'bm90LWEtdmlzaXQuMA.bm90LXNpZ25lZA' }),
    allow404: true,
    why: 'an emailed review link: the signed token is the key',
  },
  'POST /api/v1/reviews/invitations/{token}': {
    access: 'public',
    params: () => ({ token: 'bm90LWEtdmlzaXQuMA.bm90LXNpZ25lZA' }),
    body: () => ({ rating: 5 }),
    allow404: true,
    why: 'an emailed review link: the signed token is the key',
  },
  // Customer A's review of the delivered order's first line (DELETE is among the deletions, last).
  'PUT /api/v1/reviews/{id}': {
    access: 'ownerOnly',
    params: (fx) => ({ id: fx.ids.review }),
    body: () => ({ rating: 4 }),
    shows: (fx) => ({ customerA: fx.ids.review }),
    why: "only its author finds a review (anyone else's, the admin's included, is 404)",
  },
  'GET /api/v1/admin/reviews': {
    access: 'admin',
    shows: (fx) => ({ admin: fx.ids.review }),
    why: 'review moderation',
  },
  'PUT /api/v1/admin/reviews/{id}/hide': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.review }),
    body: () => ({ reason: 'Matrix check' }),
    shows: (fx) => ({ admin: fx.ids.review }),
    why: 'review moderation',
  },
  'PUT /api/v1/admin/reviews/{id}/unhide': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.review }),
    shows: (fx) => ({ admin: fx.ids.review }),
    why: 'review moderation',
  },
  'PUT /api/v1/admin/reviews/{id}/reply': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.review }),
    body: () => ({ text: 'Thank you!' }),
    shows: (fx) => ({ admin: fx.ids.review }),
    why: 'review moderation',
  },

  // booking
  'GET /api/v1/appointments/rules': {
    access: 'public',
    why: 'business hours, notice and holds the booking screens apply before asking',
  },
  'GET /api/v1/appointments/availability': {
    access: 'public',
    query: (fx) => ({
      serviceId: fx.service._id,
      durationMinutes: fx.service.pricing[0].durationMinutes,
      from: spaDate(1),
      days: 2,
    }),
    why: "the booking wizard's free starts (times only: no customer, employee or appointment data)",
  },
  'GET /api/v1/appointments/calendar': {
    access: 'desk',
    query: () => ({ date: spaDate(28), days: 7 }),
    why: "the desk's day or week: every appointment with its customer's name and no-shows",
  },
  'GET /api/v1/appointments/calendar/changes': {
    access: 'desk',
    why: "a notice of every change to the desk's calendar (no data: the desk reads the calendar again)",
  },
  'GET /api/v1/appointments/customers': {
    access: 'desk',
    query: () => ({ search: 'Security' }),
    why: 'the desk finds a customer (names, emails, phones, no-shows) to book for',
  },
  // The therapist's appointment (customer A's, 33 days ahead, the employee assigned): every step the
  // desk or the therapist may take is refused as a business rule (422: not its day, not started, not in
  // progress), so nothing changes.
  'PUT /api/v1/appointments/{id}/check-in': {
    access: 'desk',
    params: (fx) => ({ id: fx.ids.therapistAppointment }),
    body: () => ({ status: 'In Progress' }),
    // Its therapist may start (and complete) it; customers are refused before the appointment is
    // looked up (403, so no id is probed); the desk check for other employees follows.
    roles: () => ({ employee: 'ok' }),
    variants: [
      {
        label: 'Arrived',
        body: () => ({ status: 'Arrived' }),
        roles: () => ({}),
        why: 'arrivals are marked by the desk, not by the therapist (403)',
      },
      {
        label: 'No-show',
        body: () => ({ status: 'No-show' }),
        roles: () => ({}),
        why: "a no-show counts against the customer: the desk's call, not the therapist's (403)",
      },
    ],
    why: 'the desk takes an appointment through check-in; its therapist starts and completes it',
  },
  'GET /api/v1/appointments/special-days': {
    access: 'public',
    why: "closures and special hours: the wizard's date picker names them",
  },
  // A date 700 days ahead (closures may be set up to two years ahead; far past the booking window, so no
  // booking of any suite meets it); the admin's closure is removed again in the deletions below.
  'PUT /api/v1/appointments/special-days/{date}': {
    access: 'admin',
    params: (fx) => ({ date: fx.dates.specialDay }),
    body: () => ({ closed: true, reason: 'Closed by the security run' }),
    why: 'the business hours are set by an admin',
  },
  'GET /api/v1/appointments/special-days/{date}/stranded': {
    access: 'admin',
    params: (fx) => ({ date: fx.dates.specialDay }),
    why: "appointments (customers' names) a closure strands, for the admin to move or cancel",
  },
  'GET /api/v1/appointments/schedules': { access: 'admin', why: "every employee's working hours" },
  'GET /api/v1/appointments/schedules/{employeeId}': {
    access: 'employeeSelf',
    params: (fx) => ({ employeeId: fx.sessions.employee.id }),
    why: "an employee's own hours; an admin reads anyone's (others: 404, no hint the employee exists)",
  },
  'PUT /api/v1/appointments/schedules/{employeeId}': {
    access: 'admin',
    params: (fx) => ({ employeeId: fx.sessions.employee.id }),
    // null: the shift's hours every day, what the demo therapist has anyway (nothing changes).
    body: () => ({ days: null }),
    why: "an employee's hours are set by an admin",
  },
  'GET /api/v1/appointments/time-off': {
    access: 'staff',
    why: 'an employee lists their own requests, an admin everyone’s; customers have no time off (403)',
  },
  // The fixtures' request is still standing here: the employee's request for the same day is refused as a
  // business rule (409 TIME_OFF_OVERLAPS, after the role check) and nothing is created; the fixtures'
  // own request (201) proved the employee may ask.
  'POST /api/v1/appointments/time-off': {
    access: 'staff',
    body: (fx) => ({ firstDate: fx.dates.timeOff, lastDate: fx.dates.timeOff, reason: 'Matrix time off' }),
    roles: () => ({ admin: 403 }),
    why: 'an employee asks for their own time off; an admin decides, never asks (403)',
  },
  'PUT /api/v1/appointments/time-off/{id}/decision': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.timeOff }),
    body: () => ({ decision: 'approved', note: 'Approved by the security run' }),
    why: 'time off is approved or declined by an admin',
  },
  // After the admin's approval: the employee withdraws it, so nothing is left standing.
  'PUT /api/v1/appointments/time-off/{id}/withdraw': {
    access: 'employeeSelf',
    params: (fx) => ({ id: fx.ids.timeOff }),
    roles: () => ({ admin: 403 }),
    why: 'only the employee who asked withdraws (others: 404); an admin declines instead (403)',
  },
  'POST /api/v1/appointments/auto-assign': {
    access: 'user',
    // A start outside business hours: the business answer (4xx) proves the caller got past the guard.
    body: (fx) => ({
      serviceId: fx.service._id,
      durationMinutes: fx.service.pricing[0].durationMinutes,
      pricingOptionId: fx.service.pricing[0]._id,
      totalPrice: fx.service.pricing[0].price + 1,
      type: 'Diamond',
      appointmentDateTime: '2020-01-01T03:00:00.000Z',
      paymentMethod: 'cash',
    }),
    why: 'customers (and staff for walk-ins) book',
  },
  'GET /api/v1/appointments/users/{userId}/appointments': {
    access: 'owner',
    params: (fx) => ({ userId: fx.sessions.customerA.id }),
    why: "a customer's own list; admins read anyone's",
  },
  'GET /api/v1/appointments/employees/{userId}/appointments': {
    access: 'employeeSelf',
    params: (fx) => ({ userId: fx.sessions.employee.id }),
    why: "an employee's own schedule; admins read anyone's",
  },
  'GET /api/v1/appointments/admin/appointments': { access: 'admin', why: 'every appointment' },
  'POST /api/v1/appointments/waitlist': {
    access: 'user',
    // The fixtures' own request, an hour with no free start: A already waits for it (409), B joins (201).
    body: (fx) => waitlistBody(fx.service),
    roles: () => ({ employee: 403, admin: 403 }),
    why: 'a customer waits for a full day; staff book by phone instead (403)',
  },
  'GET /api/v1/appointments/waitlist': { access: 'user', why: "the caller's own waitlist entries" },
  'DELETE /api/v1/appointments/waitlist/{id}': {
    access: 'ownerOnly',
    params: (fx) => ({ id: fx.ids.waitlist }),
    shows: (fx) => ({ customerA: fx.ids.waitlist }),
    why: "only the caller's own entry is found (anyone else's, the admin's included, is 404)",
  },
  'POST /api/v1/appointments/{id}/payment': {
    access: 'ownerOnly',
    params: (fx) => ({ id: fx.ids.appointment }),
    why: "the payment order of the caller's own held booking (a cash one: 409 for its customer, 404 for anyone else)",
  },
  'GET /api/v1/appointments/{id}': {
    access: 'owner',
    params: (fx) => ({ id: fx.ids.appointment }),
    // Its assigned employee may read it too.
    roles: (fx) => (fx.ids.appointmentEmployee === fx.sessions.employee.id ? { employee: 'ok' } : {}),
    why: 'its customer, its employee or an admin',
  },
  'GET /api/v1/appointments/{id}/available-employees': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.appointment }),
    why: 'assignment is an admin action',
  },
  'POST /api/v1/appointments/{id}/assign-employee': {
    access: 'desk',
    params: (fx) => ({ id: fx.ids.appointment }),
    body: (fx) => ({ employeeId: fx.ids.appointmentEmployee ?? fx.sessions.employee.id }),
    why: "assignment is the desk's (the calendar's drop onto an employee's column): admin, manager, receptionist",
  },
  'PUT /api/v1/appointments/{id}/payment-status': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.appointment }),
    body: () => ({ paymentStatus: 'Cash' }),
    why: 'payments are recorded by admins',
  },
  'PUT /api/v1/appointments/{id}/reschedule': {
    access: 'owner',
    params: (fx) => ({ id: fx.ids.appointment }),
    body: () => ({ appointmentDateTime: new Date(Date.now() + 45 * 86_400_000).toISOString() }),
    why: 'its customer within the notice, or an admin',
  },
  'PUT /api/v1/appointments/{id}/status': {
    access: 'owner',
    params: (fx) => ({ id: fx.ids.appointment }),
    body: () => ({ status: 'Cancelled' }),
    why: 'a customer may cancel their own; an admin sets any status',
  },
  'PUT /api/v1/appointments/{id}/cancel': {
    access: 'owner',
    params: (fx) => ({ id: fx.ids.appointment }),
    why: 'its customer within the notice, or an admin',
  },
  'PUT /api/v1/appointments/{id}/complete': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.appointment }),
    why: 'an admin closes an appointment',
  },

  // commerce
  'GET /api/v1/payments/config': { access: 'public', why: 'the checkout key id' },
  'POST /api/v1/payments/webhook': {
    access: 'public',
    body: () => ({ event: 'payment.captured', payload: {} }),
    why: 'Razorpay calls it; the signature (not a token) authenticates it',
  },
  'GET /api/v1/cart': { access: 'user', why: "the caller's own cart" },
  'POST /api/v1/cart': {
    access: 'user',
    body: (fx) => ({ product: fx.product._id, quantity: 1 }),
    why: "the caller's own cart",
  },
  'PATCH /api/v1/cart/{itemId}': {
    access: 'ownerOnly',
    params: (fx) => ({ itemId: fx.ids.cartItem }),
    body: () => ({ quantity: 2 }),
    why: "a cart item is only its owner's",
  },
  'POST /api/v1/cart/accept-prices': {
    access: 'user',
    why: "the caller's own cart takes today's prices; no id, so nobody else's",
  },
  // Before POST /orders, which empties customer A's cart.
  'DELETE /api/v1/cart/{itemId}': {
    access: 'ownerOnly',
    params: (fx) => ({ itemId: fx.ids.cartItem }),
    why: "a cart item is only its owner's",
  },
  'GET /api/v1/addresses': { access: 'user', why: "the caller's own addresses" },
  'POST /api/v1/addresses': { access: 'user', body: () => ADDRESS, why: "the caller's own addresses" },
  'PUT /api/v1/addresses/{id}': {
    access: 'ownerOnly',
    params: (fx) => ({ id: fx.ids.address }),
    body: () => ({ ...ADDRESS, label: 'Changed' }),
    why: "an address is only its owner's",
  },
  'POST /api/v1/orders': {
    access: 'user',
    // Customer A's address id: for anyone else it must not exist (404/422); A's order empties the cart.
    body: (fx) => ({ paymentMethod: 'COD', addressId: fx.ids.address }),
    allow404: true,
    why: 'orders are placed from the caller’s own cart',
  },
  'GET /api/v1/orders': { access: 'user', why: "the caller's own orders" },
  'GET /api/v1/orders/admin/all': { access: 'admin', why: 'every order' },
  'GET /api/v1/orders/{id}': {
    access: 'owner',
    params: (fx) => ({ id: fx.ids.order }),
    why: 'its customer or an admin',
  },
  // Customer A's paid online order, verified again: a repeat answers the same, to A and the admin only.
  'POST /api/v1/orders/verify-payment': {
    access: 'owner',
    body: (fx) => fx.shown.paidOrderPayment,
    shows: (fx) => ({ customerA: fx.ids.paidOrder, admin: fx.ids.paidOrder }),
    why: "the caller's own payment (anyone else's: 404)",
  },
  'PATCH /api/v1/orders/{id}/status': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.order }),
    body: () => ({ isDelivered: false }),
    why: 'delivery is an admin action',
  },
  'POST /api/v1/orders/{id}/cancel': {
    access: 'owner',
    params: (fx) => ({ id: fx.ids.order }),
    why: 'its customer or an admin',
  },
  // Refunds of customer A's order and appointment paid online through the sandbox (the admin refunds
  // ₹1 of each); attacks.mjs checks the amounts.
  'GET /api/v1/orders/{id}/refunds': {
    access: 'owner',
    params: (fx) => ({ id: fx.ids.paidOrder }),
    shows: (fx) => ({ customerA: fx.ids.paidOrder, admin: fx.ids.paidOrder }),
    why: 'its customer or an admin sees the payment and its refunds',
  },
  'POST /api/v1/orders/{id}/refund': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.paidOrder }),
    body: () => ({ amount: 1 }),
    shows: (fx) => ({ admin: fx.ids.paidOrder }),
    why: 'money goes back only by an admin (or automatically)',
  },
  'GET /api/v1/orders/appointment-payments/{appointmentId}/refunds': {
    access: 'owner',
    params: (fx) => ({ appointmentId: fx.ids.paidAppointment }),
    shows: (fx) => ({ customerA: fx.ids.paidAppointment, admin: fx.ids.paidAppointment }),
    why: 'its customer or an admin sees the payment and its refunds',
  },
  'POST /api/v1/orders/appointment-payments/{appointmentId}/refund': {
    access: 'admin',
    params: (fx) => ({ appointmentId: fx.ids.paidAppointment }),
    body: () => ({ amount: 1 }),
    shows: (fx) => ({ admin: fx.ids.paidAppointment }),
    why: 'money goes back only by an admin (or automatically)',
  },

  // billing
  'GET /api/v1/admin/reports': { access: 'admin', why: "the owner's revenue and utilisation reports" },
  'GET /api/v1/bills': { access: 'staff', why: 'bills are staff records' },
  'POST /api/v1/bills': { access: 'staff', body: () => billBody(), why: 'bills are staff records' },
  // The fixtures' bill is issued to customer A (A's verified email).
  'GET /api/v1/bills/{id}': {
    access: 'staff',
    params: (fx) => ({ id: fx.ids.bill }),
    shows: (fx) => ({ employee: fx.shown.invoiceNumber, admin: fx.shown.invoiceNumber }),
    why: 'bills are staff records',
  },
  'PUT /api/v1/bills/{id}': {
    // An issued invoice is changed by an admin only; employees issue and read.
    access: 'admin',
    params: (fx) => ({ id: fx.ids.bill }),
    // Still issued to A: the export and PDF rows below look for it.
    body: (fx) =>
      billBody({
        name: 'Walk-in Guest (edited)',
        email: fx.sessions.customerA.email,
        customerId: fx.sessions.customerA.id,
      }),
    shows: (fx) => ({ admin: fx.shown.invoiceNumber }),
    why: 'bills are staff records',
  },
  'GET /api/v1/bills/me/export': {
    access: 'user',
    shows: (fx) => ({ customerA: [fx.sessions.customerA.email, fx.shown.invoiceNumber] }),
    why: "download my data: bills issued to the caller's verified email, nobody else's",
  },
  'GET /api/v1/bills/me/export/{id}/pdf': {
    access: 'ownerOnly',
    params: (fx) => ({ id: fx.ids.bill }),
    shows: (fx) => ({ customerA: fx.shown.invoiceFile }),
    why: "a bill's PDF only when it was issued to the caller's verified email (the admin's included: 404)",
  },
  'GET /api/v1/appointments/me/export': {
    access: 'user',
    shows: (fx) => ({ customerA: fx.ids.appointment }),
    why: "download my data: the caller's own appointments",
  },
  'GET /api/v1/orders/me/export': {
    access: 'user',
    shows: (fx) => ({ customerA: fx.ids.order }),
    why: "download my data: the caller's own orders, addresses and cart",
  },
  'GET /api/v1/notifications/me/export': {
    access: 'user',
    shows: (fx) => ({ customerA: fx.sessions.customerA.email }),
    why: "download my data: emails sent to the caller's verified address",
  },
  'GET /api/v1/bills/{id}/download': {
    access: 'staff',
    params: (fx) => ({ id: fx.ids.bill }),
    shows: (fx) => ({ employee: fx.shown.invoiceFile, admin: fx.shown.invoiceFile }),
    why: 'the invoice PDF',
  },

  // the counter (commerce): staff only; a customer is 403 on every route, their own sale included
  'POST /api/v1/counter/sales': {
    access: 'staff',
    body: () => ({ customer: { name: 'Matrix walk-in' } }),
    why: 'a sale is opened at the front desk',
  },
  'GET /api/v1/counter/sales': {
    access: 'staff',
    query: () => ({ status: 'completed' }),
    shows: (fx) => ({ employee: fx.ids.sale, admin: fx.ids.sale }),
    why: "the desk's sales hold customers' names and what they paid",
  },
  'GET /api/v1/counter/sales/{id}': {
    access: 'staff',
    params: (fx) => ({ id: fx.ids.sale }),
    shows: (fx) => ({ employee: fx.ids.sale, admin: fx.ids.sale }),
    why: "the desk's sales hold customers' names and what they paid",
  },
  'PUT /api/v1/counter/sales/{id}': {
    // A stale version: staff get 409 SALE_CHANGED and the sale is untouched.
    access: 'staff',
    params: (fx) => ({ id: fx.ids.openSale }),
    body: () => ({ version: 0, lines: [], saleDiscountPaise: 0, saleDiscountReason: '' }),
    why: 'only the desk builds a sale',
  },
  'POST /api/v1/counter/sales/{id}/discount-approval': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.openSale }),
    why: "a discount above the desk's limit is a manager's decision",
  },
  'POST /api/v1/counter/sales/{id}/tenders': {
    // A card terminal's slip for one paisa, once per role, under its own key.
    access: 'staff',
    params: (fx) => ({ id: fx.ids.openSale }),
    headers: (_fx, role) => ({ 'idempotency-key': `matrix-tender-${role}-${Date.now()}` }),
    body: () => ({ method: 'card_terminal', amountPaise: 1, reference: 'MATRIX-SLIP' }),
    shows: () => ({ admin: 'MATRIX-SLIP' }),
    why: 'money is taken at the desk by staff',
  },
  'POST /api/v1/counter/sales/{id}/tenders/{tenderId}/check': {
    access: 'staff',
    params: (fx) => ({ id: fx.ids.openSale, tenderId: fx.ids.linkTender }),
    shows: (fx) => ({ employee: fx.ids.linkTender, admin: fx.ids.linkTender }),
    why: "a payment link's state is the desk's",
  },
  'POST /api/v1/counter/sales/{id}/complete': {
    // A stale version: 409 for staff, nothing issued.
    access: 'staff',
    params: (fx) => ({ id: fx.ids.openSale }),
    body: () => ({ version: 0 }),
    why: 'only the desk checks a sale out',
  },
  'POST /api/v1/counter/sales/{id}/refunds': {
    // Nothing chosen: refused as a business rule, no money moves.
    access: 'staff',
    params: (fx) => ({ id: fx.ids.sale }),
    headers: (_fx, role) => ({ 'idempotency-key': `matrix-refund-${role}-${Date.now()}` }),
    body: () => ({ lines: [], method: 'cash', reason: 'matrix', restock: false }),
    why: 'money goes back at the desk by staff',
  },
  'GET /api/v1/counter/balances': {
    access: 'staff',
    query: (fx) => ({ customerId: fx.sessions.customerA.id }),
    why: 'what a customer owes is the desk’s to see',
  },
  'GET /api/v1/counter/drawer': {
    access: 'staff',
    shows: (fx) => ({ employee: fx.ids.shift, admin: fx.ids.shift }),
    why: 'the cash drawer is the desk’s',
  },
  'POST /api/v1/counter/drawer/shifts': {
    // One shift is open: staff get 409 DRAWER_OPEN.
    access: 'staff',
    body: () => ({ openingFloatPaise: 100 }),
    why: 'the cash drawer is the desk’s',
  },
  'GET /api/v1/counter/drawer/shifts': {
    access: 'staff',
    shows: (fx) => ({ admin: fx.ids.shift }),
    why: 'the cash drawer is the desk’s',
  },
  'GET /api/v1/counter/drawer/shifts/{id}': {
    access: 'staff',
    params: (fx) => ({ id: fx.ids.shift }),
    shows: (fx) => ({ employee: fx.ids.shift, admin: fx.ids.shift }),
    why: 'the cash drawer is the desk’s',
  },
  'POST /api/v1/counter/drawer/shifts/{id}/movements': {
    access: 'staff',
    params: (fx) => ({ id: fx.ids.shift }),
    headers: (_fx, role) => ({ 'idempotency-key': `matrix-cash-${role}-${Date.now()}` }),
    body: () => ({ kind: 'in', amountPaise: 1, reason: 'matrix' }),
    shows: (fx) => ({ admin: fx.ids.shift }),
    why: 'cash in and out of the drawer is the desk’s',
  },
  'GET /api/v1/counter/drawer/shifts/{id}/z-report': {
    access: 'staff',
    params: (fx) => ({ id: fx.ids.shift }),
    why: 'the Z report is the desk’s',
  },
  'GET /api/v1/counter/drawer/z-report': {
    access: 'staff',
    query: () => ({ date: spaDate(0) }),
    why: 'the Z report is the desk’s',
  },

  // GST documents (billing): a customer sees their own; staff all
  'GET /api/v1/tax-documents': {
    access: 'user',
    shows: (fx) => ({ customerA: fx.shown.saleInvoiceNumber, admin: fx.shown.saleInvoiceNumber }),
    roles: () => ({ customerB: 'ok' }),
    why: "a customer lists their own invoices (customer B: an empty list, never A's)",
  },
  'GET /api/v1/tax-documents/{id}': {
    access: 'owner',
    params: (fx) => ({ id: fx.ids.taxDocument }),
    shows: (fx) => ({ customerA: fx.shown.saleInvoiceNumber, admin: fx.shown.saleInvoiceNumber }),
    roles: () => ({ employee: 'ok' }),
    why: 'an invoice is its customer’s and the staff’s',
  },
  'GET /api/v1/tax-documents/{id}/pdf': {
    access: 'owner',
    params: (fx) => ({ id: fx.ids.taxDocument }),
    roles: () => ({ employee: 'ok' }),
    why: 'an invoice is its customer’s and the staff’s',
  },
  'GET /api/v1/tax-documents/{id}/receipt': {
    access: 'owner',
    params: (fx) => ({ id: fx.ids.taxDocument }),
    shows: (fx) => ({ customerA: fx.shown.saleInvoiceNumber, admin: fx.shown.saleInvoiceNumber }),
    roles: () => ({ employee: 'ok' }),
    why: 'an invoice is its customer’s and the staff’s',
  },
  'GET /api/v1/admin/reports/gstr1': {
    access: 'admin',
    query: () => ({ month: spaDate(0).slice(0, 7) }),
    why: 'the GSTR-1 the accountant files',
  },

  // gateway
  'GET /api/v1/admin/stats': { access: 'admin', gateway: true, why: "the admin dashboard's figures" },

  // The counter's endings: after every other counter route has run on the open sale and the shift.
  'POST /api/v1/counter/sales/{id}/tenders/{tenderId}/cancel': {
    access: 'staff',
    params: (fx) => ({ id: fx.ids.openSale, tenderId: fx.ids.linkTender }),
    why: 'a payment link is withdrawn at the desk',
  },
  'POST /api/v1/counter/sales/{id}/void': {
    // The sale holds a paid tender (the matrix's card slips): staff get 409, nothing is voided.
    access: 'staff',
    params: (fx) => ({ id: fx.ids.openSale }),
    why: 'only the desk voids a sale',
  },
  'POST /api/v1/counter/drawer/shifts/{id}/close': {
    // A count below zero: 400 for staff, the shift stays open.
    access: 'staff',
    params: (fx) => ({ id: fx.ids.shift }),
    body: () => ({ countedCashPaise: -1, note: 'matrix' }),
    why: 'the drawer is closed by the desk',
  },

  // deletions last: every refused caller has tried before the allowed one removes the record
  'DELETE /api/v1/appointments/special-days/{date}': {
    access: 'admin',
    params: (fx) => ({ date: fx.dates.specialDay }),
    why: 'the business hours are set by an admin (removes the closure made above)',
  },
  'DELETE /api/v1/addresses/{id}': {
    access: 'ownerOnly',
    params: (fx) => ({ id: fx.ids.address2 }),
    why: "an address is only its owner's",
  },
  // After the moderation rows above: its author removes customer A's review.
  'DELETE /api/v1/reviews/{id}': {
    access: 'ownerOnly',
    params: (fx) => ({ id: fx.ids.review }),
    shows: () => ({ customerA: '' }),
    why: "only its author finds a review (anyone else's, the admin's included, is 404)",
  },
  'DELETE /api/v1/admin/users/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.victim }),
    why: 'user directory',
  },
  'DELETE /api/v1/admin/employee-roles/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.employeeRole }),
    why: 'employee roles',
  },
  'DELETE /api/v1/admin/services/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.newService }),
    why: 'catalogue management',
  },
  'DELETE /api/v1/admin/categories/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.newCategory }),
    why: 'catalogue management',
  },
  'DELETE /api/v1/admin/rooms/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.newRoom }),
    why: 'catalogue management',
  },
  'DELETE /api/v1/products/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.newProduct }),
    why: 'catalogue management',
  },
  'DELETE /api/v1/subcategories/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.newSubcategory }),
    why: 'catalogue management',
  },
  'DELETE /api/v1/product-categories/{id}': {
    access: 'admin',
    params: (fx) => ({ id: fx.ids.newProductCategory }),
    why: 'catalogue management',
  },
};

/** Paths a service serves that the gateway must never expose (answered 404 through it). */
export const INTERNAL_PATHS = [
  '/internal/stats',
  '/internal/reservations',
  '/internal/payments',
  '/internal/bills/x/invoice.pdf',
  '/internal/tax-documents/x/document.pdf',
  '/internal/visits/x',
  '/internal/dependents?roomId=x',
  '/internal/dependents/cancel',
  '/internal/dependents/release',
  '/.well-known/jwks.json',
  '/readyz',
  '/openapi.json',
];

/**
 * The gateway's own answers at paths a service also serves: the gateway's readiness (the load
 * balancer asks the gateway replica itself) says only ready or draining, nothing of the services
 * behind it, whose `/readyz` (with its checks) stays unreachable.
 */
export const GATEWAY_OWN_ANSWERS = /** @type {Record<string, unknown>} */ ({
  '/readyz': { status: 'ready' },
});
