import { errorResponseSchema, pagingQueryProperties, strictObject } from '@spa/kit';
import { userEnvelopeSchema, userSchema } from './user.schemas.js';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));
const security = [{ bearer: [] }];
const idParams = strictObject({ id: { type: 'string', format: 'uuid' } }, ['id']);
const filterText = { type: 'string', maxLength: 200 } as const;

export const listUsersSchema = {
  tags: ['Admin users'],
  summary: 'The user directory (admins only)',
  description:
    'Employee applicants waiting for a decision come first (oldest first), then everyone by name. ' +
    'email and workingLocation match case-insensitive substrings; shift, role and employeeStatus match exactly. Empty values are ignored. ' +
    'Paged: `page` (default 1) and `pageSize` (default 20 with `page`, 100 without; at most 100); ' +
    '`total`, `page` and `pageSize` sit beside `users` (and in X-Total-Count, X-Page, X-Page-Size).',
  security,
  querystring: strictObject({
    email: filterText,
    shift: { type: 'string', enum: ['morning', 'night', ''] },
    workingLocation: filterText,
    role: { type: 'string', enum: ['user', 'employee', 'admin', ''] },
    employeeStatus: { type: 'string', enum: ['applicant', 'approved', 'rejected', ''] },
    ...pagingQueryProperties(),
  }),
  response: {
    200: {
      type: 'object',
      required: ['users'],
      properties: {
        users: { type: 'array', items: userSchema },
        total: { type: 'integer' },
        page: { type: 'integer' },
        pageSize: { type: 'integer' },
      },
    },
    ...errors(400, 401, 403),
  },
} as const;

export const updateUserSchema = {
  tags: ['Admin users'],
  summary: "Set a user's role, employee role, shift, working location and status (admins only)",
  description:
    'For role employee, employeeRole, shift and workingLocation must be set (here or already); for other roles they are cleared. ' +
    'A user who becomes an employee gets the next employee id. The last admin cannot be demoted (409). ' +
    'A role change signs the user out (their tokens carry the old role). ' +
    'An employee applicant cannot be edited until approved or rejected (409).',
  security,
  params: idParams,
  body: strictObject({
    role: { type: 'string', enum: ['user', 'employee', 'admin'] },
    employeeRole: { type: 'string', nullable: true, maxLength: 100 },
    shift: { type: 'string', nullable: true, maxLength: 20, description: 'morning or night' },
    workingLocation: { type: 'string', nullable: true, maxLength: 200 },
    status: { type: 'string', enum: ['free', 'occupied'] },
  }),
  response: { 200: userEnvelopeSchema, ...errors(400, 401, 403, 404, 409) },
} as const;

export const deleteUserSchema = {
  tags: ['Admin users'],
  summary: 'Delete a user (admins only); the last admin cannot be deleted (409)',
  description:
    'An employee assigned to future active appointments is not deleted: 409 HAS_FUTURE_APPOINTMENTS with their ' +
    'number (`details[0].futureAppointments`). With `?releaseFuture=true` booking first returns those appointments ' +
    'to the assignment pool (unassigned), then the employee is deleted; the answer says how many ' +
    '(`releasedAppointments`). A customer with upcoming appointments is likewise a 409 HAS_FUTURE_APPOINTMENTS; with ' +
    '`?cancelFuture=true` the account is deleted and its erasure cancels them (emailed, prepaid ones refunded; ' +
    '`cancelledAppointments`). 503 BOOKING_UNAVAILABLE when booking cannot be asked.',
  security,
  params: idParams,
  querystring: strictObject({
    releaseFuture: {
      type: 'boolean',
      description: "Return the employee's future appointments to the assignment pool, then delete",
    },
    cancelFuture: {
      type: 'boolean',
      description: "Delete the customer's account knowing its upcoming appointments are cancelled",
    },
  }),
  response: {
    200: {
      type: 'object',
      required: ['message'],
      properties: {
        message: { type: 'string' },
        releasedAppointments: { type: 'integer' },
        cancelledAppointments: { type: 'integer' },
      },
    },
    ...errors(400, 401, 403, 404, 409),
  },
} as const;

export const approveApplicantSchema = {
  tags: ['Admin users'],
  summary: 'Approve a self-registered employee (admins only)',
  description:
    'The applicant becomes an employee with the next employee id. Needs a verified email (409 otherwise) and a pending application (409). ' +
    "The user's live tokens are revoked, so the next sign-in carries employee rights; the applicant is emailed.",
  security,
  params: idParams,
  response: { 200: userEnvelopeSchema, ...errors(400, 401, 403, 404, 409) },
} as const;

export const rejectApplicantSchema = {
  tags: ['Admin users'],
  summary: 'Reject a self-registered employee (admins only)',
  description:
    'The account stays a plain customer account (the requested employee fields are dropped). Needs a pending application (409). ' +
    "The user's live tokens are revoked; the applicant is emailed.",
  security,
  params: idParams,
  response: { 200: userEnvelopeSchema, ...errors(400, 401, 403, 404, 409) },
} as const;
