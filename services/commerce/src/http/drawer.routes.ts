import { AppError, currentUser, requireRole } from '@spa/kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CommerceContext } from '../use-cases/context.js';
import type { ManualMovementInput } from '../domain/drawer.js';
import {
  closeShift,
  currentShift,
  dayZReport,
  getShift,
  listShifts,
  openShift,
  recordMovement,
  shiftZReport,
  type ShiftView,
} from '../use-cases/drawer.js';
import {
  closeShiftBody,
  currentShiftSchema,
  dayReportQuery,
  dayZReportSchema,
  listShiftsQuery,
  movementBody,
  openShiftBody,
  shiftListSchema,
  shiftParams,
  shiftSchema,
  shiftZReportSchema,
} from './drawer.schemas.js';
import { bearer, errors } from './schemas.js';

const tags = ['drawer'];
/** The counter is the staff's: admins and employees; a customer is refused (403). */
const staffOnly = requireRole('admin', 'employee');
const iso = (date: Date | null) => (date ? date.toISOString() : null);

function presentShift(shift: ShiftView) {
  return {
    id: shift.id,
    status: shift.status,
    openingFloatPaise: shift.openingFloatPaise,
    expectedCashPaise: shift.expectedCashPaise,
    countedCashPaise: shift.countedCashPaise,
    differencePaise: shift.differencePaise,
    closeNote: shift.closeNote,
    openedByName: shift.openedByName,
    closedByName: shift.closedByName,
    openedAt: shift.openedAt.toISOString(),
    closedAt: iso(shift.closedAt),
    movements: shift.movements.map((movement) => ({
      id: movement.id,
      kind: movement.kind,
      amountPaise: movement.amountPaise,
      reason: movement.reason,
      employeeId: movement.employeeId,
      saleId: movement.saleId,
      recordedAt: movement.recordedAt.toISOString(),
    })),
  };
}

/** A movement moves money: without a key a retried request would move it twice. */
function requiredIdempotencyKey(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.trim() : '';
  if (key.length === 0 || key.length > 200) {
    const message = 'Send an Idempotency-Key header of 1 to 200 characters, new for each movement';
    throw new AppError(400, 'VALIDATION_FAILED', message, [{ field: 'Idempotency-Key', message }]);
  }
  return key;
}

const actorOf = (request: FastifyRequest) => {
  const user = currentUser(request);
  return { id: user.id, name: user.name };
};
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export function drawerRoutes(app: FastifyInstance, deps: CommerceContext): void {
  app.get(
    '/counter/drawer',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'The open drawer shift, with its live expected cash, or null (staff)',
        response: { 200: currentShiftSchema, ...errors },
      },
    },
    async () => {
      const shift = await currentShift(deps);
      return { shift: shift && presentShift(shift) };
    },
  );

  app.post(
    '/counter/drawer/shifts',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Open the drawer with its float (staff)',
        description:
          'One shift is open at a time: 409 DRAWER_OPEN with details `[{ shiftId }]` while one is. The float is the shift’s first movement.',
        body: openShiftBody,
        response: { 201: shiftSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { openingFloatPaise } = request.body as { openingFloatPaise: number };
      const shift = await openShift(deps, actorOf(request), openingFloatPaise);
      return reply.code(201).send(presentShift(shift));
    },
  );

  app.get(
    '/counter/drawer/shifts',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Shifts opened from `from` to `to` (Asia/Kolkata days, at most 92), newest first (staff)',
        querystring: listShiftsQuery,
        response: { 200: shiftListSchema, ...errors },
      },
    },
    async (request) => {
      const shifts = await listShifts(deps, request.query as { from?: string; to?: string });
      return { shifts: shifts.map(presentShift) };
    },
  );

  app.get(
    '/counter/drawer/shifts/:id',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'One drawer shift with its movements (staff)',
        params: shiftParams,
        response: { 200: shiftSchema, ...errors },
      },
    },
    async (request) => presentShift(await getShift(deps, idOf(request))),
  );

  app.post(
    '/counter/drawer/shifts/:id/movements',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security: bearer,
        summary:
          'Put cash in, take cash out, or pay a tip out of the drawer (staff; Idempotency-Key required)',
        description:
          'Only into an open shift (409 DRAWER_CLOSED). `reason` is required for in and out, `employeeId` for tip_payout (400). ' +
          'Never more out than the drawer should hold (422 INSUFFICIENT_CASH). The same Idempotency-Key again answers the shift ' +
          'with 200 and moves nothing; used for a different movement, 422 IDEMPOTENCY_KEY_REUSED. 201 with the shift.',
        params: shiftParams,
        body: movementBody,
        response: { 200: shiftSchema, 201: shiftSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = requiredIdempotencyKey(request);
      const body = request.body as {
        kind: ManualMovementInput['kind'];
        amountPaise: number;
        reason?: string;
        employeeId?: string;
      };
      const { shift, created } = await recordMovement(
        deps,
        actorOf(request),
        idOf(request),
        {
          kind: body.kind,
          amountPaise: body.amountPaise,
          reason: body.reason ?? '',
          employeeId: body.employeeId ?? null,
        },
        key,
      );
      return reply.code(created ? 201 : 200).send(presentShift(shift));
    },
  );

  app.post(
    '/counter/drawer/shifts/:id/close',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Close the shift with the cash counted (staff)',
        description:
          'Records the expected cash (the sum of the movements), the count and the difference (counted − expected). ' +
          'A difference needs a `note` (422 CLOSE_NOTE_REQUIRED, details with the figures). A closed shift never changes: ' +
          'closing it again answers it as it is when the count and note are the same, else 409 DRAWER_CLOSED.',
        params: shiftParams,
        body: closeShiftBody,
        response: { 200: shiftSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body as { countedCashPaise: number; note?: string };
      const shift = await closeShift(deps, actorOf(request), idOf(request), {
        countedCashPaise: body.countedCashPaise,
        note: body.note ?? '',
      });
      return presentShift(shift);
    },
  );

  app.get(
    '/counter/drawer/shifts/:id/z-report',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'A shift’s Z report (its X report while it is open) (staff)',
        params: shiftParams,
        response: { 200: shiftZReportSchema, ...errors },
      },
    },
    async (request) => {
      const { shift, ...figures } = await shiftZReport(deps, idOf(request));
      return { shift: presentShift(shift), ...figures };
    },
  );

  app.get(
    '/counter/drawer/z-report',
    {
      preValidation: staffOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'A day’s Z report: the shifts opened that day and the day’s sales (staff)',
        querystring: dayReportQuery,
        response: { 200: dayZReportSchema, ...errors },
      },
    },
    async (request) => {
      const { shifts, ...figures } = await dayZReport(deps, (request.query as { date: string }).date);
      return { ...figures, shifts: shifts.map(presentShift) };
    },
  );
}
