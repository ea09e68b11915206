import { describe, expect, it } from 'vitest';
import { appointmentCode } from './appointment.js';

describe('appointments', () => {
  it('builds readable ids from the local date and a sequence', () => {
    expect(appointmentCode('20261121', 42)).toBe('APT-20261121-0042');
    expect(appointmentCode('20261121', 123_456)).toBe('APT-20261121-123456');
  });
});
