import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinStateCode, isValidGstin } from './gstin.js';

describe('GSTIN', () => {
  it('accepts GSTINs whose check character matches', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('23ABCDE1234F1Z8')).toBe(true);
    expect(gstinCheckCharacter('23ABCDE1234F1Z')).toBe('8');
  });

  it.each(['23ABCDE1234F1Z5', '23abcde1234f1z8', '99ABCDE1234F1Z8', '23ABCDE1234F1Y8', '23ABCDE1234F1Z', ''])(
    'refuses %j',
    (gstin) => {
      expect(isValidGstin(gstin)).toBe(false);
    },
  );

  it('reads the state code (23 is Madhya Pradesh)', () => {
    expect(gstinStateCode('23ABCDE1234F1Z8')).toBe('23');
  });
});
