import { randomUUID } from 'node:crypto';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError, notFound, type Queryable } from '@spa/kit';
import { events, type commerceV1 } from '@spa/proto';
import {
  findMovementByKey,
  findOpenShift,
  findShift,
  insertMovement,
  insertOpenShift,
  lockShift,
  markShiftClosed,
  movementsOf,
  movementSum,
  refundFigures,
  salesFigures,
  shiftsOpenedBetween,
  tenderFigures,
  type Movement,
  type Shift,
} from '../db/drawer.repository.js';
import {
  assertOpeningFloat,
  closeDrawer,
  expectedCash,
  kolkataDay,
  kolkataDayBounds,
  signedMovement,
  zFigures,
  type ManualMovementInput,
  type ZFigures,
} from '../domain/drawer.js';
import type { CommerceContext } from './context.js';

/** Who is at the desk: the signed-in staff member. */
export interface Actor {
  id: string;
  name: string;
}

/** A shift as the desk sees it: its movements, and the cash expected now (as closed, once closed). */
export interface ShiftView extends Shift {
  expectedCashPaise: number;
  movements: Movement[];
}

/** The longest range of days one list of shifts covers. */
const MAX_LIST_DAYS = 92;
/** The single-spa deployment's one drawer (branches would pass theirs). */
const BRANCH: string | null = null;

const drawerClosed = () =>
  new AppError(409, 'DRAWER_CLOSED', 'This drawer shift is closed: a closed shift never changes');

async function viewsOf(db: Queryable, shifts: readonly Shift[]): Promise<ShiftView[]> {
  const movements = await movementsOf(
    db,
    shifts.map((shift) => shift.id),
  );
  return shifts.map((shift) => {
    const own = movements.filter((movement) => movement.shiftId === shift.id);
    return { ...shift, expectedCashPaise: shift.expectedCashPaise ?? expectedCash(own), movements: own };
  });
}

async function viewOf(db: Queryable, shift: Shift): Promise<ShiftView> {
  return (await viewsOf(db, [shift]))[0]!;
}

function shiftMessage(
  shift: Shift,
  expectedCashPaise: number,
): MessageInitShape<typeof commerceV1.DrawerShiftSchema> {
  return {
    shiftId: shift.id,
    status: shift.status,
    openingFloatPaise: BigInt(shift.openingFloatPaise),
    expectedCashPaise: BigInt(expectedCashPaise),
    countedCashPaise: BigInt(shift.countedCashPaise ?? 0),
    differencePaise: BigInt(shift.differencePaise ?? 0),
    openedById: shift.openedById,
    openedByName: shift.openedByName,
    closedById: shift.closedById ?? '',
    closedByName: shift.closedByName ?? '',
    openedAt: timestampFromDate(shift.openedAt),
    ...(shift.closedAt ? { closedAt: timestampFromDate(shift.closedAt) } : {}),
    closeNote: shift.closeNote,
    branchId: shift.branchId ?? '',
  };
}

export async function currentShift(deps: CommerceContext): Promise<ShiftView | null> {
  const shift = await findOpenShift(deps.db, BRANCH);
  return shift ? viewOf(deps.db, shift) : null;
}

export async function getShift(deps: CommerceContext, id: string): Promise<ShiftView> {
  const shift = await findShift(deps.db, id);
  if (!shift) throw notFound('Drawer shift not found');
  return viewOf(deps.db, shift);
}

/**
 * Opens the drawer with its float, which is the shift's first movement. One shift is open at a time:
 * the unique index decides between two desks opening at once, and the loser is told which shift is open.
 */
export async function openShift(
  deps: CommerceContext,
  actor: Actor,
  openingFloatPaise: number,
): Promise<ShiftView> {
  assertOpeningFloat(openingFloatPaise);
  const shift = await deps.db.transaction(async (tx) => {
    const openedAt = new Date();
    const opened = await insertOpenShift(tx, {
      id: randomUUID(),
      branchId: BRANCH,
      openingFloatPaise,
      openedById: actor.id,
      openedByName: actor.name,
      openedAt,
    });
    if (!opened) {
      const open = await findOpenShift(tx, BRANCH);
      throw new AppError(
        409,
        'DRAWER_OPEN',
        `A drawer shift is open already (opened by ${open?.openedByName ?? 'someone'}): close it before opening another`,
        [{ shiftId: open?.id ?? null }],
      );
    }
    await insertMovement(tx, {
      id: randomUUID(),
      shiftId: opened.id,
      kind: 'float',
      amountPaise: openingFloatPaise,
      reason: 'Opening float',
      employeeId: null,
      idempotencyKey: null,
      recordedById: actor.id,
      recordedAt: openedAt,
    });
    await deps.publish(tx, events.drawerShiftOpened, opened.id, {
      shift: shiftMessage(opened, openingFloatPaise),
    });
    return opened;
  });
  return viewOf(deps.db, shift);
}

const sameMovement = (movement: Movement, input: ManualMovementInput) =>
  movement.kind === input.kind &&
  Math.abs(movement.amountPaise) === input.amountPaise &&
  movement.reason === input.reason.trim() &&
  (movement.employeeId ?? null) === (input.employeeId ?? null);

/**
 * Cash in, cash out or a tip paid out, into an open shift, once per idempotency key: a retry of the same
 * movement answers the shift as it is (created false), even after the shift closed; the same key for a
 * different movement is refused. The shift's row lock makes movements and the close take turns, so
 * the cash checked against is the cash there.
 */
export async function recordMovement(
  deps: CommerceContext,
  actor: Actor,
  shiftId: string,
  input: ManualMovementInput,
  idempotencyKey: string,
): Promise<{ shift: ShiftView; created: boolean }> {
  const key = `drawer:${shiftId}:${idempotencyKey}`;
  const created = await deps.db.transaction(async (tx) => {
    const shift = await lockShift(tx, shiftId);
    if (!shift) throw notFound('Drawer shift not found');
    const earlier = await findMovementByKey(tx, key);
    if (earlier) {
      if (!sameMovement(earlier, input))
        throw new AppError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used for a different movement: send a new key for a new movement',
        );
      return false;
    }
    if (shift.status !== 'open') throw drawerClosed();
    const amountPaise = signedMovement(input, await movementSum(tx, shift.id));
    const movement = (await insertMovement(tx, {
      id: randomUUID(),
      shiftId: shift.id,
      kind: input.kind,
      amountPaise,
      reason: input.reason.trim(),
      employeeId: input.employeeId ?? null,
      idempotencyKey: key,
      recordedById: actor.id,
    }))!;
    await deps.publish(tx, events.drawerCashMoved, shift.id, {
      movementId: movement.id,
      shiftId: shift.id,
      kind: movement.kind,
      amountPaise: BigInt(movement.amountPaise),
      reason: movement.reason,
      employeeId: movement.employeeId ?? '',
      recordedById: movement.recordedById,
      recordedAt: timestampFromDate(movement.recordedAt),
    });
    return true;
  });
  return { shift: await getShift(deps, shiftId), created };
}

/**
 * Closes a shift against the cash counted: expected is the sum of its movements at that moment (under
 * the shift's lock), the difference is recorded, and a difference needs a note. Closing it again with
 * the same count and note (a double click) answers it as closed; anything else is refused.
 */
export async function closeShift(
  deps: CommerceContext,
  actor: Actor,
  shiftId: string,
  request: { countedCashPaise: number; note: string },
): Promise<ShiftView> {
  const shift = await deps.db.transaction(async (tx) => {
    const shift = await lockShift(tx, shiftId);
    if (!shift) throw notFound('Drawer shift not found');
    if (shift.status !== 'open') {
      if (shift.countedCashPaise === request.countedCashPaise && shift.closeNote === request.note.trim())
        return shift;
      throw drawerClosed();
    }
    const closing = closeDrawer(await movementSum(tx, shift.id), request.countedCashPaise, request.note);
    const closed = (await markShiftClosed(tx, shift.id, {
      ...closing,
      closedById: actor.id,
      closedByName: actor.name,
      closedAt: new Date(),
    }))!;
    await deps.publish(tx, events.drawerShiftClosed, closed.id, {
      shift: shiftMessage(closed, closing.expectedCashPaise),
    });
    return closed;
  });
  return viewOf(deps.db, shift);
}

function dayBounds(day: string, field: string) {
  const bounds = kolkataDayBounds(day);
  if (!bounds) {
    const message = `${field} must be a date YYYY-MM-DD`;
    throw new AppError(400, 'VALIDATION_FAILED', message, [{ field, message }]);
  }
  return bounds;
}

/** Shifts opened from `from` to `to` (Asia/Kolkata days, both included; default the last 7 days), newest first. */
export async function listShifts(
  deps: CommerceContext,
  range: { from?: string; to?: string },
  now = new Date(),
): Promise<ShiftView[]> {
  const to = dayBounds(range.to ?? kolkataDay(now), 'to');
  const from = range.from
    ? dayBounds(range.from, 'from')
    : { start: new Date(to.start.getTime() - 6 * 86_400_000) };
  const days = Math.round((to.end.getTime() - from.start.getTime()) / 86_400_000);
  if (days < 1)
    throw new AppError(400, 'VALIDATION_FAILED', '`from` must not be after `to`', [
      { field: 'from', message: '`from` must not be after `to`' },
    ]);
  if (days > MAX_LIST_DAYS)
    throw new AppError(400, 'VALIDATION_FAILED', `A list of shifts covers at most ${MAX_LIST_DAYS} days`, [
      { field: 'from', message: `At most ${MAX_LIST_DAYS} days` },
    ]);
  return viewsOf(deps.db, await shiftsOpenedBetween(deps.db, from.start, to.end, BRANCH));
}

async function figuresOf(deps: CommerceContext, shifts: readonly ShiftView[], from: Date, to: Date) {
  const [sales, tenders, refunds] = await Promise.all([
    salesFigures(deps.db, from, to),
    tenderFigures(deps.db, from, to),
    refundFigures(deps.db, from, to),
  ]);
  return zFigures(shifts, sales, tenders, refunds);
}

/**
 * A shift's Z report: the drawer's own figures, and the sales, tenders and refunds made while it was
 * open (from its opening to its close, or to now for an open shift, which makes this its X report).
 */
export async function shiftZReport(
  deps: CommerceContext,
  shiftId: string,
  now = new Date(),
): Promise<{ shift: ShiftView } & ZFigures> {
  const shift = await getShift(deps, shiftId);
  return { shift, ...(await figuresOf(deps, [shift], shift.openedAt, shift.closedAt ?? now)) };
}

/**
 * A day's Z report (Asia/Kolkata): the drawer figures of the shifts opened that day, and the sales,
 * tenders and refunds of the calendar day, so money taken with no drawer open (a card sale) is in it too.
 */
export async function dayZReport(
  deps: CommerceContext,
  date: string,
): Promise<{ date: string; timeZone: string; shifts: ShiftView[] } & ZFigures> {
  const { start, end } = dayBounds(date, 'date');
  const shifts = (await viewsOf(deps.db, await shiftsOpenedBetween(deps.db, start, end, BRANCH))).reverse();
  return { date, timeZone: 'Asia/Kolkata', shifts, ...(await figuresOf(deps, shifts, start, end)) };
}
