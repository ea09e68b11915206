import { errorResponseSchema } from '@spa/kit';
import { MAX_REPORT_DAYS } from '../domain/reports.js';

/**
 * GET /admin/reports. Money in rupees (numbers with at most 2 decimals; summed in integer paise),
 * minutes as whole numbers, shares and rates 0..1 with 3 decimals. Days are business days in
 * Asia/Kolkata (YYYY-MM-DD).
 */

const day = { type: 'string', format: 'date', description: 'YYYY-MM-DD (Asia/Kolkata)' } as const;
const money = (description: string) => ({ type: 'number', description }) as const;
const count = (description: string) => ({ type: 'integer', minimum: 0, description }) as const;
const share = (description: string) => ({ type: 'number', minimum: 0, maximum: 1, description }) as const;

export const reportQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: {
      type: 'string',
      maxLength: 40,
      description: `First day, YYYY-MM-DD; default 29 days before \`to\` (${MAX_REPORT_DAYS} days at most)`,
    },
    to: { type: 'string', maxLength: 40, description: 'Last day, YYYY-MM-DD; default today in Asia/Kolkata' },
  },
} as const;

const object = (properties: Record<string, object>, description?: string) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  ...(description ? { description } : {}),
});

const roomUse = object({
  roomId: { type: 'string' },
  roomNumber: { type: 'string' },
  type: { type: 'string', description: 'Silver, Gold or Diamond' },
  bookedMinutes: count('Minutes of appointments not cancelled in this room inside the range'),
  availableMinutes: count('openMinutesPerDay × days in the range'),
  share: share('bookedMinutes / availableMinutes, 3 decimals'),
});

const therapistUse = object({
  employeeId: { type: 'string' },
  name: { type: 'string' },
  bookedMinutes: count('Minutes of appointments not cancelled with this employee inside the range'),
  availableMinutes: count('openMinutesPerDay × days in the range'),
  share: share('bookedMinutes / availableMinutes, 3 decimals'),
});

export const reportSchema = object({
  from: day,
  to: day,
  timeZone: { type: 'string', description: 'Asia/Kolkata: the zone of every day here' },
  revenueByDay: {
    type: 'array',
    description: 'Every day of the range, zeros included',
    items: object({
      date: day,
      appointments: money(
        'Completed appointments starting that day that no counter sale checked out: their total price',
      ),
      orders: money('Orders counted that day (paid online, or delivered cash on delivery) less refunds'),
      bills: money('Bills dated that day: their totals'),
      sales: money(
        'Counter sales completed that day (treatments, products, add-ons; tips excluded) less counter refunds made that day',
      ),
      total: money('appointments + orders + bills + sales'),
      tips: money('Tips collected at the counter that day, less tips refunded: not revenue, not in total'),
    }),
  },
  byTreatment: {
    type: 'array',
    description:
      'Treatments, revenue first: completed appointments no counter sale checked out (by start day) and the treatment lines of counter sales (by the sale’s day, less refunds by the refund’s day)',
    items: object({
      serviceId: { type: 'string' },
      name: { type: 'string' },
      appointments: count('Completed appointments and treatments sold at the counter'),
      revenue: money('Their total price; for a counter sale what was paid, less refunds'),
    }),
  },
  byProduct: {
    type: 'array',
    description:
      'Lines of the orders counted as revenue in the range and product lines of counter sales, revenue first',
    items: object({
      productId: { type: 'string' },
      name: { type: 'string' },
      units: count('Units sold'),
      revenue: money('Their line totals; counter refunds of them in the range taken off'),
    }),
  },
  byEmployee: {
    type: 'array',
    description:
      "Every employee, and anyone with figures in the range: their treatments (as byTreatment counts them), the bills they issued and the tips they were given ('' is Unassigned)",
    items: object({
      employeeId: { type: 'string' },
      name: { type: 'string' },
      appointments: count('Completed appointments and treatments sold at the counter'),
      appointmentRevenue: money('Their total price; for a counter sale what was paid, less refunds'),
      bills: count('Bills issued (by bill date)'),
      billRevenue: money('Their totals'),
      tips: money('Tips given to them at the counter, less tips refunded: not revenue'),
    }),
  },
  utilisation: object({
    openMinutesPerDay: count('BUSINESS_CLOSES − BUSINESS_OPENS'),
    rooms: { type: 'array', items: roomUse },
    therapists: { type: 'array', items: therapistUse },
  }),
  noShows: object({
    total: count('No-shows starting in the range'),
    completed: count('Completed appointments starting in the range'),
    rate: share('total / (total + completed), 3 decimals; 0 when there were neither'),
    byDay: {
      type: 'array',
      description: 'Every day of the range, zeros included',
      items: object({ date: day, count: count('No-shows starting that day') }),
    },
  }),
});

export const reportErrorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
} as const;
