import { AppError } from '@spa/kit/errors';
import { describe, expect, it } from 'vitest';
import {
  closeDrawer,
  expectedCash,
  kolkataDay,
  kolkataDayBounds,
  signedMovement,
  zFigures,
  type ShiftFigures,
} from './drawer.js';

const noSales = { count: 0, totalPaise: 0, tipPaise: 0, discountPaise: 0 };
const noTenders = { cash: 0, card_terminal: 0, razorpay: 0, online: 0 };
const noRefunds = { count: 0, totalPaise: 0, cashPaise: 0 };

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return `${error.statusCode} ${error.code}`;
    throw error;
  }
  return undefined;
}

describe('expected cash', () => {
  it('is the sum of the signed movements, float included, so refunds and payouts come off', () => {
    expect(
      expectedCash([
        { amountPaise: 200_000 },
        { amountPaise: 150_050 },
        { amountPaise: -20_000 },
        { amountPaise: -5_000 },
        { amountPaise: -10_000 },
      ]),
    ).toBe(315_050);
    expect(expectedCash([])).toBe(0);
  });
});

describe('a movement the desk records', () => {
  it('stores cash in as positive and cash out and tips paid out as negative', () => {
    expect(signedMovement({ kind: 'in', amountPaise: 5_000, reason: 'Change from the bank' }, 0)).toBe(5_000);
    expect(signedMovement({ kind: 'out', amountPaise: 5_000, reason: 'Milk' }, 10_000)).toBe(-5_000);
    expect(
      signedMovement({ kind: 'tip_payout', amountPaise: 5_000, reason: '', employeeId: 'e1' }, 5_000),
    ).toBe(-5_000);
  });

  it('refuses cash in or out without a reason', () => {
    expect(codeOf(() => signedMovement({ kind: 'in', amountPaise: 100, reason: '  ' }, 0))).toBe(
      '400 VALIDATION_FAILED',
    );
    expect(codeOf(() => signedMovement({ kind: 'out', amountPaise: 100, reason: '' }, 1_000))).toBe(
      '400 VALIDATION_FAILED',
    );
  });

  it('refuses a tip payout that names no therapist', () => {
    expect(codeOf(() => signedMovement({ kind: 'tip_payout', amountPaise: 100, reason: 'tip' }, 1_000))).toBe(
      '400 VALIDATION_FAILED',
    );
  });

  it('refuses zero, fractions, negatives and amounts past the limit', () => {
    for (const amountPaise of [0, -1, 10.5, 100_000_001, Number.NaN])
      expect(
        codeOf(() => signedMovement({ kind: 'in', amountPaise, reason: 'x' }, 0)),
        String(amountPaise),
      ).toBe('400 VALIDATION_FAILED');
  });

  it('refuses to take out more than the drawer should hold, but allows emptying it', () => {
    expect(codeOf(() => signedMovement({ kind: 'out', amountPaise: 10_001, reason: 'Bank' }, 10_000))).toBe(
      '422 INSUFFICIENT_CASH',
    );
    expect(signedMovement({ kind: 'out', amountPaise: 10_000, reason: 'Bank' }, 10_000)).toBe(-10_000);
  });
});

describe('closing a shift', () => {
  it('records the difference as counted − expected (negative when short)', () => {
    expect(closeDrawer(315_050, 314_050, 'A ₹10 note missing')).toEqual({
      expectedCashPaise: 315_050,
      countedCashPaise: 314_050,
      differencePaise: -1_000,
      closeNote: 'A ₹10 note missing',
    });
    expect(closeDrawer(1_000, 1_500, 'Found in the tray').differencePaise).toBe(500);
  });

  it('closes an exact count without a note', () => {
    expect(closeDrawer(315_050, 315_050, '').differencePaise).toBe(0);
  });

  it('refuses a difference without a note saying why', () => {
    expect(codeOf(() => closeDrawer(315_050, 314_050, '   '))).toBe('422 CLOSE_NOTE_REQUIRED');
  });

  it('refuses a count that is negative or not whole paise', () => {
    expect(codeOf(() => closeDrawer(0, -1, 'x'))).toBe('400 VALIDATION_FAILED');
    expect(codeOf(() => closeDrawer(0, 1.5, 'x'))).toBe('400 VALIDATION_FAILED');
  });
});

describe('Asia/Kolkata days', () => {
  it('puts an instant before 05:30 UTC on the Kolkata day it is there', () => {
    expect(kolkataDay(new Date('2026-12-06T18:29:59.999Z'))).toBe('2026-12-06');
    expect(kolkataDay(new Date('2026-12-06T18:30:00.000Z'))).toBe('2026-12-07');
  });

  it('bounds a day from 00:00 to 24:00 IST', () => {
    expect(kolkataDayBounds('2026-12-07')).toEqual({
      start: new Date('2026-12-06T18:30:00.000Z'),
      end: new Date('2026-12-07T18:30:00.000Z'),
    });
  });

  it('knows no 30th of February and no loose formats', () => {
    expect(kolkataDayBounds('2026-02-30')).toBeUndefined();
    expect(kolkataDayBounds('2026-2-3')).toBeUndefined();
    expect(kolkataDayBounds('2026-12-07T00:00')).toBeUndefined();
  });
});

describe('Z report figures', () => {
  const closed: ShiftFigures = {
    status: 'closed',
    openingFloatPaise: 200_000,
    movements: [
      { kind: 'float', amountPaise: 200_000 },
      { kind: 'sale', amountPaise: 150_000 },
      { kind: 'in', amountPaise: 10_000 },
      { kind: 'out', amountPaise: -3_000 },
      { kind: 'tip_payout', amountPaise: -20_000 },
      { kind: 'refund', amountPaise: -7_000 },
    ],
    expectedCashPaise: 330_000,
    countedCashPaise: 329_500,
  };

  it('reports in, out and tips paid out as positive amounts and the float once', () => {
    const figures = zFigures([closed], noSales, noTenders, noRefunds);
    expect(figures.movements).toEqual({ in: 10_000, out: 3_000, tipPayouts: 20_000 });
    expect(figures.openingFloatPaise).toBe(200_000);
    expect(figures.expectedCashPaise).toBe(330_000);
    expect(figures.countedCashPaise).toBe(329_500);
    expect(figures.differencePaise).toBe(-500);
  });

  it('holds a closed shift to the expected cash it was closed against', () => {
    const figures = zFigures([{ ...closed, expectedCashPaise: 331_000 }], noSales, noTenders, noRefunds);
    expect(figures.expectedCashPaise).toBe(331_000);
    expect(figures.differencePaise).toBe(-1_500);
  });

  it('shows an open shift’s live expected cash and no count or difference', () => {
    const open: ShiftFigures = {
      status: 'open',
      openingFloatPaise: 50_000,
      movements: [
        { kind: 'float', amountPaise: 50_000 },
        { kind: 'sale', amountPaise: 25_000 },
      ],
      expectedCashPaise: null,
      countedCashPaise: null,
    };
    const figures = zFigures([closed, open], noSales, noTenders, noRefunds);
    expect(figures.openingFloatPaise).toBe(250_000);
    expect(figures.expectedCashPaise).toBe(405_000);
    expect(figures.countedCashPaise).toBeNull();
    expect(figures.differencePaise).toBeNull();
  });

  it('adds a day’s closed shifts, differences included', () => {
    const second: ShiftFigures = {
      ...closed,
      openingFloatPaise: 100_000,
      movements: [{ kind: 'float', amountPaise: 100_000 }],
      expectedCashPaise: 100_000,
      countedCashPaise: 100_200,
    };
    const figures = zFigures([closed, second], noSales, noTenders, noRefunds);
    expect(figures.expectedCashPaise).toBe(430_000);
    expect(figures.countedCashPaise).toBe(429_700);
    expect(figures.differencePaise).toBe(-300);
  });

  it('has no count for a day without shifts', () => {
    const figures = zFigures([], noSales, noTenders, noRefunds);
    expect(figures.expectedCashPaise).toBe(0);
    expect(figures.countedCashPaise).toBeNull();
  });
});
