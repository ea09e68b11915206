import { AppError } from '@spa/kit/errors';

/*
 * The cash drawer's arithmetic. Every rupee that enters or leaves the drawer is a movement (the opening
 * float, cash sales net of change, cash put in or taken out, tips paid out, cash refunds), signed:
 * positive into the drawer, negative out of it. What should be in the drawer is the sum of its
 * movements; the difference at close is what was counted minus that (negative when cash is short).
 */

/** Movements the desk records by hand; the float is written at open, sales and refunds by the sale code. */
export const MANUAL_MOVEMENT_KINDS = ['in', 'out', 'tip_payout'] as const;
type ManualMovementKind = (typeof MANUAL_MOVEMENT_KINDS)[number];
export type MovementKind = 'float' | 'sale' | 'refund' | ManualMovementKind;

/** ₹10 lakh: more than any one desk's drawer holds, so a slip of the keyboard is refused, not recorded. */
export const MAX_DRAWER_PAISE = 100_000_000;

/** India has one time zone, UTC+05:30, and no daylight saving: a day's bounds are a fixed shift. */
const KOLKATA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** ₹1,234.50: how the desk reads an amount in a message. */
const rupees = (paise: number): string =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const expectedCash = (movements: ReadonlyArray<{ amountPaise: number }>): number =>
  movements.reduce((total, movement) => total + movement.amountPaise, 0);

function wholePaise(value: number, field: string, { min }: { min: number }): void {
  if (!Number.isSafeInteger(value) || value < min || value > MAX_DRAWER_PAISE) {
    const message = `${field} must be a whole number of paise from ${min} to ${MAX_DRAWER_PAISE}`;
    throw new AppError(400, 'VALIDATION_FAILED', message, [{ field, message }]);
  }
}

export function assertOpeningFloat(openingFloatPaise: number): void {
  wholePaise(openingFloatPaise, 'openingFloatPaise', { min: 0 });
}

export interface ManualMovementInput {
  kind: ManualMovementKind;
  amountPaise: number;
  reason: string;
  employeeId?: string | null;
}

/**
 * A movement the desk records, checked against the drawer it goes into, answered as the signed amount
 * to store. Cash in and out need a reason (an auditor asks why); a tip paid out needs the therapist;
 * nothing can take out more cash than the drawer should hold.
 */
export function signedMovement(input: ManualMovementInput, drawerCashPaise: number): number {
  wholePaise(input.amountPaise, 'amountPaise', { min: 1 });
  const problems: Array<{ field: string; message: string }> = [];
  if (input.kind !== 'tip_payout' && input.reason.trim() === '')
    problems.push({ field: 'reason', message: 'Say why cash goes in or out of the drawer' });
  if (input.kind === 'tip_payout' && !input.employeeId)
    problems.push({ field: 'employeeId', message: 'A tip is paid out to a therapist: choose who' });
  if (problems.length > 0)
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      problems.map((problem) => problem.message).join('; '),
      problems,
    );
  if (input.kind === 'in') return input.amountPaise;
  if (input.amountPaise > drawerCashPaise)
    throw new AppError(
      422,
      'INSUFFICIENT_CASH',
      `The drawer should hold only ${rupees(drawerCashPaise)}: ${rupees(input.amountPaise)} cannot come out of it`,
      [{ field: 'amountPaise', expectedCashPaise: drawerCashPaise }],
    );
  return -input.amountPaise;
}

export interface Closing {
  expectedCashPaise: number;
  countedCashPaise: number;
  differencePaise: number;
  closeNote: string;
}

/** Closing a shift: the difference is counted − expected; any difference must be explained. */
export function closeDrawer(expectedCashPaise: number, countedCashPaise: number, note: string): Closing {
  wholePaise(countedCashPaise, 'countedCashPaise', { min: 0 });
  const differencePaise = countedCashPaise - expectedCashPaise;
  const closeNote = note.trim();
  if (differencePaise !== 0 && closeNote === '')
    throw new AppError(
      422,
      'CLOSE_NOTE_REQUIRED',
      `The count is ${differencePaise > 0 ? 'over' : 'short'} by ${rupees(Math.abs(differencePaise))}: add a note saying why`,
      [{ field: 'note', expectedCashPaise, countedCashPaise, differencePaise }],
    );
  return { expectedCashPaise, countedCashPaise, differencePaise, closeNote };
}

// ---------------------------------------------------------------- days

/** The Asia/Kolkata day (YYYY-MM-DD) an instant falls on. */
export function kolkataDay(instant: Date): string {
  return new Date(instant.getTime() + KOLKATA_OFFSET_MS).toISOString().slice(0, 10);
}

/** A calendar day in Asia/Kolkata as UTC instants [start, end); undefined for a day that does not exist. */
export function kolkataDayBounds(day: string): { start: Date; end: Date } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, date);
  if (new Date(utcMidnight).toISOString().slice(0, 10) !== day) return undefined;
  const start = new Date(utcMidnight - KOLKATA_OFFSET_MS);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

// ---------------------------------------------------------------- Z report

export interface ShiftFigures {
  status: 'open' | 'closed';
  openingFloatPaise: number;
  /** The shift's movements (signed, the float included). */
  movements: ReadonlyArray<{ kind: MovementKind; amountPaise: number }>;
  /** As recorded at close; null while open. */
  expectedCashPaise: number | null;
  countedCashPaise: number | null;
}

export interface SalesFigures {
  count: number;
  totalPaise: number;
  tipPaise: number;
  discountPaise: number;
}

export interface TenderFigures {
  cash: number;
  card_terminal: number;
  razorpay: number;
  online: number;
}

export interface RefundFigures {
  count: number;
  totalPaise: number;
  cashPaise: number;
}

export interface ZFigures {
  sales: SalesFigures;
  tenders: TenderFigures;
  refunds: RefundFigures;
  /** What was put in, taken out and paid out as tips, each as a positive amount. */
  movements: { in: number; out: number; tipPayouts: number };
  openingFloatPaise: number;
  expectedCashPaise: number;
  /** Null until every shift of the report is closed. */
  countedCashPaise: number | null;
  differencePaise: number | null;
}

/**
 * One shift's, or one day's several shifts', Z figures. A closed shift keeps the expected cash it was
 * closed against (what the cashier was held to); an open one shows what its movements say now. The
 * count and the difference exist only once every shift is closed, so a day still trading never shows
 * a half-counted drawer as a shortage.
 */
export function zFigures(
  shifts: readonly ShiftFigures[],
  sales: SalesFigures,
  tenders: TenderFigures,
  refunds: RefundFigures,
): ZFigures {
  const magnitude = (kind: MovementKind) =>
    shifts.reduce(
      (total, shift) =>
        total +
        shift.movements
          .filter((movement) => movement.kind === kind)
          .reduce((sum, movement) => sum + Math.abs(movement.amountPaise), 0),
      0,
    );
  const expectedCashPaise = shifts.reduce(
    (total, shift) => total + (shift.expectedCashPaise ?? expectedCash(shift.movements)),
    0,
  );
  const allClosed = shifts.length > 0 && shifts.every((shift) => shift.status === 'closed');
  const countedCashPaise = allClosed
    ? shifts.reduce((total, shift) => total + (shift.countedCashPaise ?? 0), 0)
    : null;
  return {
    sales,
    tenders,
    refunds,
    movements: { in: magnitude('in'), out: magnitude('out'), tipPayouts: magnitude('tip_payout') },
    openingFloatPaise: shifts.reduce((total, shift) => total + shift.openingFloatPaise, 0),
    expectedCashPaise,
    countedCashPaise,
    differencePaise: countedCashPaise === null ? null : countedCashPaise - expectedCashPaise,
  };
}
