import { describe, expect, it } from 'vitest';
import { refundAmountProblem } from './refunds.api';

describe('refundAmountProblem', () => {
  it('accepts rupees with up to two decimals, from ₹1 to what is left', () => {
    expect(refundAmountProblem('1', 100)).toBeUndefined();
    expect(refundAmountProblem(' 99.50 ', 100)).toBeUndefined();
    expect(refundAmountProblem('100', 100)).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(refundAmountProblem('', 100)).toBe('Enter an amount in rupees, e.g. 499.50');
    expect(refundAmountProblem('10.005', 100)).toBe('Enter an amount in rupees, e.g. 499.50');
    expect(refundAmountProblem('-5', 100)).toBe('Enter an amount in rupees, e.g. 499.50');
    expect(refundAmountProblem('0.99', 100)).toBe('A refund must be at least ₹1');
    expect(refundAmountProblem('100.01', 100)).toBe('At most ₹100.00 is left to refund');
  });
});
