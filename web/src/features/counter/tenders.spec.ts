import { describe, expect, it } from 'vitest';
import type { SaleLine } from './counter.api';
import { checkClose, checkMovement, checkRefund, checkTender, type TenderForm } from './tenders';

const form = (overrides: Partial<TenderForm>): TenderForm => ({
  method: 'cash',
  amount: '',
  cashReceived: '',
  reference: '',
  ...overrides,
});

describe('checkTender', () => {
  it('takes cash with the change due, in paise', () => {
    expect(checkTender(form({ amount: '1180.50', cashReceived: '2000' }), 118_050)).toEqual({
      errors: {},
      changePaise: 81_950,
      input: { method: 'cash', amountPaise: 118_050, cashReceivedPaise: 200_000 },
    });
  });

  it('reads blank cash received as exactly the amount (no change)', () => {
    expect(checkTender(form({ amount: '500' }), 100_000).input).toEqual({
      method: 'cash',
      amountPaise: 50_000,
      cashReceivedPaise: 50_000,
    });
  });

  it('refuses more than the balance, and cash received below the amount', () => {
    expect(checkTender(form({ amount: '1000.01' }), 100_000).errors.amount).toMatch(/balance is ₹1,000.00/);
    const short = checkTender(form({ amount: '500', cashReceived: '499.99' }), 100_000);
    expect(short.errors.cashReceived).toBe('Less than the amount taken');
    expect(short.input).toBeUndefined();
  });

  it("needs the card terminal's reference, and sends a link's amount alone", () => {
    expect(checkTender(form({ method: 'card_terminal', amount: '10' }), 1_000).errors.reference).toBeTruthy();
    expect(
      checkTender(form({ method: 'card_terminal', amount: '10', reference: ' R1 ' }), 1_000).input,
    ).toEqual({
      method: 'card_terminal',
      amountPaise: 1_000,
      reference: 'R1',
    });
    expect(checkTender(form({ method: 'razorpay', amount: '10', cashReceived: '50' }), 1_000).input).toEqual({
      method: 'razorpay',
      amountPaise: 1_000,
    });
  });

  it('refuses a zero amount', () => {
    expect(checkTender(form({ amount: '0' }), 1_000).input).toBeUndefined();
  });
});

describe('checkRefund', () => {
  const lines = [
    { id: 'a', quantity: 2, totalPaise: 1_001 },
    { id: 'b', quantity: 1, totalPaise: 500 },
  ] as SaleLine[];

  it('sends only the lines with a quantity, and estimates their share of the line totals', () => {
    expect(
      checkRefund(
        { quantities: { a: '1', b: '0' }, method: 'cash', reason: ' Damaged ', restock: false },
        { lines },
      ),
    ).toEqual({
      errors: {},
      estimatePaise: 501,
      input: { lines: [{ lineId: 'a', quantity: 1 }], method: 'cash', reason: 'Damaged', restock: false },
    });
  });

  it('refuses more than was sold, nothing chosen, and no reason', () => {
    expect(
      checkRefund({ quantities: { a: '3' }, method: 'cash', reason: 'x', restock: true }, { lines }).errors,
    ).toEqual({
      a: 'From 0 to 2',
    });
    expect(
      checkRefund({ quantities: {}, method: 'cash', reason: '', restock: true }, { lines }).errors,
    ).toEqual({
      lines: 'Choose what is refunded',
      reason: 'Say why the money goes back',
    });
  });
});

describe('checkMovement', () => {
  it('needs the therapist for a tip payout only', () => {
    expect(
      checkMovement({ kind: 'tip_payout', amount: '200', reason: 'Tips', employeeId: '' }).errors,
    ).toEqual({
      employeeId: 'Choose the therapist',
    });
    expect(checkMovement({ kind: 'out', amount: '200', reason: 'Milk', employeeId: 'emp-1' }).input).toEqual({
      kind: 'out',
      amountPaise: 20_000,
      reason: 'Milk',
    });
  });
});

describe('checkClose', () => {
  it('shows the difference live and asks for a note only when the drawer is off', () => {
    expect(checkClose({ counted: '4999.50', note: '' }, 500_000)).toEqual({
      errors: { note: 'Explain the difference before closing' },
      differencePaise: -50,
    });
    expect(checkClose({ counted: '5000', note: '' }, 500_000)).toEqual({
      errors: {},
      differencePaise: 0,
      input: { countedCashPaise: 500_000, note: '' },
    });
  });
});
