import { errorResponseSchema, pageFieldsSchema, pagingQueryProperties, strictObject } from '@spa/kit';
import { ROOM_CAPACITIES, ROOM_TYPES } from '@spa/rules';
import { CHECK_IN_STATUSES } from '../domain/check-in.js';
import {
  APPOINTMENT_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  TIME_RANGES,
} from '../domain/appointment.js';

/**
 * The appointments API (spec section 7). Money is rupees (numbers, at most 2 decimals), times ISO-8601.
 * Bad input is a 400 `{ message, code: 'VALIDATION_FAILED', details: [{ field, message }] }`; a rule
 * of the business a 409 or 422 with its own code (NO_ROOM_AVAILABLE, PRICE_MISMATCH...).
 */

const idText = (description: string) => ({ type: 'string', minLength: 1, maxLength: 100, description });
const money = (description: string) => ({ type: 'number', minimum: 0, maximum: 10_000_000, description });

export const bookingBodySchema = {
  ...strictObject(
    {
      serviceId: idText('The treatment (a catalogue service id)'),
      durationMinutes: {
        type: 'integer',
        minimum: 1,
        maximum: 24 * 60,
        description: "One of the treatment's pricing options, by length",
      },
      pricingOptionId: idText('Optional: the pricing option id, when two options have the same length'),
      price: money("Optional: the duration's price as shown; refused when it is not the server's"),
      roomPrice: money("Optional: the room type's price as shown; refused when it is not the server's"),
      totalPrice: money(
        "The total the customer confirmed; refused with PRICE_MISMATCH when it is not the server's",
      ),
      type: { type: 'string', enum: [...ROOM_TYPES], description: 'The room type' },
      capacity: {
        type: 'string',
        enum: [...ROOM_CAPACITIES],
        description:
          'Optional: the capacity of the room chosen (Single Bed, Double Bed); a room of exactly this type and capacity is booked at its own price',
      },
      appointmentDateTime: {
        type: 'string',
        format: 'date-time',
        description:
          'The start, ISO-8601 with an offset (e.g. 2026-11-21T05:30:00.000Z = 11:00 AM IST); a whole minute in the future, with the treatment inside 9:00 AM to 9:00 PM Asia/Kolkata',
      },
      paymentMethod: { type: 'string', enum: [...PAYMENT_METHODS], description: 'cash or online' },
      customerId: idText(
        'The front desk only: book for this customer (a walk-in or a phone call), paid at the counter (cash)',
      ),
    },
    ['serviceId', 'durationMinutes', 'totalPrice', 'type', 'appointmentDateTime', 'paymentMethod'],
  ),
  description:
    'Book a treatment: the server picks a free room of the type and, where one is free, an employee.',
} as const;

export const statusBodySchema = strictObject(
  { status: { type: 'string', enum: [...APPOINTMENT_STATUSES] } },
  ['status'],
);
export const checkInBodySchema = strictObject(
  {
    status: {
      type: 'string',
      enum: [...CHECK_IN_STATUSES],
      description: 'Arrived, In Progress, Completed, or No-show (once it has started)',
    },
  },
  ['status'],
);
export const paymentStatusBodySchema = strictObject(
  { paymentStatus: { type: 'string', enum: [...PAYMENT_STATUSES] } },
  ['paymentStatus'],
);
export const assignEmployeeBodySchema = strictObject({ employeeId: idText('The employee (a user id)') }, [
  'employeeId',
]);
export const rescheduleBodySchema = strictObject(
  {
    appointmentDateTime: { type: 'string', format: 'date-time', description: 'The new start' },
    roomId: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'The desk only (admin, manager, receptionist): this room of the same type, when free',
    },
  },
  ['appointmentDateTime'],
);
export const idParamsSchema = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 } },
  required: ['id'],
} as const;
export const userIdParamsSchema = {
  type: 'object',
  properties: { userId: { type: 'string', maxLength: 100 } },
  required: ['userId'],
} as const;
export const timeRangeQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    timeRange: {
      type: 'string',
      enum: [...TIME_RANGES],
      default: 'all',
      description: 'upcoming: not over yet (soonest first); past: over (newest first); all (newest first)',
    },
    ...pagingQueryProperties(),
  },
} as const;

// A date or a date-time; which one is checked in the handler, so the message can say so plainly.
const dateOrDateTime = (description: string) => ({ type: 'string', maxLength: 40, description });

export const adminListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: {
      type: 'string',
      maxLength: 200,
      description:
        'Matches the appointment id, customer name or email, treatment, room number or location, employee',
    },
    status: { type: 'string', enum: [...APPOINTMENT_STATUSES] },
    startDate: dateOrDateTime('From this day (YYYY-MM-DD, Asia/Kolkata) or instant'),
    endDate: dateOrDateTime('Up to and including this day (YYYY-MM-DD, Asia/Kolkata), or up to this instant'),
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
  },
} as const;

const nullableString = { type: ['string', 'null'] };

export const appointmentSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string', format: 'uuid' },
    id: { type: 'string', format: 'uuid' },
    appointmentId: { type: 'string', description: 'The human id, e.g. APT-20261121-0042' },
    serviceId: {
      type: 'object',
      properties: {
        _id: { type: 'string' },
        name: { type: 'string' },
        category: { type: 'object', properties: { _id: { type: 'string' }, name: { type: 'string' } } },
        description: { type: 'string' },
        durationMinutes: { type: 'integer', description: 'The booked duration' },
        pricing: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              _id: { type: 'string' },
              duration: { type: 'string' },
              durationMinutes: { type: 'integer' },
              price: { type: 'number' },
              label: { type: 'string' },
            },
          },
        },
      },
    },
    userId: {
      type: 'object',
      properties: {
        _id: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        phone: { type: 'string' },
      },
    },
    employeeId: {
      type: ['object', 'null'],
      description: 'null while no employee is assigned',
      properties: {
        _id: { type: 'string' },
        name: { type: 'string' },
        employeeId: { type: 'string' },
        employeeRole: { type: 'string' },
        workingLocation: { type: 'string' },
      },
    },
    roomId: {
      type: 'object',
      properties: {
        _id: { type: 'string' },
        roomNumber: { type: 'string' },
        type: { type: 'string' },
        location: { type: 'string' },
        capacity: { type: 'string' },
        price: { type: ['number', 'null'], description: "The room's own list price" },
      },
    },
    appointmentDateTime: { type: 'string', format: 'date-time' },
    endDateTime: { type: 'string', format: 'date-time' },
    roomFreeAt: { type: 'string', format: 'date-time', description: 'The end plus the cleanup buffer' },
    durationMinutes: { type: 'integer' },
    durationLabel: { type: 'string' },
    pricingOptionId: { type: 'string' },
    cleanupMinutes: { type: 'integer' },
    timeZone: { type: 'string', description: 'Where times are shown: Asia/Kolkata' },
    status: { type: 'string', enum: [...APPOINTMENT_STATUSES] },
    paymentStatus: { type: 'string', enum: [...PAYMENT_STATUSES] },
    paymentMethod: { type: 'string', enum: [...PAYMENT_METHODS] },
    servicePrice: { type: 'number' },
    roomPrice: { type: 'number', description: "The room type's price (what the booking screen showed)" },
    totalPrice: { type: 'number' },
    paymentHoldExpiresAt: { ...nullableString, description: 'Unpaid online bookings are released then' },
    paidAt: nullableString,
    arrivedAt: { ...nullableString, description: 'When the desk checked the customer in' },
    startedAt: { ...nullableString, description: 'When the treatment began (In Progress)' },
    completedAt: nullableString,
    noShowAt: {
      ...nullableString,
      description: 'When it was marked a no-show (the rest of the slot was freed)',
    },
    canCancel: { type: 'boolean', description: 'Whether the caller may cancel it now' },
    deposit: {
      type: ['object', 'null'],
      description:
        'Online bookings of a treatment with a deposit policy: the deposit paid online, the rest due at the spa, the late-cancellation terms agreed when booking, what cancelling now would keep, and what a cancellation kept. Null when the online payment is the whole price (or it is paid in cash).',
      properties: {
        amount: { type: 'number', description: 'Rupees paid (or to pay) online' },
        balanceDue: { type: 'number', description: 'Rupees due at the spa' },
        lateCancellationHours: { type: 'integer' },
        lateCancellationFeePercent: {
          type: 'integer',
          description: 'Share of the deposit a late cancellation keeps',
        },
        feeIfCancelledNow: {
          type: 'number',
          description: "Rupees the customer's own cancellation now would keep (0: refunded in full)",
        },
        kept: { type: 'number', description: 'Rupees kept when it was cancelled late' },
      },
    },
    checkedOutSaleId: {
      type: ['string', 'null'],
      description: 'The counter sale that checked the visit out; null until one completed',
    },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    history: {
      type: 'array',
      description: 'Who changed what and when (single-appointment answers only)',
      items: {
        type: 'object',
        properties: {
          changedAt: { type: 'string', format: 'date-time' },
          field: {
            type: 'string',
            description: 'booked, status, paymentStatus, employee, schedule or checkout',
          },
          from: nullableString,
          to: nullableString,
          note: nullableString,
          changedBy: {
            type: 'object',
            properties: { id: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
          },
        },
      },
    },
  },
} as const;

/** Cash: the appointment itself. Online: { appointment, totalPrice, razorpayOrderId, amount, currency, keyId }. */
export const bookedSchema = {
  description:
    'Cash: the appointment. Online: { appointment, totalPrice, razorpayOrderId, amount (paise), currency, keyId } for the checkout.',
  type: 'object',
  properties: {
    ...appointmentSchema.properties,
    appointment: appointmentSchema,
    razorpayOrderId: { type: 'string' },
    amount: { type: 'integer', description: 'Paise' },
    currency: { type: 'string' },
    keyId: { type: 'string' },
  },
} as const;

export const appointmentListSchema = {
  type: 'object',
  properties: {
    appointments: { type: 'array', items: appointmentSchema },
    total: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
  },
} as const;

export const adminListSchema = {
  type: 'object',
  properties: {
    appointments: { type: 'array', items: appointmentSchema },
    total: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
  },
} as const;

export const availableEmployeesSchema = {
  type: 'object',
  properties: {
    ...pageFieldsSchema,
    availableEmployees: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          _id: { type: 'string' },
          name: { type: 'string' },
          email: { type: 'string' },
          employeeId: { type: 'string' },
          employeeRole: { type: 'string' },
          workingLocation: { type: 'string' },
          shift: { type: 'string' },
          status: { type: 'string' },
          onShift: {
            type: 'boolean',
            description: "Whether the appointment lies inside the employee's shift",
          },
        },
      },
    },
  },
} as const;

const minuteOfDay = (description: string) => ({ type: 'integer', minimum: 0, maximum: 24 * 60, description });
const clock = (description: string) => ({ type: 'string', pattern: '^[0-9]{2}:[0-9]{2}$', description });

/** GET /appointments/rules: booking's configurable rules, public (the web applies them with @spa/rules). */
export const bookingRulesSchema = {
  type: 'object',
  required: [
    'timeZone',
    'openMinute',
    'closeMinute',
    'opens',
    'closes',
    'cancellationNoticeMinutes',
    'paymentHoldSeconds',
    'maxDaysAhead',
    'maxOnlineHolds',
    'maxFutureCashBookings',
  ],
  properties: {
    timeZone: { type: 'string', description: 'The IANA zone of the business hours (Asia/Kolkata)' },
    openMinute: minuteOfDay('Opening time, minutes after local midnight (540 is 9:00 AM)'),
    closeMinute: minuteOfDay('Closing time, minutes after local midnight; an appointment ends by then'),
    opens: clock('Opening time on a 24-hour clock (09:00)'),
    closes: clock('Closing time on a 24-hour clock (21:00)'),
    cancellationNoticeMinutes: {
      type: 'integer',
      minimum: 0,
      description: 'A customer may cancel an open appointment up to this long before it starts',
    },
    paymentHoldSeconds: {
      type: 'integer',
      minimum: 1,
      description: 'An unpaid online booking holds its time this long, then it is cancelled',
    },
    maxDaysAhead: { type: 'integer', minimum: 1, description: 'How far ahead an appointment may start' },
    maxOnlineHolds: {
      type: 'integer',
      minimum: 1,
      description: 'Online bookings one customer may have waiting for payment at once',
    },
    maxFutureCashBookings: {
      type: 'integer',
      minimum: 1,
      description: 'Cash bookings one customer may have to come at once',
    },
  },
} as const;

export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
} as const;

export const availabilityQuerySchema = {
  type: 'object',
  required: ['serviceId', 'durationMinutes', 'from'],
  additionalProperties: false,
  properties: {
    serviceId: { type: 'string', minLength: 1, maxLength: 64 },
    durationMinutes: { type: 'integer', minimum: 1, maximum: 24 * 60 },
    pricingOptionId: { type: 'string', minLength: 1, maxLength: 64 },
    from: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
    days: { type: 'integer', minimum: 1, maximum: 42, default: 1 },
  },
} as const;

export const availabilitySchema = {
  type: 'object',
  required: ['serviceId', 'durationMinutes', 'stepMinutes', 'timeZone', 'days'],
  properties: {
    serviceId: { type: 'string' },
    durationMinutes: { type: 'integer' },
    stepMinutes: { type: 'integer' },
    timeZone: { type: 'string' },
    days: {
      type: 'array',
      items: {
        type: 'object',
        required: ['date', 'starts'],
        properties: {
          date: { type: 'string', description: 'The local day, YYYY-MM-DD' },
          note: {
            type: 'string',
            description:
              'Only on a closure or a day of special hours: "Closed: Diwali", "Open 12:00 PM – 5:00 PM: Staff training"',
          },
          starts: {
            type: 'array',
            description: 'The bookable starts, in time order; none when nothing is free that day',
            items: {
              type: 'object',
              required: ['start', 'rooms'],
              properties: {
                start: { type: 'string', format: 'date-time' },
                rooms: {
                  type: 'array',
                  description: 'The room choices free at that start, as "Type|Capacity"',
                  items: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

/** Open appointments a change of hours leaves outside them: listed for the desk to act on, never changed. */
export const strandedAppointmentsSchema = (description: string) =>
  ({ type: 'array', description, items: appointmentSchema }) as const;

export const customerSearchQuerySchema = strictObject(
  {
    search: {
      type: 'string',
      maxLength: 100,
      description: 'Two or more letters or digits of a name, phone or email',
    },
  },
  ['search'],
);

export const customerSearchSchema = {
  type: 'object',
  properties: {
    customers: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          email: { type: 'string', description: 'Empty for a customer who gave only a phone' },
          phone: { type: 'string' },
          noShows: { type: 'integer' },
        },
      },
    },
  },
} as const;
