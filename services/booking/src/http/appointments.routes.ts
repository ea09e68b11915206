import {
  currentUser,
  keepForCaller,
  errorResponseSchema,
  pageRequest,
  pageWindow,
  pagingQueryProperties,
  requireAuth,
  requireRole,
  setPageHeaders,
} from '@spa/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppointmentStatus, PaymentStatus, TimeRange } from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import { setPaymentStatus } from '../use-cases/appointment-payments.js';
import { ASSIGNING_FOR_THE_DESK, assignEmployee } from '../use-cases/assign-employee.js';
import { cancelByRequest } from '../use-cases/cancel-appointment.js';
import { CHECK_IN_FOR_STAFF, checkIn, completeAppointment, setStatus } from '../use-cases/change-status.js';
import type { CheckInStatus } from '../domain/check-in.js';
import { rescheduleAppointment } from '../use-cases/reschedule-appointment.js';
import { BOOKING_FOR_OTHERS, bookAtDesk, findCustomers } from '../use-cases/desk-booking.js';
import { deskOnly, staffOnly } from './guards.js';
import {
  adminAppointments,
  availableEmployees,
  customerAppointments,
  employeeAppointments,
  getAppointment,
  type AdminListQuery,
} from '../use-cases/appointment-queries.js';
import type { BookingRequest } from '../domain/booking.js';
import { bookAppointment } from '../use-cases/book-appointment.js';
import { bookableTimes, type AvailabilityQuery } from '../use-cases/find-availability.js';
import { nowOf, type BookingContext } from '../use-cases/context.js';
import {
  adminListQuerySchema,
  adminListSchema,
  appointmentListSchema,
  appointmentSchema,
  assignEmployeeBodySchema,
  availabilityQuerySchema,
  availabilitySchema,
  availableEmployeesSchema,
  bookedSchema,
  bookingBodySchema,
  bookingRulesSchema,
  checkInBodySchema,
  customerSearchQuerySchema,
  customerSearchSchema,
  errorResponses,
  idParamsSchema,
  paymentStatusBodySchema,
  rescheduleBodySchema,
  statusBodySchema,
  timeRangeQuerySchema,
  userIdParamsSchema,
} from './appointments.schemas.js';
import {
  presentAppointment,
  presentEmployee,
  presentHistory,
  presentOnlineBooking,
  presentRules,
} from './presenters.js';

const tags = ['appointments'];
const security = [{ bearer: [] }];
const adminOnly = requireRole('admin');

type IdParams = { Params: { id: string } };

/** A time range and, optionally, a page (without one: the first 100). */
interface ListQuery {
  timeRange: TimeRange;
  page?: number;
  pageSize?: number;
}

export function appointmentsRoutes(app: FastifyInstance, context: BookingContext): void {
  const present = (request: FastifyRequest, view: AppointmentView) =>
    presentAppointment(view, {
      viewer: currentUser(request),
      now: nowOf(context),
      rules: context.config.rules,
    });
  const presentList = (request: FastifyRequest, views: AppointmentView[]) =>
    views.map((view) => present(request, view));

  // Public: the screens apply these rules before asking (the date picker's hours, the Cancel button).
  // They change only when booking is reconfigured, so browsers keep them five minutes and the gateway one.
  app.get(
    '/appointments/rules',
    {
      schema: {
        tags,
        summary: "Booking's configurable rules: business hours, the cancellation notice and payment holds",
        description:
          'Public, no token. The values booking itself enforces, from its configuration (BUSINESS_OPENS, ' +
          'BUSINESS_CLOSES, BUSINESS_TIME_ZONE, CANCELLATION_NOTICE_MINUTES, PAYMENT_HOLD_SECONDS, ' +
          'BOOKING_MAX_DAYS_AHEAD, MAX_OPEN_ONLINE_BOOKINGS, MAX_FUTURE_CASH_BOOKINGS).',
        response: { 200: bookingRulesSchema },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=300, s-maxage=60')
        .send(presentRules(context.config.rules)),
  );

  // Public: the wizard offers only the starts that can be booked. The gateway may keep an answer one
  // second (many customers look at the same treatment and day); a booking through it forgets booking's
  // cached reads at once, and the engine judges again at Confirm.
  app.get<{ Querystring: AvailabilityQuery }>(
    '/appointments/availability',
    {
      schema: {
        tags,
        summary: 'The bookable start times of a treatment of one duration, day by day (at most 42 days)',
        description:
          'Public, no token. A start is offered when the treatment fits the business hours, it is in the ' +
          "future and within the booking window, an employee of the category's role is free and on shift " +
          'for it, and some room choice (type and capacity) has a room free for it and its cleanup. The ' +
          'booking itself is judged again when it is made.',
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'public, max-age=0, s-maxage=1')
        .send(await bookableTimes(context, request.query, nowOf(context))),
  );

  app.post<{ Body: BookingRequest & { customerId?: string } }>(
    '/appointments/auto-assign',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Book a treatment; the room (and an employee, where one is free) is assigned by the server',
        body: bookingBodySchema,
        response: { 201: bookedSchema, ...errorResponses, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { customerId, ...choice } = request.body;
      const { appointment, payment } = customerId
        ? await bookAtDesk(context, choice, customerId, user)
        : await bookAppointment(context, choice, user);
      const options = { viewer: user, now: nowOf(context), rules: context.config.rules };
      return reply
        .status(201)
        .send(
          payment
            ? presentOnlineBooking(appointment, payment, options)
            : presentAppointment(appointment, options),
        );
    },
  );

  app.get<{ Querystring: { search: string } }>(
    '/appointments/customers',
    {
      preValidation: deskOnly(context, BOOKING_FOR_OTHERS),
      schema: {
        tags,
        security,
        summary:
          "The front desk finds a customer by name, phone or email (admin, manager, receptionist): up to ten, with each one's no-shows",
        querystring: customerSearchQuerySchema,
        response: { 200: customerSearchSchema, ...errorResponses },
      },
    },
    async (request) => findCustomers(context, request.query.search, currentUser(request)),
  );

  app.get<{ Params: { userId: string }; Querystring: ListQuery }>(
    '/appointments/users/:userId/appointments',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: "A customer's appointments (their own; an admin may read anyone's)",
        description:
          'Paged: without `page`, the first 100 (`pageSize` narrows it); with `page`, `pageSize` defaults to 20 ' +
          '(at most 100). `total`, `page` and `pageSize` sit beside `appointments` (and in X-Total-Count, X-Page, X-Page-Size).',
        params: userIdParamsSchema,
        querystring: timeRangeQuerySchema,
        response: { 200: appointmentListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const { appointments, total } = await customerAppointments(
        context,
        request,
        request.params.userId,
        request.query.timeRange,
        page,
      );
      setPageHeaders(reply, page, total);
      keepForCaller(reply);
      return {
        appointments: presentList(request, appointments),
        total,
        page: page.number,
        pageSize: page.size,
      };
    },
  );

  app.get<{ Params: { userId: string }; Querystring: ListQuery }>(
    '/appointments/employees/:userId/appointments',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: "An employee's appointments (their own; an admin may read anyone's)",
        description:
          'Paged: without `page`, the first 100 (`pageSize` narrows it); with `page`, `pageSize` defaults to 20 ' +
          '(at most 100). `total`, `page` and `pageSize` sit beside `appointments` (and in X-Total-Count, X-Page, X-Page-Size).',
        params: userIdParamsSchema,
        querystring: timeRangeQuerySchema,
        response: { 200: appointmentListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const { appointments, total } = await employeeAppointments(
        context,
        request,
        request.params.userId,
        request.query.timeRange,
        page,
      );
      setPageHeaders(reply, page, total);
      return {
        appointments: presentList(request, appointments),
        total,
        page: page.number,
        pageSize: page.size,
      };
    },
  );

  app.get<{ Querystring: AdminListQuery }>(
    '/appointments/admin/appointments',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Every appointment, newest first, with search, status and date filters (admin)',
        querystring: adminListQuerySchema,
        response: { 200: adminListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { appointments, total } = await adminAppointments(context, request.query);
      return {
        appointments: presentList(request, appointments),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  app.get<IdParams>(
    '/appointments/:id',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: 'One appointment with its history (its customer, its employee or an admin)',
        params: idParamsSchema,
        response: { 200: appointmentSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { appointment, history } = await getAppointment(
        context.db,
        request.params.id,
        currentUser(request),
      );
      return { ...present(request, appointment), history: presentHistory(history) };
    },
  );

  app.get<IdParams & { Querystring: { page?: number; pageSize?: number } }>(
    '/appointments/:id/available-employees',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        summary:
          "Employees with the treatment's role who are free for the whole appointment (admin), on shift first, in pages",
        params: idParamsSchema,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...pagingQueryProperties() },
        },
        response: { 200: availableEmployeesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      // One treatment role's free employees: a handful, ranked in memory (on shift first), then paged.
      const free = await availableEmployees(context, request.params.id);
      const { limit, offset } = pageWindow(page);
      setPageHeaders(reply, page, free.length);
      return {
        availableEmployees: free.slice(offset, offset + limit).map(presentEmployee),
        total: free.length,
        page: page.number,
        pageSize: page.size,
      };
    },
  );

  app.post<IdParams & { Body: { employeeId: string } }>(
    '/appointments/:id/assign-employee',
    {
      preValidation: deskOnly(context, ASSIGNING_FOR_THE_DESK),
      schema: {
        tags,
        security,
        summary:
          'Assign an employee of the treatment’s role; refused (409) when they already have an appointment at that time (the desk: admin, manager, receptionist)',
        params: idParamsSchema,
        body: assignEmployeeBodySchema,
        response: { 200: appointmentSchema, ...errorResponses },
      },
    },
    async (request) =>
      present(
        request,
        await assignEmployee(context, request.params.id, request.body.employeeId, currentUser(request)),
      ),
  );

  app.put<IdParams & { Body: { status: AppointmentStatus } }>(
    '/appointments/:id/status',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary:
          'Set the status (admin: any; a customer may only set Cancelled on their own, within the notice)',
        params: idParamsSchema,
        body: statusBodySchema,
        response: { 200: appointmentSchema, ...errorResponses },
      },
    },
    async (request) =>
      present(
        request,
        await setStatus(context, request.params.id, request.body.status, currentUser(request)),
      ),
  );

  app.put<IdParams & { Body: { paymentStatus: PaymentStatus } }>(
    '/appointments/:id/payment-status',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Set the payment status (admin)',
        params: idParamsSchema,
        body: paymentStatusBodySchema,
        response: { 200: appointmentSchema, ...errorResponses },
      },
    },
    async (request) =>
      present(
        request,
        await setPaymentStatus(context, request.params.id, request.body.paymentStatus, currentUser(request)),
      ),
  );

  app.put<IdParams>(
    '/appointments/:id/complete',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Complete an appointment that is In Progress (admin)',
        params: idParamsSchema,
        response: { 200: appointmentSchema, ...errorResponses },
      },
    },
    async (request) =>
      present(request, await completeAppointment(context, request.params.id, currentUser(request))),
  );

  app.put<IdParams & { Body: { status: CheckInStatus } }>(
    '/appointments/:id/check-in',
    {
      preValidation: staffOnly(CHECK_IN_FOR_STAFF),
      schema: {
        tags,
        security,
        summary:
          'The check-in flow: Arrived → In Progress → Completed, or No-show once it has started, with the time recorded (the desk: admin, manager or receptionist; the assigned therapist may start and complete)',
        params: idParamsSchema,
        body: checkInBodySchema,
        response: { 200: appointmentSchema, ...errorResponses },
      },
    },
    async (request) =>
      present(request, await checkIn(context, request.params.id, request.body.status, currentUser(request))),
  );

  app.put<IdParams>(
    '/appointments/:id/cancel',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary:
          'Cancel: a customer their own, up to the cancellation notice (default 4 hours) before it; an admin any',
        params: idParamsSchema,
        response: { 200: appointmentSchema, ...errorResponses },
      },
    },
    async (request) =>
      present(request, await cancelByRequest(context, request.params.id, currentUser(request))),
  );

  app.put<IdParams & { Body: { appointmentDateTime: string; roomId?: string } }>(
    '/appointments/:id/reschedule',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary:
          'Move to another start (same treatment and room type, same price): a customer their own within the notice; the desk any, into a chosen room of the type',
        params: idParamsSchema,
        body: rescheduleBodySchema,
        response: { 200: appointmentSchema, ...errorResponses },
      },
    },
    async (request) =>
      present(
        request,
        await rescheduleAppointment(
          context,
          request.params.id,
          request.body.appointmentDateTime,
          currentUser(request),
          { roomId: request.body.roomId },
        ),
      ),
  );
}
