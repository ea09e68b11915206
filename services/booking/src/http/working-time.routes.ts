import {
  currentUser,
  pageRequest,
  pagingQueryProperties,
  requireAuth,
  requireRole,
  setPageHeaders,
  strictObject,
} from '@spa/kit';
import { clock24Text } from '@spa/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppointmentView } from '../domain/appointment-view.js';
import { minuteOfClock } from '../domain/special-days.js';
import { TIME_OFF_STATUSES, WEEKDAYS, type DayHours, type TimeOffStatus } from '../domain/working-time.js';
import type { TimeOffRow } from '../db/schema.js';
import { nowOf, type BookingContext } from '../use-cases/context.js';
import {
  decideTimeOff,
  requestTimeOff,
  scheduleOf,
  schedules,
  setWeeklyHours,
  TIME_OFF_FOR_EMPLOYEES,
  timeOffRequests,
  withdrawTimeOff,
  type ScheduleView,
  type TimeOffRequest,
} from '../use-cases/manage-working-time.js';
import { errorResponses, strandedAppointmentsSchema } from './appointments.schemas.js';
import { employeeOnly } from './guards.js';
import { presentAppointment } from './presenters.js';

const tags = ['staff schedules'];
const security = [{ bearer: [] }];
const adminOnly = requireRole('admin');
const DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const CLOCK = '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$';

const dayHoursSchema = {
  type: ['object', 'null'],
  required: ['opens', 'closes'],
  additionalProperties: false,
  properties: { opens: { type: 'string', pattern: CLOCK }, closes: { type: 'string', pattern: CLOCK } },
} as const;

const scheduleSchema = {
  type: 'object',
  required: ['employeeId', 'name', 'employeeRole', 'shift', 'usesShift', 'days'],
  properties: {
    employeeId: { type: 'string' },
    name: { type: 'string' },
    employeeRole: { type: 'string' },
    shift: { type: 'string' },
    usesShift: { type: 'boolean', description: 'No weekly hours of their own: their shift every day' },
    days: {
      type: 'array',
      description: 'Sunday first: what they work each weekday ({ day, opens, closes } or { day, off: true })',
      items: {
        type: 'object',
        properties: {
          day: { type: 'string' },
          off: { type: 'boolean' },
          opens: { type: 'string' },
          closes: { type: 'string' },
        },
      },
    },
  },
} as const;

const timeOffSchema = {
  type: 'object',
  required: ['id', 'employeeId', 'employeeName', 'firstDate', 'lastDate', 'reason', 'status'],
  properties: {
    id: { type: 'string' },
    employeeId: { type: 'string' },
    employeeName: { type: 'string' },
    firstDate: { type: 'string' },
    lastDate: { type: 'string' },
    reason: { type: 'string' },
    status: { type: 'string', enum: [...TIME_OFF_STATUSES] },
    requestedAt: { type: 'string', format: 'date-time' },
    decidedAt: { type: ['string', 'null'], format: 'date-time' },
    decisionNote: { type: ['string', 'null'] },
  },
} as const;

const strandedSchema = strandedAppointmentsSchema(
  'Open appointments assigned to the employee that their working time no longer holds: to reassign',
);

const employeeParams = {
  type: 'object',
  required: ['employeeId'],
  additionalProperties: false,
  properties: { employeeId: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;
const idParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const presentSchedule = ({ employee, weekly, effective }: ScheduleView) => ({
  employeeId: employee.id,
  name: employee.name,
  employeeRole: employee.employeeRole,
  shift: employee.shift,
  usesShift: !weekly,
  days: effective.map((hours, index) =>
    hours
      ? { day: WEEKDAYS[index], opens: clock24Text(hours.startMinute), closes: clock24Text(hours.endMinute) }
      : { day: WEEKDAYS[index], off: true },
  ),
});

const presentTimeOff = (row: TimeOffRow) => ({
  id: row.id,
  employeeId: row.employeeId,
  employeeName: row.employeeName,
  firstDate: row.firstDate,
  lastDate: row.lastDate,
  reason: row.reason,
  status: row.status,
  requestedAt: row.requestedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  decisionNote: row.decisionNote,
});

/** Staff schedules and time off. */
export function workingTimeRoutes(app: FastifyInstance, context: BookingContext): void {
  const presentStranded = (request: FastifyRequest, views: AppointmentView[]) =>
    views.map((view) =>
      presentAppointment(view, {
        viewer: currentUser(request),
        now: nowOf(context),
        rules: context.config.rules,
      }),
    );

  app.get(
    '/appointments/schedules',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        summary: "Every employee's working hours, by name (admin)",
        response: {
          200: {
            type: 'object',
            required: ['schedules'],
            properties: { schedules: { type: 'array', items: scheduleSchema } },
          },
          ...errorResponses,
        },
      },
    },
    async () => ({ schedules: (await schedules(context)).map(presentSchedule) }),
  );

  app.get<{ Params: { employeeId: string } }>(
    '/appointments/schedules/:employeeId',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: "An employee's working hours (the admin, or that employee)",
        params: employeeParams,
        response: { 200: scheduleSchema, ...errorResponses },
      },
    },
    async (request) =>
      presentSchedule(await scheduleOf(context, request.params.employeeId, currentUser(request))),
  );

  app.put<{
    Params: { employeeId: string };
    Body: { days: Array<{ opens: string; closes: string } | null> | null };
  }>(
    '/appointments/schedules/:employeeId',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        summary: "Set an employee's weekly hours, or null for their shift's every day (admin)",
        description:
          'Seven entries, Sunday first: { opens, closes } (24-hour local) or null for a day off. Answers the ' +
          'open appointments assigned to them that the new hours strand, to reassign; none is changed.',
        params: employeeParams,
        body: strictObject(
          { days: { type: ['array', 'null'], minItems: 7, maxItems: 7, items: dayHoursSchema } },
          ['days'],
        ),
        response: {
          200: {
            type: 'object',
            required: ['schedule', 'stranded'],
            properties: { schedule: scheduleSchema, stranded: strandedSchema },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const weekly = request.body.days?.map((day): DayHours | null =>
        day ? { startMinute: minuteOfClock(day.opens), endMinute: minuteOfClock(day.closes) } : null,
      );
      const { schedule, stranded } = await setWeeklyHours(
        context,
        request.params.employeeId,
        weekly ?? null,
        currentUser(request),
      );
      return { schedule: presentSchedule(schedule), stranded: presentStranded(request, stranded) };
    },
  );

  app.get<{
    Querystring: {
      status?: TimeOffStatus;
      employeeId?: string;
      current?: boolean;
      page?: number;
      pageSize?: number;
    };
  }>(
    '/appointments/time-off',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Time off requests: an admin sees all, an employee their own; open ones first',
        querystring: strictObject({
          status: { type: 'string', enum: [...TIME_OFF_STATUSES] },
          employeeId: { type: 'string', minLength: 1, maxLength: 100 },
          current: { type: 'boolean', description: 'Only those not over yet' },
          ...pagingQueryProperties(),
        }),
        response: {
          200: {
            type: 'object',
            required: ['requests', 'total'],
            properties: { requests: { type: 'array', items: timeOffSchema }, total: { type: 'integer' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const { requests, total } = await timeOffRequests(
        context,
        { ...request.query, page: page.number, pageSize: page.size },
        currentUser(request),
      );
      setPageHeaders(reply, page, total);
      return { requests: requests.map(presentTimeOff), total };
    },
  );

  app.post<{ Body: TimeOffRequest }>(
    '/appointments/time-off',
    {
      preValidation: employeeOnly(TIME_OFF_FOR_EMPLOYEES),
      schema: {
        tags,
        security,
        summary: 'Ask for time off (an employee, for themselves); an admin approves or declines it',
        body: strictObject(
          {
            firstDate: { type: 'string', pattern: DATE },
            lastDate: { type: 'string', pattern: DATE },
            reason: { type: 'string', minLength: 1, maxLength: 200 },
          },
          ['firstDate', 'lastDate', 'reason'],
        ),
        response: { 201: timeOffSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(presentTimeOff(await requestTimeOff(context, request.body, currentUser(request)))),
  );

  app.put<{ Params: { id: string }; Body: { decision: 'approved' | 'declined'; note?: string } }>(
    '/appointments/time-off/:id/decision',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Approve or decline a time off request (admin)',
        description: "An approval answers the employee's open appointments on those days, to reassign.",
        params: idParams,
        body: strictObject(
          {
            decision: { type: 'string', enum: ['approved', 'declined'] },
            note: { type: 'string', maxLength: 200 },
          },
          ['decision'],
        ),
        response: {
          200: {
            type: 'object',
            required: ['timeOff', 'stranded'],
            properties: { timeOff: timeOffSchema, stranded: strandedSchema },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { timeOff, stranded } = await decideTimeOff(
        context,
        request.params.id,
        request.body.decision,
        request.body.note,
        currentUser(request),
      );
      return { timeOff: presentTimeOff(timeOff), stranded: presentStranded(request, stranded) };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/appointments/time-off/:id/withdraw',
    {
      preValidation: requireAuth,
      schema: {
        tags,
        security,
        summary: 'Withdraw your own time off request (asked for or approved, not yet over)',
        params: idParams,
        response: { 200: timeOffSchema, ...errorResponses },
      },
    },
    async (request) =>
      presentTimeOff(await withdrawTimeOff(context, request.params.id, currentUser(request))),
  );
}
