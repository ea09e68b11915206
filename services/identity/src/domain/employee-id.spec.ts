import { describe, expect, it } from 'vitest';
import { formatEmployeeId } from './employee-id.js';

describe('employee ids', () => {
  it.each([
    [1, 'EMP-0001'],
    [7, 'EMP-0007'],
    [42, 'EMP-0042'],
    [9999, 'EMP-9999'],
    [10000, 'EMP-10000'],
  ])('%i is %s', (sequenceNumber, expected) => {
    expect(formatEmployeeId(sequenceNumber)).toBe(expected);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %d', (sequenceNumber) => {
    expect(() => formatEmployeeId(sequenceNumber)).toThrow(RangeError);
  });
});
